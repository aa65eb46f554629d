// GET/HEAD on a table or view: one read-only statement, then Content-Range, counts, 206/416 and
// the single-object check.
import { errors } from './errors.ts';
import { noTableHint } from './fuzzy-hints.ts';
import type { Statement } from './pipeline.ts';
import { contentType, plannedRows, planRoot, preferenceApplied, shapeOf, restrictRanges, statementResult, topRange, type RestRequest } from './request.ts';
import { contentRange, rangeError, rangeStatus, singleElement, type Outcome } from './response.ts';
import type { Table } from './schema-cache.ts';
import { SqlParams } from './sql-fragments.ts';
import { countQuery, readStatement } from './sql-read.ts';
import { runInTransaction } from './transaction.ts';

export async function findTable(request: RestRequest): Promise<Table> {
  const table = request.cache.tables.get(request.target) ?? (await request.refresh()).tables.get(request.target);
  if (!table) throw errors.noTable(request.cache.schema, request.target, noTableHint(request.cache, request.target));
  return table;
}

export async function readTable(request: RestRequest): Promise<Outcome> {
  const table = await findTable(request);
  const root = planRoot(request, table.name, table.columns, request.params);
  const range = topRange(request, root);
  root.range = range;
  restrictRanges(root, request.restSettings.maxRows);
  const countMode = request.prefs.count;
  const statements: Statement[] = [];
  if (countMode === 'planned') {
    // EXPLAIN needs a statement whose every parameter is used, so the count query gets its own.
    const explainParams = new SqlParams();
    statements.push({ text: `explain (format json) ${countQuery(root, explainParams)}`, values: explainParams.values });
  }
  const p = new SqlParams();
  statements.push({ text: readStatement(root, p, shapeOf(request, countMode === 'exact' || countMode === 'estimated')), values: p.values });

  const results = await runInTransaction(request.pool, request.settings, statements);
  const row = statementResult(results.at(-1));
  const lower = range?.offset ?? 0;
  const total = countMode === undefined ? undefined : countMode === 'planned' ? plannedRows(results[0]) : (row.total ?? row.pageTotal);
  const status = rangeStatus(lower, row.pageTotal, total);
  const headers = { ...contentType(request), 'Content-Range': contentRange(lower, row.pageTotal, total), ...preferenceApplied(request) };
  if (status === 416) throw rangeError(lower, total!);
  if (request.accepted.media === 'object') {
    if (row.pageTotal !== 1) throw errors.singular(row.pageTotal);
    return { status, headers, ...(row.body !== undefined && { body: singleElement(row.body) }) };
  }
  return { status, headers, ...(row.body !== undefined && { body: row.body }) };
}
