// /rpc/<name>: POST with named arguments in a JSON object, or the whole body for a function of
// one unnamed parameter (json/jsonb, text, xml or bytea by Content-Type); GET/HEAD with arguments
// in the query string. Overloads are chosen by argument names, as PostgREST does; stable and
// immutable functions run read-only.
import { errors, RestError } from './errors.ts';
import { noFunctionHint } from './fuzzy-hints.ts';
import { contentType, planRoot, preferenceApplied, shapeOf, restrictRanges, statementResult, topRange, type BodyMedia, type RestRequest } from './request.ts';
import { contentRange, rangeError, rangeStatus, singleElement, type Outcome } from './response.ts';
import type { Routine } from './schema-cache.ts';
import { SqlParams } from './sql-fragments.ts';
import { rpcStatement, type RpcArgs } from './sql-rpc.ts';
import { runInTransaction } from './transaction.ts';

/**
 * PostgREST's matchesParams: the argument names are exactly the required parameters, plus any of
 * those with a default.
 */
function accepts(routine: Routine, names: Set<string>): boolean {
  const required = routine.params.filter((p) => !p.hasDefault).map((p) => p.name);
  const optional = new Set(routine.params.filter((p) => p.hasDefault).map((p) => p.name));
  if (!routine.params.length) return names.size === 0;
  const rest = [...names].filter((n) => !optional.has(n));
  return rest.length === required.length && required.every((n) => names.has(n));
}

const unnamedTypes: Record<BodyMedia, string[]> = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], bytea: ['bytea'] };

/** A function of one unnamed parameter that takes the POST body as it is, by Content-Type. */
const takesBody = (r: Routine, media: BodyMedia | undefined) =>
  media !== undefined && r.params.length === 1 && r.params[0]!.name === '' && unnamedTypes[media].includes(r.params[0]!.type);

/** PostgREST's order of overloads: fewer parameters first, then by parameter names and types. */
function overloadOrder(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  for (let i = 0; i < a.params.length; i++) {
    const [x, y] = [a.params[i]!, b.params[i]!];
    const byName = x.name < y.name ? -1 : x.name > y.name ? 1 : 0;
    if (byName) return byName;
    const byType = x.type < y.type ? -1 : x.type > y.type ? 1 : 0;
    if (byType) return byType;
  }
  return 0;
}

function ambiguous(schema: string, name: string, routines: Routine[]): RestError {
  const list = routines.map((r) => `${schema}.${name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ');
  return new RestError(300, 'PGRST203', `Could not choose the best candidate function between: ${list}`, null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
}

/**
 * PostgREST's findProc: the overloads whose parameters the argument names fit; failing those, the
 * one taking the whole body (a POST whose Content-Type suits its single unnamed parameter).
 */
function choose(request: RestRequest, candidates: Routine[], names: string[], media: BodyMedia | undefined): Routine {
  const sorted = [...candidates].sort(overloadOrder);
  const keys = new Set(names);
  const raw = media !== undefined && media !== 'json';
  const named = sorted.filter((r) => accepts(r, keys) && !(raw && r.params.length === 0));
  const single = sorted.filter((r) => !accepts(r, keys) && takesBody(r, media));
  if (named.length === 1) return named[0]!;
  if (named.length > 1) throw ambiguous(request.cache.schema, request.target, named);
  if (single.length === 1) return single[0]!;
  if (single.length > 1) throw ambiguous(request.cache.schema, request.target, single);
  throw errors.noFunction(request.cache.schema, request.target, names, media, noFunctionHint(request.cache, request.target, names, candidates));
}

/** A raw body as the text of its parameter: bytea in hex, text and xml as UTF-8. */
const rawArgument = (media: BodyMedia, bytes: Buffer) => (media === 'bytea' ? `\\x${bytes.toString('hex')}` : bytes.toString('utf8'));

export async function callRoutine(request: RestRequest): Promise<Outcome> {
  const isPost = request.method === 'POST';
  const name = request.target;
  const candidates = request.cache.routines.get(name) ?? (await request.refresh()).routines.get(name) ?? [];
  const media = isPost ? request.bodyMedia : undefined;
  const raw = media !== undefined && media !== 'json';
  const post = isPost && !raw ? ((await request.body()) ?? { value: {}, text: '{}' }) : undefined;
  const isObject = typeof post?.value === 'object' && post.value !== null && !Array.isArray(post.value);
  const names = post ? (isObject ? Object.keys(post.value as object) : []) : request.params.rpcArgs.map(([key]) => key);
  const routine = choose(request, candidates, raw ? [] : names, media);
  const singleParam = takesBody(routine, media) && !accepts(routine, new Set(raw ? [] : names));
  const args: RpcArgs = singleParam
    ? { kind: 'single', body: raw ? rawArgument(media, await request.rawBody()) : post!.text }
    : { kind: 'named', names, json: post ? post.text : JSON.stringify(Object.fromEntries(request.params.rpcArgs)) };

  const root = planRoot(request, routine.name, routine.resultColumns, request.params, routine.relation ?? routine.name);
  const range = topRange(request, root);
  root.range = range;
  restrictRanges(root, request.restSettings.maxRows);
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
  const unwrap = routine.returns === 'composite' && (!returnsRows || single) && request.accepted.media !== 'csv';
  const body = unwrap ? singleElement(row.body) : row.body;
  return { status, headers: { ...headers, ...contentType(request) }, body };
}
