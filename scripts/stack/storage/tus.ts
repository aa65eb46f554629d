// Resumable uploads over TUS 1.0.0 at `/upload/resumable`, as Supabase Storage offers them
// (core protocol plus creation and termination): `POST` with `Upload-Length` and base64
// `Upload-Metadata` (`bucketName`, `objectName`, `contentType`, `cacheControl`, `metadata`) and
// `x-upsert` creates an upload whose URL names `bucket/object/version` in base64url, as
// storage-api's does; `PATCH` appends at `Upload-Offset`; `HEAD` reports the offset, after any
// PATCH still writing (a dropped connection) has flushed. The caller's right to write is tried
// at creation and at every PATCH; the object row is written, as the caller, when the last byte
// arrives. Errors answer in TUS's way: the status, and the message as text.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { findBucketAsSuperuser } from './bucket-rows.ts';
import { errors, StorageError, toStorageError } from './errors.ts';
import { assertAllowedMimeType, canUpload, commitObject, objectMetadata, sizeLimit } from './object-writes.ts';
import { assertValidKey, headerOf, type StorageRequest } from './request.ts';

export const tusPath = '/upload/resumable';
export const tusHeaders = { 'Tus-Resumable': '1.0.0', 'Tus-Version': '1.0.0', 'Tus-Extension': 'creation,termination' };

interface TusUpload {
  bucketId: string;
  name: string;
  version: string;
  length: number;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  upsert: boolean;
}

/** PATCHes still writing, by version: HEAD and the next PATCH wait for them. */
const writing = new Map<string, Promise<void>>();

function uploadMetadata(header: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) fields[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return fields;
}

function parseUserMetadata(json: string | undefined): Record<string, unknown> | undefined {
  try {
    const value = json ? (JSON.parse(json) as unknown) : undefined;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function stateFile(sr: StorageRequest, version: string): string {
  return `${sr.env.store.incomingPath(`tus-${version}`)}.json`;
}

function bytesFile(sr: StorageRequest, version: string): string {
  return sr.env.store.incomingPath(`tus-${version}`);
}

/** The upload a URL names (`…/upload/resumable/<base64url of bucket/object/version>`). */
async function loadUpload(sr: StorageRequest, id: string): Promise<TusUpload> {
  const decoded = Buffer.from(id, 'base64url').toString('utf8');
  const version = decoded.slice(decoded.lastIndexOf('/') + 1);
  if (!/^[0-9a-f-]{36}$/.test(version)) throw errors.noSuchUpload();
  const upload = await readFile(stateFile(sr, version), 'utf8').then(
    (text) => JSON.parse(text) as TusUpload,
    () => undefined,
  );
  if (!upload || `${upload.bucketId}/${upload.name}/${upload.version}` !== decoded) throw errors.noSuchUpload();
  return upload;
}

async function offsetOf(sr: StorageRequest, upload: TusUpload): Promise<number> {
  await writing.get(upload.version);
  return (await stat(bytesFile(sr, upload.version))).size;
}

function uploadUrl(sr: StorageRequest, upload: TusUpload): string {
  const host = headerOf(sr.req, 'host');
  const base = host ? `http://${host}` : sr.env.apiUrl;
  return `${base}/storage/v1${tusPath}/${Buffer.from(`${upload.bucketId}/${upload.name}/${upload.version}`).toString('base64url')}`;
}

async function create(sr: StorageRequest): Promise<void> {
  const caller = sr.caller();
  const length = Number(headerOf(sr.req, 'upload-length'));
  if (headerOf(sr.req, 'upload-length') === undefined || !Number.isSafeInteger(length) || length < 0) throw errors.invalidRequest('Upload-Length is required');
  const fields = uploadMetadata(headerOf(sr.req, 'upload-metadata'));
  if (!fields.bucketName) throw errors.missingParameter('bucketName');
  if (!fields.objectName) throw errors.missingParameter('objectName');
  assertValidKey(fields.objectName);
  const bucket = await findBucketAsSuperuser(sr.db, fields.bucketName);
  if (length > sizeLimit(bucket, sr.env.resumableUploadLimit)) throw errors.entityTooLarge();
  const contentType = fields.contentType || 'application/octet-stream';
  assertAllowedMimeType(contentType, bucket.allowed_mime_types);
  const upload: TusUpload = {
    bucketId: fields.bucketName,
    name: fields.objectName,
    version: randomUUID(),
    length,
    contentType,
    cacheControl: /^-?\d+$/.test(fields.cacheControl ?? '') ? `max-age=${fields.cacheControl}` : 'no-cache',
    userMetadata: parseUserMetadata(fields.metadata),
    upsert: headerOf(sr.req, 'x-upsert') === 'true',
  };
  await canUpload(sr, caller, { bucketId: upload.bucketId, name: upload.name, owner: caller.owner, metadata: { mimetype: contentType, size: length } }, upload.upsert);
  await writeFile(bytesFile(sr, upload.version), '');
  await writeFile(stateFile(sr, upload.version), JSON.stringify(upload));
  sr.req.resume();
  if (length === 0) await complete(sr, upload);
  sr.res.writeHead(201, { ...tusHeaders, Location: uploadUrl(sr, upload), 'Upload-Offset': 0 }).end();
}

async function complete(sr: StorageRequest, upload: TusUpload): Promise<void> {
  const caller = sr.caller();
  const path = bytesFile(sr, upload.version);
  const metadata = objectMetadata({ size: upload.length, eTag: await sr.env.store.eTagOf(path), mimetype: upload.contentType, cacheControl: upload.cacheControl });
  try {
    const object = { bucketId: upload.bucketId, name: upload.name, owner: caller.owner, version: upload.version, metadata, userMetadata: upload.userMetadata };
    await commitObject(sr, caller, object, upload.upsert, path);
  } finally {
    await rm(stateFile(sr, upload.version), { force: true });
  }
}

/** Appends the request body at `offset`, never past the declared length; resolves once the bytes are on disk. */
async function append(sr: StorageRequest, upload: TusUpload, offset: number): Promise<void> {
  let received = offset;
  const bound = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > upload.length ? errors.entityTooLarge() : null, chunk);
    },
  });
  const file = createWriteStream(bytesFile(sr, upload.version), { flags: 'a' });
  try {
    await pipeline(sr.req, bound, file);
  } finally {
    // A dropped connection ends the pipeline at once, while a write it had started may still be
    // under way: the file closes only after it, and only then does the offset hold.
    if (!file.closed) await new Promise((resolve) => file.once('close', resolve));
  }
}

