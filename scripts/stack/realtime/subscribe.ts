// Checks a channel's bindings against the catalog before they receive changes, as Realtime's
// subscription insert (and its realtime.subscription_check_filters trigger) does: some table of
// the publication must match, the claims role must exist, and every filter must name a column the
// role may SELECT with a value of that column's type. The reasons are Realtime's wording, with a
// database error worded as Postgrex's Exception.message gives it.
import pg from 'pg';
import { describeBinding, type Binding } from './bindings.ts';

export const publicationName = 'supabase_realtime';

export type SubscribeCheck = { ok: true } | { ok: false; message: string };

interface TableColumn {
  schema: string;
  table: string;
  name: string | null;
  /** The column's type as regtype text (catalog output, quoted where needed). */
  type: string | null;
  selectable: boolean | null;
}

const castable = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'isdistinct', 'in']);

/** The columns of the binding's published tables; `selectable` is null for no role (the function is strict). */
async function publishedColumns(pool: pg.Pool, binding: Binding, role: string | null): Promise<TableColumn[]> {
  const { rows } = await pool.query<TableColumn>(
    `select p.schemaname as schema, p.tablename as table, a.attname as name, a.atttypid::regtype::text as type,
            has_column_privilege($4::name, a.attrelid, a.attnum, 'SELECT') as selectable
       from pg_publication_tables p
       left join pg_attribute a
         on a.attrelid = format('%I.%I', p.schemaname, p.tablename)::regclass and a.attnum > 0 and not a.attisdropped
      where p.pubname = $1 and ($2 = '*' or p.schemaname = $2) and ($3 = '*' or p.tablename = $3)`,
    [publicationName, binding.schema, binding.schema === '*' ? '*' : binding.table, role],
  );
  return rows;
}

// PostgreSQL's condition names (errcodes.txt, as Postgrex prints them) of what these checks raise.
const conditionNames: Record<string, string> = {
  P0001: 'raise_exception',
  '42704': 'undefined_object',
  '22P02': 'invalid_text_representation',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22009': 'invalid_time_zone_displacement_value',
  '22015': 'interval_field_overflow',
  '22003': 'numeric_value_out_of_range',
  '22001': 'string_data_right_truncation',
  '22026': 'string_data_length_mismatch',
  '22021': 'character_not_in_repertoire',
  '22P05': 'untranslatable_character',
  '22023': 'invalid_parameter_value',
  '22018': 'invalid_character_value_for_cast',
  '22025': 'invalid_escape_sequence',
  '2202E': 'array_subscript_error',
  '2200M': 'invalid_xml_document',
  '2200N': 'invalid_xml_content',
};

/** Postgrex's Exception.message: `ERROR <sqlstate> (<condition>) <message>`, then table, column, constraint, hint and detail. */
function postgrexMessage(code: string, message: string, error?: pg.DatabaseError): string {
  const metadata = (['table', 'column', 'constraint', 'hint'] as const).flatMap((key) => (error?.[key] ? [`\n    ${key}: ${error[key]}`] : []));
  return `ERROR ${code} (${conditionNames[code] ?? 'unknown'}) ${message}${metadata.length ? `\n${metadata.join('')}` : ''}${error?.detail ? `\n\n${error.detail}` : ''}`;
}

/** The trigger's own `raise exception`. */
const raised = (message: string) => postgrexMessage('P0001', message);

/** Whether `value` reads as the column's type; the type text comes from the catalog, not the client. */
async function castFails(pool: pg.Pool, type: string, value: string, asList: boolean): Promise<string | undefined> {
  try {
    await pool.query(`select $1::text::${type}${asList ? '[]' : ''}`, [asList ? `{${value}}` : value]);
    return undefined;
  } catch (error) {
    if (error instanceof pg.DatabaseError && error.code) return postgrexMessage(error.code, error.message, error);
    throw error;
  }
}

async function checkBinding(pool: pg.Pool, binding: Binding, role: string, roleExists: boolean): Promise<SubscribeCheck> {
  const columns = await publishedColumns(pool, binding, roleExists ? role : null);
  const params = describeBinding(binding);
  // No table matched: the insert adds no row (nothing raised).
  if (columns.length === 0) {
    return { ok: false, message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${params}]` };
  }
  const failed = (reason: string): SubscribeCheck => ({
    ok: false,
    message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${params}]. Exception: ${reason}`,
  });
  // A row was inserted: the trigger asks has_column_privilege of the claims role first.
  if (!roleExists) return failed(postgrexMessage('42704', `role "${role}" does not exist`));
  const tables = new Set(columns.map((c) => `${c.schema}.${c.table}`));
  for (const table of tables) {
    for (const filter of binding.filters) {
      const column = columns.find((c) => `${c.schema}.${c.table}` === table && c.name === filter.column);
      if (!column?.type || !column.selectable) return failed(raised(`invalid column for filter ${filter.column}`));
      if (!castable.has(filter.op)) continue;
      const error = await castFails(pool, column.type, filter.value, filter.op === 'in');
      if (error) return failed(error);
    }
  }
  return { ok: true };
}

/**
 * Realtime inserts the bindings' subscriptions in one transaction, so one that fails fails them
 * all. Its list is built by prepending (cdc_rls.ex subscription_list), so the last binding is
 * tried first and the first failure met is the one reported.
 */
export async function checkBindings(pool: pg.Pool, bindings: Binding[], role: string): Promise<SubscribeCheck> {
  const { rows } = await pool.query<{ exists: boolean }>('select exists(select 1 from pg_roles where rolname = $1) as exists', [role]);
  const roleExists = rows[0]?.exists === true;
  for (const binding of [...bindings].reverse()) {
    const check = await checkBinding(pool, binding, role, roleExists);
    if (!check.ok) return check;
  }
  return { ok: true };
}
