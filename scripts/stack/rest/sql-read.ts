// One SELECT per read: the root level, its embeds as lateral subqueries following foreign keys
// (to-one: row_to_json, null when absent; to-many: json_agg, [] when empty), and the page wrapped
// into a JSON array (plus the total when a count is asked for) in the same statement.
import type { PlanEmbed, PlanNode } from './plan.ts';
import { conditionsSql, fieldSql, ident, orderSql, qualified, rangeSql, type SqlParams } from './sql-fragments.ts';

const aggregated = (node: PlanNode) => node.select.some((s) => s.kind === 'column' && s.aggregate);

function selectListSql(node: PlanNode, p: SqlParams): string[] {
  const items: string[] = [];
  for (const item of node.select) {
    if (item.kind === 'star') {
      items.push(`${ident(node.alias)}.*`);
      continue;
    }
    let value = item.column === '*' ? '*' : fieldSql(node.alias, { name: item.column, jsonPath: item.jsonPath }, p);
    if (item.cast) value = `cast(${value} as ${item.cast})`;
    if (item.aggregate) value = `${item.aggregate}(${value})`;
    if (item.aggregateCast) value = `cast(${value} as ${item.aggregateCast})`;
    items.push(`${value} as ${ident(item.key)}`);
  }
  // Grouped rows group by their embeds too, which needs jsonb (json has no equality), as PostgREST's.
  const jsonb = aggregated(node) ? '::jsonb' : '';
  for (const embed of node.embeds) {
    if (embed.empty) continue;
    const join = ident(embed.joinAlias);
    if (embed.spread) {
      for (const key of outputKeys(embed.node)) items.push(`${join}.${ident(key)}${jsonb && !embed.toOne ? '::jsonb' : ''} as ${ident(key)}`);
      continue;
    }
    items.push(embed.toOne ? `row_to_json(${join}.*)${jsonb} as ${ident(embed.key)}` : `coalesce(${join}.${join}${jsonb}, '[]') as ${ident(embed.key)}`);
  }
  return items;
}

/** The names of a level's output columns: its select list (`*` expanded), embeds, and spread embeds' own. */
function outputKeys(node: PlanNode): string[] {
  const keys = node.select.flatMap((item) => (item.kind === 'star' ? [...node.columns.keys()] : [item.key]));
  for (const embed of node.embeds) {
    if (embed.spread) keys.push(...outputKeys(embed.node));
    else if (!embed.empty) keys.push(embed.key);
  }
  return keys;
}

/** PostgREST's GROUP BY: with an aggregate in the select list, every other item and embed, by name. */
function groupSql(node: PlanNode, p: SqlParams): string {
  if (!aggregated(node)) return '';
  const terms: string[] = [];
  for (const item of node.select) {
    if (item.kind === 'column' && !item.aggregate) {
      terms.push(item.key !== item.column || item.jsonPath.length ? ident(item.key) : fieldSql(node.alias, { name: item.column, jsonPath: [] }, p));
    }
  }
  for (const embed of node.embeds) {
    if (embed.spread) terms.push(...outputKeys(embed.node).map(ident));
    else if (!embed.empty) terms.push(ident(embed.key));
  }
  return terms.length ? ` group by ${terms.join(', ')}` : '';
}

/** Where an embed's rows come from and how they join its parent: by foreign key, through a junction, or a function of the parent's row. */
function embedSource(parent: PlanNode, embed: PlanEmbed): { source?: string; conditions: string[] } {
  const { rel, node } = embed;
  const child = ident(node.alias);
  const parentAlias = ident(parent.alias);
  if (rel.computed) return { source: `${qualified(node.schema, rel.computed.fn)}(${parentAlias}) as ${child}`, conditions: [] };
  if (rel.junction) {
    const junction = ident(`${embed.joinAlias}_j`);
    const on = rel.junction.foreignColumns.map(([j, t]) => `${junction}.${ident(j)} = ${child}.${ident(t)}`).join(' and ');
    return {
      source: `${qualified(node.schema, node.relation)} as ${child} inner join ${qualified(node.schema, rel.junction.table)} as ${junction} on ${on}`,
      conditions: rel.junction.columns.map(([j, o]) => `${junction}.${ident(j)} = ${parentAlias}.${ident(o)}`),
    };
  }
  return { conditions: rel.columns.map((col, i) => `${child}.${ident(rel.foreignColumns[i]!)} = ${parentAlias}.${ident(col)}`) };
}

