// The request pipeline, in PostgREST's order: JWT, resource and method, profile, media type,
// preferences, query string, schema cache; then the operation. Every failure leaves as a
// PostgREST-shaped error; an unexpected one is logged here with its cause and answered without it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackContext } from '../context.ts';
import { BodyTooLargeError, readBody } from '../http.ts';
import { authenticate } from './auth.ts';
import { errors, fromPgError, isPgError, RestError } from './errors.ts';
import { chooseSchema, negotiateAccept, parsePreferences, parseRangeHeader } from './negotiation.ts';
import { parseQueryParams, splitQuery } from './query-params.ts';
import type { BodyMedia, RestRequest } from './request.ts';
import { send, sendError } from './response.ts';
import { callRoutine } from './rpc.ts';
import type { SchemaCacheHolder } from './schema-cache.ts';
import type { RestSettings } from './settings.ts';
import { readTable } from './table-read.ts';
import { writeTable } from './table-write.ts';
import { accessTokenKeys } from '../project-keys.ts';

export interface RestDeps {
  context: StackContext;
  pool: pg.Pool;
  schema: SchemaCacheHolder;
  settings: RestSettings;
}

const bodyLimit = 1024 * 1024;
/** Postgres parses JSON recursively; deeper bodies would exhaust its stack (a 500), so they stop here. */
const maxJsonDepth = 512;

function tooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > maxJsonDepth) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}
const tableMethods = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);
const rpcMethods = new Set(['GET', 'HEAD', 'POST']);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function resource(path: string): { kind: 'table' | 'rpc'; name: string } {
  const segments = path.split('/').filter(Boolean).map(decodeSegment);
  if (segments.length === 0) throw errors.rootDisabled();
  if (segments.length === 1) return { kind: 'table', name: segments[0]! };
  if (segments.length === 2 && segments[0] === 'rpc') return { kind: 'rpc', name: segments[1]! };
  throw errors.invalidPath();
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** request.headers as PostgREST sets it: lower-cased names, no cookie. */
function headersJson(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (name !== 'cookie' && value !== undefined) out[name] = headerText(value)!;
  return out;
}

function cookiesJson(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

/** The Content-Type's media: JSON, or one of the raw bodies a function's single unnamed parameter takes. */
function bodyMedia(req: IncomingMessage): BodyMedia | undefined {
  const type = (req.headers['content-type'] ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  const media: Record<string, BodyMedia> = { 'application/json': 'json', 'text/plain': 'text', 'text/xml': 'xml', 'application/octet-stream': 'bytea' };
  return Object.hasOwn(media, type) ? media[type] : undefined;
}

function bodyReader(req: IncomingMessage): Pick<RestRequest, 'body' | 'rawBody'> {
  let bytes: Promise<Buffer> | undefined;
  let parsed: Promise<{ value: unknown; text: string } | undefined> | undefined;
  const rawBody = () => (bytes ??= readBody(req, bodyLimit));
  const body = () => {
    parsed ??= (async () => {
      const type = req.headers['content-type'];
      if (type && bodyMedia(req) !== 'json') throw errors.invalidBody(`Content-Type not acceptable: ${type}`);
      const text = (await rawBody()).toString('utf8');
      if (!text.trim()) return undefined;
      if (tooDeep(text)) throw errors.invalidBody(`JSON nested deeper than ${maxJsonDepth} levels`);
      try {
        return { value: JSON.parse(text) as unknown, text };
      } catch {
        throw errors.invalidBody('Empty or invalid json');
      }
    })();
    return parsed;
  };
  return { body, rawBody };
}

export function toRestError(error: unknown, authed: boolean): RestError {
  if (error instanceof RestError) return error;
  if (error instanceof BodyTooLargeError) return errors.bodyTooLarge(error.limit);
  if (isPgError(error)) return fromPgError(error, authed);
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || /Connection terminated/i.test(message)) return errors.connection(message);
  console.error(`[rest] unexpected error: ${error instanceof Error ? error.stack : message}`);
  return new RestError(500, 'PGRSTX00', 'Internal server error');
}

export async function handleRest(deps: RestDeps, req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const head = method === 'HEAD';
  let authed = false;
  try {
    const auth = authenticate(req, accessTokenKeys(deps.context));
    authed = auth.authed;
    const target = resource(path);
    if (target.kind === 'rpc' && !rpcMethods.has(method)) throw errors.rpcMethod(method);
    if (target.kind === 'table' && !tableMethods.has(method)) throw errors.unsupportedMethod(method);
    const { schema, negotiated } = chooseSchema(method, req.headers, deps.settings.schemas);
    const accepted = negotiateAccept(headerText(req.headers.accept));
    const txEnd = deps.settings.txEnd;
    const prefs = parsePreferences(req.headers, txEnd.endsWith('-allow-override'));
    const params = parseQueryParams(splitQuery(url.search), { rpcRead: target.kind === 'rpc' && method !== 'POST' });
    const caches = await deps.schema.get().catch(() => {
      throw errors.schemaCacheUnavailable();
    });
    const cache = caches.get(schema)!;
    const request: RestRequest = {
      method,
      head,
      target: target.name,
      cache,
      refresh: async () => (request.cache = (await deps.schema.refreshOnMiss()).get(schema)!),
      params,
      prefs,
      accepted,
      rangeHeader: parseRangeHeader(headerText(req.headers.range)),
      settings: {
        readOnly: method === 'GET' || head,
        role: auth.role,
        claims: auth.claims,
        method,
        path,
        headers: headersJson(req),
        cookies: cookiesJson(req),
        searchPath: [schema, ...deps.settings.extraSearchPath],
        rollback: prefs.tx === 'rollback' || (txEnd.startsWith('rollback') && prefs.tx !== 'commit'),
      },
      restSettings: deps.settings,
      pool: deps.pool,
      ...bodyReader(req),
      bodyMedia: bodyMedia(req),
      baseHeaders: negotiated ? { 'Content-Profile': schema } : {},
    };
    const outcome = target.kind === 'rpc' ? await callRoutine(request) : method === 'GET' || head ? await readTable(request) : await writeTable(request);
    send(res, outcome, head);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendError(res, toRestError(error, authed), head);
  }
}
