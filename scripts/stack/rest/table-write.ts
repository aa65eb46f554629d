// POST (insert, upsert), PATCH and DELETE on a table or view: body checks, one statement in a
// read-write transaction, then PostgREST's statuses (201 / 204 / 200 with representation) and
// headers. A single-object or max-affected refusal rolls the write back.
import { errors, RestError } from './errors.ts';
import { contentType, planRoot, preferenceApplied, shapeOf, statementResult, type RestRequest } from './request.ts';
import { contentRange, singleElement, type Outcome } from './response.ts';
import type { Table } from './schema-cache.ts';
import { SqlParams } from './sql-fragments.ts';
import { deleteStatement, insertStatement, updateStatement, type Returning } from './sql-write.ts';
import { findTable } from './table-read.ts';
import { runInTransaction } from './transaction.ts';

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

function checkColumns(table: Table, names: Iterable<string>): void {
  for (const name of names) if (!table.columns.has(name)) throw errors.noColumnInCache(table.name, name);
}

/** PostgREST's payload rules: an object, or an array of objects with the same keys unless `columns=` says which. */
function insertRows(table: Table, body: { value: unknown; text: string } | undefined, columns: string[] | undefined): { rowsJson: string; columns: string[] } {
  if (body === undefined) throw errors.invalidBody('Empty or invalid json');
  const { value, text } = body;
  // A scalar payload is neither a row nor a list of rows: PostgREST refuses it rather than insert nothing.
  if (!Array.isArray(value) && !isRow(value)) throw errors.invalidBody('All object keys must match');
  const rows = Array.isArray(value) ? value : [value];
  const rowsJson = Array.isArray(value) ? text : `[${text}]`;
  if (columns) {
    checkColumns(table, columns);
    if (!rows.every(isRow)) throw errors.invalidBody('All object keys must match');
    return { rowsJson, columns };
  }
  const keys = rows.length && isRow(rows[0]) ? Object.keys(rows[0]) : [];
  const uniform = rows.every((row) => isRow(row) && Object.keys(row).length === keys.length && keys.every((k) => Object.hasOwn(row, k)));
  if (!uniform) throw errors.invalidBody('All object keys must match');
  checkColumns(table, keys);
  return { rowsJson, columns: keys };
}

export async function writeTable(request: RestRequest): Promise<Outcome> {
  const table = await findTable(request);
  const { params, prefs } = request;
  const headersOnly = prefs.return === 'headers-only' && request.method === 'POST';
  const representation = prefs.return === 'representation' || headersOnly;
  const selectParams = headersOnly ? { ...params, select: table.primaryKey.map((name) => ({ kind: 'column' as const, field: { name, jsonPath: [] } })) } : params;
  const root = planRoot(request, table.name, table.columns, selectParams);
  const returning: Returning = representation ? 'representation' : 'count';
  const shape = shapeOf(request, false);
  const p = new SqlParams();

  let sql: string;
  if (request.method === 'POST') {
    const { rowsJson, columns } = insertRows(table, await request.body(), params.columns);
    const resolution = prefs.resolution === undefined ? undefined : prefs.resolution === 'merge-duplicates' ? 'merge' : 'ignore';
    const conflictColumns = params.onConflict ?? table.primaryKey;
    if (params.onConflict) checkColumns(table, params.onConflict);
    sql = insertStatement(root, {
      rowsJson,
      columns,
      missingDefault: prefs.missing === 'default',
      ...(resolution && { onConflict: { columns: conflictColumns, resolution } }),
    }, p, returning, shape);
  } else if (request.method === 'PATCH') {
    const body = await request.body();
    if (!body || !isRow(body.value)) throw errors.invalidBody(body === undefined ? 'Empty or invalid json' : 'All object keys must match');
    const columns = params.columns ?? Object.keys(body.value);
    checkColumns(table, columns);
    sql = updateStatement(root, body.text, columns, p, returning, shape);
  } else {
    sql = deleteStatement(root, p, returning, shape);
  }

  const strictLimit = prefs.handling === 'strict' && request.method !== 'POST' ? prefs.maxAffected : undefined;
  const single = request.accepted.media === 'object';
  let refusal: RestError | undefined;
  const check = (affected: number) => {
    if (strictLimit !== undefined && affected > strictLimit) refusal = errors.maxAffected(affected);
    else if (single && affected !== 1) refusal = errors.singular(affected);
    return refusal === undefined;
  };
  const needsCheck = strictLimit !== undefined || single;
  const results = await runInTransaction(request.pool, request.settings, [{ text: sql, values: p.values }],
    needsCheck ? (rows) => check(statementResult(rows[0]).pageTotal) : undefined);
  if (refusal) throw refusal;
  const row = statementResult(results[0]);

  const affected = row.pageTotal;
  // PostgREST answers 200 to a merging upsert that inserted nothing (every row was an update).
  const upsertUpdatedOnly = request.method === 'POST' && prefs.resolution === 'merge-duplicates' && (row.inserted ?? 0) <= 0;
  const count = prefs.count ? affected : undefined;
  const applied = preferenceApplied(request, {
    resolution: request.method === 'POST' && (table.primaryKey.length > 0 || params.onConflict !== undefined),
    missing: request.method !== 'DELETE',
    return: true,
    maxAffected: request.method !== 'POST',
  });
  const range = request.method === 'PATCH' ? contentRange(0, affected, count) : contentRange(1, 0, count);
  const headers: Record<string, string> = { ...request.baseHeaders, 'Content-Range': range, ...applied };

  if (headersOnly) {
    const created = row.body ? (JSON.parse(row.body) as Row[]) : [];
    if (created.length === 1 && table.primaryKey.length) {
      const query = table.primaryKey.map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(created[0]![k]))}`).join('&');
      headers.Location = `/${encodeURIComponent(table.name)}?${query}`;
    }
    return { status: upsertUpdatedOnly ? 200 : 201, headers };
  }
  const status = request.method === 'POST' ? (upsertUpdatedOnly ? 200 : 201) : representation ? 200 : 204;
  if (!representation || row.body === undefined) return { status, headers };
  const body = single ? singleElement(row.body) : row.body;
  return { status, headers: { ...headers, ...contentType(request) }, body };
}
