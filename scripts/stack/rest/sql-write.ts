// INSERT (with upsert), UPDATE and DELETE as one statement: the mutation in a CTE, then the
// representation (select list and embeds) read from it. The body is one JSON parameter typed by the
// table's own row type; without representation only `returning 1` is asked, so a role that may
// insert but not read the row is not refused, as with PostgREST.
import type { PlanNode } from './plan.ts';
import { bodySql, nodeQuery, type Shape } from './sql-read.ts';
import { conditionsSql, ident, qualified, type SqlParams } from './sql-fragments.ts';

export type Returning = 'representation' | 'count';

/** Columns the representation reads back: `*`, or only what its select list, embeds and order use. */
function returningSql(root: PlanNode, returning: Returning): string {
  if (returning === 'count') return 'returning 1';
  const alias = ident(root.alias);
  if (root.select.some((s) => s.kind === 'star')) return `returning ${alias}.*`;
  const columns = new Set<string>();
  for (const s of root.select) if (s.kind === 'column') columns.add(s.column);
  for (const e of root.embeds) {
    if (e.rel.computed) return `returning ${alias}.*`;
    for (const c of e.rel.junction ? e.rel.junction.columns.map(([, origin]) => origin) : e.rel.columns) columns.add(c);
  }
  for (const term of root.order) if (term.relation === undefined) columns.add(term.field.name);
  if (!columns.size) return 'returning 1';
  return `returning ${[...columns].map((c) => `${alias}.${ident(c)}`).join(', ')}`;
}

/**
 * The mutation in a CTE and the one result row. `inserted` is the SQL of the number of rows an
 * upsert inserted rather than updated (what tells 201 from 200), null for other writes.
 */
function wrap(root: PlanNode, mutation: string, p: SqlParams, returning: Returning, shape: Shape, inserted = 'null'): string {
  if (returning === 'count') {
    return `with pgrst_source as (${mutation}) select null::int8 as total, count(*)::int8 as page_total, null::text as body, ${inserted}::int8 as inserted from pgrst_source`;
  }
  const page = nodeQuery({ ...root, range: undefined }, p, { source: `pgrst_source as ${ident(root.alias)}`, skipFilters: true });
  return `with pgrst_source as (${mutation}) select null::int8 as total, count(pgrst_row)::int8 as page_total, ${bodySql(shape)} as body, ${inserted}::int8 as inserted from (${page}) pgrst_row`;
}

/**
 * PostgREST's upsert bookkeeping: every row offered for insertion adds one to `pgrst.inserted`,
 * every conflict turned into an update takes one away (both conditions are always true).
 */
const insertedSetting = `nullif(current_setting('pgrst.inserted', true), '')`;
const countInserted = (step: '+' | '-') =>
  `set_config('pgrst.inserted', (coalesce(${insertedSetting}::int, 0) ${step} 1)::text, true) <> '${step === '+' ? '0' : '-1'}'`;

export interface InsertSpec {
  /** The rows as sent (passed to Postgres untouched: big numbers stay exact). */
  rowsJson: string;
  columns: string[];
  /** Prefer: missing=default: a row without one of `columns` gets the column's default, not NULL. */
  missingDefault: boolean;
  onConflict?: { columns: string[]; resolution: 'merge' | 'ignore' };
}

/**
 * The rows to insert, read from the JSON body with the table's own row type. With `Prefer:
 * missing=default`, as PostgREST does, each row is laid over an object of the inserted columns'
 * defaults, evaluated for every row (a sequence advances once per row even where a value is given).
 */
function valuesSql(root: PlanNode, spec: InsertSpec, p: SqlParams, where: string): string {
  const table = qualified(root.schema, root.relation);
  const body = p.add(spec.rowsJson);
  if (!spec.columns.length) return `select from json_array_elements(${body}::json)${where}`;
  const defaults = spec.missingDefault
    ? spec.columns.flatMap((c) => {
        const expression = root.columns.get(c)?.default;
        return expression ? [`${p.add(c)}::text, ${expression}`] : [];
      })
    : [];
  const source = defaults.length
    ? `jsonb_populate_recordset(null::${table}, (select jsonb_agg(jsonb_build_object(${defaults.join(', ')}) || pgrst_elem) from jsonb_array_elements(${body}::jsonb) as pgrst_elem))`
    : `json_populate_recordset(null::${table}, ${body}::json)`;
  return `select ${spec.columns.map(ident).join(', ')} from ${source} as pgrst_body${where}`;
}

export function insertStatement(root: PlanNode, spec: InsertSpec, p: SqlParams, returning: Returning, shape: Shape): string {
  const columns = spec.columns.length ? ` (${spec.columns.map(ident).join(', ')})` : '';
  const merge = spec.onConflict?.resolution === 'merge';
  let conflict = '';
  if (spec.onConflict?.columns.length) {
    const target = spec.onConflict.columns.map(ident).join(', ');
    const updates = spec.columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ');
    conflict = merge && updates
      ? ` on conflict (${target}) do update set ${updates} where ${countInserted('-')}`
      : ` on conflict (${target}) do nothing`;
  }
  const values = valuesSql(root, spec, p, merge ? ` where ${countInserted('+')}` : '');
  const mutation = `insert into ${qualified(root.schema, root.relation)} as ${ident(root.alias)}${columns} ${values}${conflict} ${returningSql(root, returning)}`;
  return wrap(root, mutation, p, returning, shape, merge ? insertedSetting : 'null');
}

export function updateStatement(root: PlanNode, bodyJson: string, columns: string[], p: SqlParams, returning: Returning, shape: Shape): string {
  const alias = ident(root.alias);
  // Nothing to set (`{}`): PostgREST answers an empty result without touching a row.
  if (!columns.length) return wrap(root, `select ${alias}.* from ${qualified(root.schema, root.relation)} as ${alias} where false`, p, returning, shape);
  const conditions = conditionsSql(root, p);
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  const mutation =
    `update ${qualified(root.schema, root.relation)} as ${alias} set ${columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ')}` +
    ` from (select * from json_populate_record(null::${qualified(root.schema, root.relation)}, ${p.add(bodyJson)}::json)) as pgrst_body${where} ${returningSql(root, returning)}`;
  return wrap(root, mutation, p, returning, shape);
}

export function deleteStatement(root: PlanNode, p: SqlParams, returning: Returning, shape: Shape): string {
  const conditions = conditionsSql(root, p);
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  const mutation = `delete from ${qualified(root.schema, root.relation)} as ${ident(root.alias)}${where} ${returningSql(root, returning)}`;
  return wrap(root, mutation, p, returning, shape);
}
