// What an operation (table read/write, RPC) receives once the request is authenticated,
// negotiated and its query string parsed, and the helpers the operations share.
import type pg from 'pg';
import type { QueryParams, Range } from './ast.ts';
import { errors } from './errors.ts';
import type { Accepted, Preferences } from './negotiation.ts';
import type { Row } from './pipeline.ts';
import { applyParams, buildNode, type PlanContext, type PlanNode } from './plan.ts';
import type { Column, SchemaCache } from './schema-cache.ts';
import type { Shape } from './sql-read.ts';
import type { RestSettings } from './settings.ts';
import type { RequestSettings } from './transaction.ts';

export interface RestRequest {
  method: string;
  head: boolean;
  /** The table, view or function the path names. */
  target: string;
  cache: SchemaCache;
  /** Reloads the schema cache when the target is unknown (migrations may have just run). */
  refresh: () => Promise<SchemaCache>;
  params: QueryParams;
  prefs: Preferences;
  accepted: Accepted;
  rangeHeader: Range | 'invalid' | undefined;
  settings: RequestSettings;
  /** The service's configuration (PostgREST's db-* settings). */
  restSettings: RestSettings;
  pool: pg.Pool;
  /** The JSON body, parsed and as sent; `undefined` when the body is empty. */
  body: () => Promise<{ value: unknown; text: string } | undefined>;
  /** The body's bytes, for a function's single unnamed text, xml or bytea parameter. */
  rawBody: () => Promise<Buffer>;
  /** What Content-Type says the body is; undefined for a type PostgREST does not read. */
  bodyMedia: BodyMedia | undefined;
  /** Headers every answer carries (Content-Profile when a profile was negotiated). */
  baseHeaders: Record<string, string>;
}

export type BodyMedia = 'json' | 'text' | 'xml' | 'bytea';

/** The one row every statement builder returns: `total, page_total, body` (and `inserted` for writes). */
export interface StatementResult {
  total: number | undefined;
  pageTotal: number;
  body: string | undefined;
  /** Writes only: rows an upsert inserted rather than updated; undefined for other writes. */
  inserted: number | undefined;
}

export function statementResult(rows: Row[] | undefined): StatementResult {
  const [total, pageTotal, body, inserted] = rows?.[0] ?? [];
  return {
    total: total == null ? undefined : Number(total),
    pageTotal: Number(pageTotal ?? 0),
    body: body ?? undefined,
    inserted: inserted == null ? undefined : Number(inserted),
  };
}

export function shapeOf(request: RestRequest, count: boolean): Shape {
  return { count, headOnly: request.head, stripNulls: request.accepted.stripNulls, csv: request.accepted.media === 'csv' };
}

/** `origin`: the table whose relationships apply, when it is not `relation` (an RPC's result). */
export function planRoot(request: Pick<RestRequest, 'cache' | 'restSettings'>, relation: string, columns: Map<string, Column>, params: QueryParams, origin = relation): PlanNode {
  let alias = 0;
  const ctx: PlanContext = { cache: request.cache, aggregatesEnabled: request.restSettings.aggregatesEnabled, nextAlias: () => alias++ };
  const root = buildNode(ctx, relation, columns, params.select, 0, origin);
  applyParams(root, params);
  return root;
}

/** The root range: limit/offset intersected with the Range header (GET only), or PGRST103. */
export function topRange(request: RestRequest, root: PlanNode): Range | undefined {
  const header = request.method === 'GET' ? request.rangeHeader : undefined;
  if (header === 'invalid') throw errors.rangeNotSatisfiable('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  if (root.range?.limit !== undefined && root.range.limit < 0) throw errors.rangeNotSatisfiable('Limit should be greater than or equal to zero.');
  const range = header ? intersect(header, root.range) : root.range;
  return range && (range.offset > 0 || range.limit !== undefined) ? range : undefined;
}

/** db-max-rows, as PostgREST's treeRestrictRange: every level of a read answers at most `maxRows` rows. */
export function restrictRanges(node: PlanNode, maxRows: number | undefined): void {
  if (maxRows === undefined) return;
  node.range = { offset: node.range?.offset ?? 0, limit: Math.min(node.range?.limit ?? maxRows, maxRows) };
  for (const embed of node.embeds) restrictRanges(embed.node, maxRows);
}

function intersect(header: Range, params: Range | undefined): Range {
  if (!params) return header;
  const start = Math.max(header.offset, params.offset);
  const ends = [header, params].flatMap((r) => (r.limit === undefined ? [] : [r.offset + r.limit]));
  return ends.length ? { offset: start, limit: Math.max(0, Math.min(...ends) - start) } : { offset: start };
}

/** `count=planned`: the planner's estimate, from the rows of `explain (format json)`. */
export function plannedRows(rows: Row[] | undefined): number {
  const plan = JSON.parse(rows?.[0]?.[0] ?? '[]') as Array<{ Plan?: { 'Plan Rows'?: number } }>;
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

export function contentType(request: RestRequest): Record<string, string> {
  const media = request.accepted.media;
  const base = media === 'object' ? 'application/vnd.pgrst.object+json' : media === 'csv' ? 'text/csv' : 'application/json';
  return { 'Content-Type': `${base}${request.accepted.stripNulls ? '; nulls=stripped' : ''}; charset=utf-8`, ...request.baseHeaders };
}

/** Preference-Applied in PostgREST's order: resolution, missing, return, count, tx, handling, max-affected. */
export function preferenceApplied(request: RestRequest, which: { resolution?: boolean; missing?: boolean; return?: boolean; maxAffected?: boolean } = {}): Record<string, string> {
  const { prefs } = request;
  const applied = [
    which.resolution && prefs.resolution && `resolution=${prefs.resolution}`,
    which.missing && prefs.missing && `missing=${prefs.missing}`,
    which.return && prefs.return && `return=${prefs.return}`,
    prefs.count && `count=${prefs.count}`,
    prefs.tx && `tx=${prefs.tx}`,
    prefs.handling && `handling=${prefs.handling}`,
    which.maxAffected && prefs.handling === 'strict' && prefs.maxAffected !== undefined && `max-affected=${prefs.maxAffected}`,
  ].filter((v): v is string => Boolean(v));
  return applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
}