/** The lateral joins of a level; for counting, only those that can remove parent rows. */
function joinsSql(node: PlanNode, p: SqlParams, onlyFiltering: boolean): string {
  let sql = '';
  for (const embed of node.embeds) {
    const filtering = embed.inner || node.nullEmbedFilters.some((f) => f.embed === embed);
    if (onlyFiltering && !filtering) continue;
    const join = ident(embed.joinAlias);
    const child = nodeQuery(embed.node, p, embedSource(node, embed));
    const kind = embed.inner ? 'inner' : 'left';
    // A to-many spread gathers each of its columns into an array, as PostgREST 13 does.
    const arrays = embed.spread ? outputKeys(embed.node).map((key) => `, coalesce(json_agg(${join}.${ident(key)}), '[]') as ${ident(key)}`).join('') : '';
    sql += embed.toOne
      ? ` ${kind} join lateral (${child}) as ${join} on true`
      : ` ${kind} join lateral (select json_agg(${join}) as ${join}${arrays} from (${child}) as ${join}) as ${join} on ${embed.inner ? `${join}.${join} is not null` : 'true'}`;
  }
  return sql;
}

export interface NodeQueryOptions {
  /** Conditions besides the level's own filters (an embed's join to its parent). */
  conditions?: string[];
  /** A FROM item other than the level's table (a mutation's CTE, a function call). */
  source?: string;
  /** Leave out the level's filters (a mutation already applied them). */
  skipFilters?: boolean;
}

/** `select ... from ... where ... order by ... limit ...` for one level and, recursively, its embeds. */
export function nodeQuery(node: PlanNode, p: SqlParams, options: NodeQueryOptions = {}): string {
  const from = options.source ?? `${qualified(node.schema, node.relation)} as ${ident(node.alias)}`;
  const joins = joinsSql(node, p, false);
  const conditions = [...(options.conditions ?? []), ...(options.skipFilters ? [] : conditionsSql(node, p))];
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  return `select ${selectListSql(node, p).join(', ')} from ${from}${joins}${where}${groupSql(node, p)}${orderSql(node, node.order, p)}${rangeSql(node, p)}`;
}

/** Rows the root level matches, ignoring paging: what an exact count counts. */
export function countQuery(node: PlanNode, p: SqlParams, source?: string): string {
  const from = source ?? `${qualified(node.schema, node.relation)} as ${ident(node.alias)}`;
  const conditions = conditionsSql(node, p);
  return `select 1 from ${from}${joinsSql(node, p, true)}${conditions.length ? ` where ${conditions.join(' and ')}` : ''}`;
}

export interface Shape {
  /** Also compute the total of matching rows, ignoring limit/offset. */
  count: boolean;
  /** HEAD: only counts are needed. */
  headOnly: boolean;
  stripNulls: boolean;
  /** Accept: text/csv. */
  csv: boolean;
}

/**
 * PostgREST's CSV: a header of the first row's keys (empty without rows), a newline, then each
 * row as Postgres writes a record, without its parentheses.
 */
const csvSql =
  `(select coalesce(string_agg(pgrst_key, ','), '') from json_object_keys(json_agg(pgrst_row)->0) as pgrst_key) || E'\\n' || ` +
  `coalesce(string_agg(substring(pgrst_row::text, 2, length(pgrst_row::text) - 2), E'\\n'), '')`;

export function bodySql(shape: Shape): string {
  if (shape.headOnly) return 'null::text';
  if (shape.csv) return csvSql;
  const array = `coalesce(json_agg(pgrst_row), '[]')`;
  return `${shape.stripNulls ? `json_strip_nulls(${array})` : array}::text`;
}

/** The whole read: `total`, `page_total` and `body` (a JSON array as text) in one row. */
export function readStatement(root: PlanNode, p: SqlParams, shape: Shape): string {
  const page = nodeQuery(root, p);
  const total = shape.count && root.range ? `(select count(*) from (${countQuery(root, p)}) pgrst_count)` : 'null';
  return `select ${total}::int8 as total, count(pgrst_row)::int8 as page_total, ${bodySql(shape)} as body from (${page}) pgrst_row`;
}
