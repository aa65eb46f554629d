// Checks a channel's bindings against the catalog before they receive changes, as Realtime's
// subscription insert (and its realtime.subscription_check_filters trigger) does: the claims role
// must exist, some table of the publication must match, and every filter must name a column the
// role may SELECT with a value of that column's type. The reasons are Realtime's wording.
import type pg from 'pg';
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

async function publishedColumns(pool: pg.Pool, binding: Binding, role: string): Promise<TableColumn[]> {
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

/** Whether `value` reads as the column's type; the type text comes from the catalog, not the client. */
async function castFails(pool: pg.Pool, type: string, value: string, asList: boolean): Promise<string | undefined> {
  try {
    await pool.query(`select $1::text::${type}${asList ? '[]' : ''}`, [asList ? `{${value}}` : value]);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

async function checkBinding(pool: pg.Pool, binding: Binding, role: string): Promise<SubscribeCheck> {
  const columns = await publishedColumns(pool, binding, role);
  const params = describeBinding(binding);
  if (columns.length === 0) {
    return { ok: false, message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${params}]` };
  }
  const failed = (reason: string): SubscribeCheck => ({
    ok: false,
    message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${params}]. Exception: ${reason}`,
  });
  const tables = new Set(columns.map((c) => `${c.schema}.${c.table}`));
  for (const table of tables) {
    for (const filter of binding.filters) {
      const column = columns.find((c) => `${c.schema}.${c.table}` === table && c.name === filter.column);
      if (!column?.type || !column.selectable) return failed(`invalid column for filter ${filter.column}`);
      if (!castable.has(filter.op)) continue;
      const error = await castFails(pool, column.type, filter.value, filter.op === 'in');
      if (error) return failed(error);
    }
  }
  return { ok: true };
}

export async function checkBindings(pool: pg.Pool, bindings: Binding[], role: string): Promise<SubscribeCheck> {
  const { rows } = await pool.query<{ exists: boolean }>('select exists(select 1 from pg_roles where rolname = $1) as exists', [role]);
  if (!rows[0]?.exists) {
    return { ok: false, message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${bindings.map(describeBinding).join('; ')}]. Exception: role "${role}" does not exist` };
  }
  for (const binding of bindings) {
    const check = await checkBinding(pool, binding, role);
    if (!check.ok) return check;
  }
  return { ok: true };
}