async function patch(sr: StorageRequest, id: string): Promise<void> {
  const caller = sr.caller();
  if (headerOf(sr.req, 'content-type') !== 'application/offset+octet-stream') {
    throw new StorageError(415, 'InvalidRequest', 'Content-Type must be application/offset+octet-stream', 'InvalidRequest', 415);
  }
  const upload = await loadUpload(sr, id);
  const offset = await offsetOf(sr, upload);
  if (Number(headerOf(sr.req, 'upload-offset')) !== offset) throw errors.offsetMismatch();
  await canUpload(sr, caller, { bucketId: upload.bucketId, name: upload.name, owner: caller.owner, metadata: { mimetype: upload.contentType, size: upload.length } }, upload.upsert);
  const written = append(sr, upload, offset);
  writing.set(upload.version, written.catch(() => undefined));
  try {
    await written;
  } catch (error) {
    // A dropped connection is what resuming is for: the bytes that arrived stay, HEAD tells.
    if (sr.req.destroyed) return;
    throw error;
  } finally {
    writing.delete(upload.version);
  }
  const reached = await offsetOf(sr, upload);
  if (reached === upload.length) await complete(sr, upload);
  sr.res.writeHead(204, { ...tusHeaders, 'Upload-Offset': reached }).end();
}

async function head(sr: StorageRequest, id: string): Promise<void> {
  sr.caller();
  const upload = await loadUpload(sr, id);
  const offset = await offsetOf(sr, upload);
  sr.res.writeHead(200, { ...tusHeaders, 'Upload-Offset': offset, 'Upload-Length': upload.length, 'Cache-Control': 'no-store' }).end();
}

async function terminate(sr: StorageRequest, id: string): Promise<void> {
  sr.caller();
  const upload = await loadUpload(sr, id);
  await writing.get(upload.version);
  await rm(stateFile(sr, upload.version), { force: true });
  await rm(bytesFile(sr, upload.version), { force: true });
  sr.res.writeHead(204, tusHeaders).end();
}

function sendTusError(res: ServerResponse, error: StorageError, method: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const status = error.statusCode;
  if (method === 'HEAD') res.writeHead(status, tusHeaders).end();
  else res.writeHead(status, { ...tusHeaders, 'Content-Type': 'text/plain; charset=utf-8' }).end(error.message);
}

/** Handles every request under /upload/resumable; `rest` is what follows it. */
export async function handleTus(sr: StorageRequest, rest: string): Promise<void> {
  const method = sr.req.method ?? 'GET';
  const id = rest.replace(/^\//, '');
  try {
    if (method !== 'OPTIONS' && headerOf(sr.req, 'tus-resumable') !== '1.0.0') {
      throw new StorageError(412, 'InvalidRequest', 'Unsupported version', 'InvalidRequest', 412);
    }
    if (!id && method === 'POST') return await create(sr);
    if (id && method === 'PATCH') return await patch(sr, id);
    if (id && method === 'HEAD') return await head(sr, id);
    if (id && method === 'DELETE') return await terminate(sr, id);
    throw errors.noRoute(method, `/storage/v1${tusPath}${rest}`);
  } catch (error) {
    sr.req.resume();
    sendTusError(sr.res, toStorageError(error), method);
  }
}
