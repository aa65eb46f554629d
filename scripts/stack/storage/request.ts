// What every Storage route receives: the service's settings, the request, its caller (read
// lazily: signed URLs need none) and its database, plus the parsing every route shares.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { AccessTokenKeys } from '../keys.ts';
import { BodyTooLargeError, readBody } from '../http.ts';
import { callerOf, storageDatabase, type Caller, type Database } from './database.ts';
import { errors } from './errors.ts';
import type { FileStore } from './file-store.ts';

export interface StorageEnv {
  store: FileStore;
  pool: pg.Pool;
  /** Signs and checks the signed-URL tokens (HS256, as storage-api does with the project's secret). */
  jwtSecret: string;
  /** What the callers' access tokens are verified against now. */
  accessTokenKeys(): AccessTokenKeys;
  apiUrl: string;
  /** Largest standard upload (bytes) when the bucket sets no smaller limit. */
  uploadLimit: number;
  /** Largest resumable (TUS) upload (bytes) when the bucket sets no smaller limit. */
  resumableUploadLimit: number;
}

export interface StorageRequest {
  env: StorageEnv;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The path below /storage/v1, still percent-encoded. */
  path: string;
  db: Database;
  caller(): Caller;
}

export function storageRequest(env: StorageEnv, req: IncomingMessage, res: ServerResponse, path: string, url: URL): StorageRequest {
  let caller: Caller | undefined;
  return {
    env,
    req,
    res,
    url,
    path,
    db: storageDatabase(env.pool, req, `/storage/v1${path}`),
    caller: () => (caller ??= callerOf(req, env.accessTokenKeys())),
  };
}

export interface ObjectTarget {
  bucketId: string;
  name: string;
}

/** `bucket/some/path.pdf` (percent-encoded, as fetch sends it) → bucket id and object name. */
export function objectTarget(encoded: string): ObjectTarget {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    throw errors.invalidKey(encoded);
  }
  const slash = decoded.indexOf('/');
  const bucketId = slash < 0 ? decoded : decoded.slice(0, slash);
  const name = slash < 0 ? '' : decoded.slice(slash + 1);
  if (!bucketId) throw errors.missingParameter('bucketName');
  if (!name) throw errors.missingParameter('objectName');
  assertValidKey(name);
  return { bucketId, name };
}

/** storage-api refuses keys it could not store faithfully; ours: empty segments and control characters. */
export function assertValidKey(name: string): void {
  // eslint-disable-next-line no-control-regex
  if (!name || name.startsWith('/') || name.includes('//') || /[\u0000-\u001f\u007f]/.test(name)) throw errors.invalidKey(name);
}

/** A JSON object body (storage-js sends JSON for every non-upload call). */
export async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = (await readBody(req)).toString('utf8');
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw errors.entityTooLarge();
    throw error;
  }
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw errors.invalidRequest('Body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw errors.invalidRequest('body must be object');
  return body as Record<string, unknown>;
}

export function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
