// SQL pieces shared by the statement builders. Identifiers reaching here were checked against the
// schema cache and are always quoted; every value from the request becomes a bind parameter.
import type { Field, Filter, LogicTree, OpExpr, OrderTerm } from './ast.ts';
import { RestError } from './errors.ts';
import type { PlanNode } from './plan.ts';

export function ident(name: string): string {
  // An alias or JSON key from the URL may carry NUL, which would cut the statement text short.
  if (name.includes('\0')) throw new RestError(400, 'PGRST100', 'Names in the query string cannot contain NUL characters');
  return `"${name.replace(/"/g, '""')}"`;
}

export const qualified = (schema: string, relation: string): string => `${ident(schema)}.${ident(relation)}`;

/** A text[] literal: every element quoted, so commas, braces and NULL stay plain text. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** The statement's bind parameters, all sent as text; `add` returns the placeholder. */
export class SqlParams {
  readonly values: string[] = [];
  add(value: string | number | readonly string[]): string {
    this.values.push(typeof value === 'string' ? value : typeof value === 'number' ? String(value) : arrayLiteral(value));
    return `$${this.values.length}`;
  }
}

const quantSql: Record<string, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*' };
const simpleSql: Record<string, string> = { neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' };
const ftsSql: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };

/** `"alias"."col"` followed by its JSON path, keys and indexes as parameters. */
export function fieldSql(alias: string, field: Field, p: SqlParams): string {
  let sql = `${ident(alias)}.${ident(field.name)}`;
  for (const step of field.jsonPath) sql += `${step.arrow}${step.index ? `${p.add(step.key)}::int` : p.add(step.key)}`;
  return sql;
}

function operationSql(node: PlanNode, lhs: string, field: Field, expr: OpExpr, p: SqlParams): string {
  const op = expr.operation;
  switch (op.kind) {
    case 'quant': {
      const value = op.op === 'like' || op.op === 'ilike' ? op.value.replace(/\*/g, '%') : op.value;
      const rhs = op.quantifier ? `${op.quantifier}(${p.add(value)})` : p.add(value);
      return `${lhs} ${quantSql[op.op]} ${rhs}`;
    }
    case 'simple':
      return `${lhs} ${simpleSql[op.op]} ${p.add(op.value)}`;
    case 'in':
      return op.values.length === 1 && op.values[0] === '' ? `${lhs} = any('{}')` : `${lhs} = any(${p.add(op.values)})`;
    case 'is':
      return `${lhs} is ${op.value === 'not_null' ? 'not null' : op.value}`;
    case 'isdistinct':
      return `${lhs} is distinct from ${p.add(op.value)}`;
    case 'fts': {
      const language = op.language === undefined ? '' : `${p.add(op.language)}::regconfig, `;
      const column = node.columns.get(field.name);
      const vector = column?.baseType === 'tsvector' && field.jsonPath.length === 0 ? lhs : `to_tsvector(${language}${lhs})`;
      return `${vector} @@ ${ftsSql[op.op]}(${language}${p.add(op.value)})`;
    }
  }
}

export function filterSql(node: PlanNode, filter: Filter, p: SqlParams): string {
  const sql = operationSql(node, fieldSql(node.alias, filter.field, p), filter.field, filter.expr, p);
  return filter.expr.negate ? `not (${sql})` : sql;
}

export function logicSql(node: PlanNode, tree: LogicTree, p: SqlParams): string {
  if (tree.kind === 'filter') return filterSql(node, tree.filter, p);
  const inner = tree.children.map((child) => logicSql(node, child, p)).join(` ${tree.op} `);
  return `${tree.negate ? 'not ' : ''}(${inner})`;
}

/** Every condition of a level: filters, or/and trees, null-embed tests. */
export function conditionsSql(node: PlanNode, p: SqlParams): string[] {
  const conditions = node.filters.map((f) => filterSql(node, f, p));
  for (const tree of node.logic) conditions.push(logicSql(node, tree, p));
  for (const { embed, isNull } of node.nullEmbedFilters) {
    const value = embed.toOne ? `row_to_json(${ident(embed.joinAlias)}.*)` : `${ident(embed.joinAlias)}.${ident(embed.joinAlias)}`;
    conditions.push(`${value} is ${isNull ? '' : 'not '}null`);
  }
  return conditions;
}

export function orderSql(node: PlanNode, terms: OrderTerm[], p: SqlParams): string {
  if (!terms.length) return '';
  const parts = terms.map((term) => {
    const alias = term.relation === undefined ? node.alias : node.embeds.find((e) => e.key === term.relation)!.joinAlias;
    const direction = term.direction ? ` ${term.direction}` : '';
    const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
    return `${fieldSql(alias, term.field, p)}${direction}${nulls}`;
  });
  return ` order by ${parts.join(', ')}`;
}

export function rangeSql(node: PlanNode, p: SqlParams): string {
  const range = node.range;
  if (!range) return '';
  const limit = range.limit === undefined ? '' : ` limit ${p.add(range.limit)}`;
  return `${limit}${range.offset ? ` offset ${p.add(range.offset)}` : ''}`;
}
