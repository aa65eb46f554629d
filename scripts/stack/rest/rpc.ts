// /rpc/<name>: POST with named arguments in a JSON object (or one unnamed json/jsonb parameter),
// GET/HEAD with arguments in the query string. Overloads are chosen by argument names, as
// PostgREST does; stable and immutable functions run read-only.
import { errors, RestError } from './errors.ts';
import { contentType, planRoot, preferenceApplied, shapeOf, statementResult, topRange, type RestRequest } from './request.ts';
import { contentRange, rangeError, rangeStatus, singleElement, type Outcome } from './response.ts';
import type { Routine } from './schema-cache.ts';
import { SqlParams } from './sql-fragments.ts';
import { rpcStatement, type RpcArgs } from './sql-rpc.ts';
import { runInTransaction } from './transaction.ts';

/** Named arguments fit when each names a parameter and every parameter without a default is given; unnamed parameters cannot be named. */
function accepts(routine: Routine, names: string[]): boolean {
  const params = new Set(routine.params.map((p) => p.name).filter(Boolean));
  return names.every((n) => params.has(n)) && routine.params.every((p) => p.hasDefault || (p.name !== '' && names.includes(p.name)));
}

const singleJsonParam = (r: Routine) => r.params.length === 1 && r.params[0]!.name === '' && /^jsonb?$/.test(r.params[0]!.type);

/** The overload whose parameter names fit the arguments; a single json/jsonb parameter takes a POST body. */
function choose(candidates: Routine[], name: string, names: string[], postBody: unknown): { routine: Routine; single: boolean } {
  const named = candidates.filter((r) => accepts(r, names));
  if (named.length > 1) {
    throw new RestError(300, 'PGRST203', `Could not choose the best candidate function between: ${named.map((r) => `public.${name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ')}`,
      null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  }
  const objectBody = postBody === undefined || (typeof postBody === 'object' && postBody !== null && !Array.isArray(postBody));
  if (named.length === 1 && objectBody) return { routine: named[0]!, single: false };
  const single = postBody !== undefined ? candidates.find(singleJsonParam) : undefined;
  if (single) return { routine: single, single: true };
  throw errors.noFunction(name, names);
}

export async function callRoutine(request: RestRequest): Promise<Outcome> {
  const isPost = request.method === 'POST';
  const name = request.target;
  const candidates = request.cache.routines.get(name) ?? (await request.refresh()).routines.get(name) ?? [];
  const post = isPost ? ((await request.body()) ?? { value: {}, text: '{}' }) : undefined;
  const isObject = typeof post?.value === 'object' && post.value !== null && !Array.isArray(post.value);
  const names = post ? (isObject ? Object.keys(post.value as object) : []) : request.params.rpcArgs.map(([key]) => key);
  const { routine, single: singleParam } = choose(candidates, name, names, post?.value);
  const args: RpcArgs = singleParam
    ? { kind: 'single', body: post!.text }
    : { kind: 'named', names, json: post ? post.text : JSON.stringify(Object.fromEntries(request.params.rpcArgs)) };

  const root = planRoot(request.cache, routine.name, routine.resultColumns, request.params);
  const range = topRange(request, root);
  root.range = range;
  const countMode = request.prefs.count;
  const p = new SqlParams();
  const sql = rpcStatement(routine, args, root, p, shapeOf(request, countMode !== undefined));
  const single = request.accepted.media === 'object';
  const returnsRows = routine.returnsSet;
  const settings = { ...request.settings, readOnly: !isPost || !routine.volatile };

  const maxAffected = request.prefs.handling === 'strict' ? request.prefs.maxAffected : undefined;
  let refusal: RestError | undefined;
  const check = (pageTotal: number) => {
    if (single && returnsRows && pageTotal !== 1) refusal = errors.singular(pageTotal);
    else if (maxAffected !== undefined && pageTotal > maxAffected) refusal = errors.maxAffected(pageTotal);
    return refusal === undefined;
  };
  const needsCheck = (single && returnsRows) || maxAffected !== undefined;
  const results = await runInTransaction(request.pool, settings, [{ text: sql, values: p.values }],
    needsCheck ? (rows) => check(statementResult(rows[0]).pageTotal) : undefined);
  if (refusal) throw refusal;
  const row = statementResult(results[0]);

  const pageTotal = row.pageTotal;
  const lower = range?.offset ?? 0;
  const total = countMode === undefined ? undefined : (row.total ?? pageTotal);
  const headers = { ...request.baseHeaders, 'Content-Range': contentRange(lower, pageTotal, total), ...preferenceApplied(request, { maxAffected: true }) };
  if (routine.returns === 'void') return { status: 204, headers };
  const status = rangeStatus(lower, pageTotal, total);
  if (status === 416) throw rangeError(lower, total!);
  if (row.body === undefined) return { status, headers: { ...headers, ...contentType(request) } };
  const unwrap = routine.returns === 'composite' && (!returnsRows || single);
  const body = unwrap ? singleElement(row.body) : row.body;
  return { status, headers: { ...headers, ...contentType(request) }, body };
}
