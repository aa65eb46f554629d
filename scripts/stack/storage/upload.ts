// Standard uploads: `POST`/`PUT /object/{bucket}/{path}` with a raw body or multipart form data
// (what storage-js sends for a Blob), `x-upsert`, `cache-control`, `content-type`, `x-metadata`;
// and signed upload URLs (`POST /object/upload/sign/...` makes one after checking the caller may
// write, `PUT` there with the token uploads as that caller would have). Bodies stream to disk.
import Busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sendJson } from '../http.ts';
import { findBucketAsSuperuser, type BucketRow } from './bucket-rows.ts';
import { serviceCaller, type Caller } from './database.ts';
import { errors } from './errors.ts';
import type { Received } from './file-store.ts';
import { assertAllowedMimeType, canUpload, commitObject, objectMetadata, sizeLimit } from './object-writes.ts';
import { headerOf, objectTarget, type ObjectTarget, type StorageRequest } from './request.ts';
import { signObjectToken, verifyObjectToken } from './signed-urls.ts';

interface UploadedBody extends Received {
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

const defaultMimeType = 'text/plain;charset=UTF-8';

function parseUserMetadata(json: string | undefined): Record<string, unknown> | undefined {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    throw errors.invalidRequest('Invalid metadata');
  }
}

/** The one file of a multipart form, streamed to disk, with its `cacheControl` and `metadata` fields. */
function receiveMultipart(sr: StorageRequest, bucket: BucketRow, limit: number): Promise<UploadedBody> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Promise<Received & { mimetype: string }> | undefined;
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({ headers: sr.req.headers, limits: { files: 1, fieldSize: 64 * 1024 } });
    } catch (error) {
      reject(errors.invalidRequest((error as Error).message));
      return;
    }
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (_name, stream: Readable, info) => {
      try {
        assertAllowedMimeType(info.mimeType, bucket.allowed_mime_types);
      } catch (error) {
        stream.resume();
        file = Promise.reject(error);
        file.catch(() => undefined);
        return;
      }
      file = sr.env.store.receive(stream, limit).then((received) => ({ ...received, mimetype: info.mimeType }));
      file.catch(() => undefined);
    });
    parser.on('error', (error: Error) => reject(errors.invalidRequest(error.message)));
    parser.on('close', () => {
      if (!file) return reject(errors.missingParameter('file'));
      const cacheTime = fields.cacheControl;
      file.then(
        (received) =>
          resolve({ ...received, cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache', userMetadata: parseUserMetadata(fields.metadata) }),
        reject,
      );
    });
    sr.req.pipe(parser);
  });
}

async function receiveBody(sr: StorageRequest, bucket: BucketRow, limit: number): Promise<UploadedBody> {
  const contentType = headerOf(sr.req, 'content-type') ?? defaultMimeType;
  if (/^multipart\/form-data/i.test(contentType)) return receiveMultipart(sr, bucket, limit);
  assertAllowedMimeType(contentType, bucket.allowed_mime_types);
  const metadataHeader = headerOf(sr.req, 'x-metadata');
  const userMetadata = parseUserMetadata(metadataHeader && Buffer.from(metadataHeader, 'base64').toString('utf8'));
  const received = await sr.env.store.receive(sr.req, limit);
  return { ...received, mimetype: contentType, cacheControl: headerOf(sr.req, 'cache-control') ?? 'no-cache', userMetadata };
}

/**
 * Receives an upload to `target` and writes it as `caller`. `checked` says the caller's right
 * was already proven (a signed upload URL), else it is tried before a byte is read.
 */
async function receiveUpload(sr: StorageRequest, target: ObjectTarget, caller: Caller, owner: string | undefined, upsert: boolean, checked: boolean) {
  const bucket = await findBucketAsSuperuser(sr.db, target.bucketId);
  const limit = sizeLimit(bucket, sr.env.uploadLimit);
  const declared = Number(headerOf(sr.req, 'content-length'));
  if (Number.isFinite(declared) && declared > limit && !/^multipart\//i.test(headerOf(sr.req, 'content-type') ?? '')) throw errors.entityTooLarge();
  const object = { bucketId: target.bucketId, name: target.name, owner };
  if (!checked) await canUpload(sr, caller, { ...object, metadata: { mimetype: headerOf(sr.req, 'content-type') ?? defaultMimeType } }, upsert);
  const body = await receiveBody(sr, bucket, limit);
  const metadata = objectMetadata(body);
  const id = await commitObject(sr, caller, { ...object, version: randomUUID(), metadata, userMetadata: body.userMetadata }, upsert, body.path);
  sendJson(sr.res, 200, { Id: id, Key: `${target.bucketId}/${target.name}` });
}

/** `POST` (new, or overwrite with `x-upsert: true`) and `PUT` (update: always overwrites). */
export async function uploadObject(sr: StorageRequest, encodedTarget: string): Promise<void> {
  const target = objectTarget(encodedTarget);
  const caller = sr.caller();
  const upsert = sr.req.method === 'PUT' || headerOf(sr.req, 'x-upsert') === 'true';
  await receiveUpload(sr, target, caller, caller.owner, upsert, false);
}

/** `POST /object/upload/sign/{bucket}/{path}`: a two-hour upload URL for a caller who may write. */
export async function createSignedUploadUrl(sr: StorageRequest, encodedTarget: string): Promise<void> {
  const target = objectTarget(encodedTarget);
  const caller = sr.caller();
  const upsert = headerOf(sr.req, 'x-upsert') === 'true';
  sr.req.resume();
  await findBucketAsSuperuser(sr.db, target.bucketId);
  await canUpload(sr, caller, { ...target, owner: caller.owner, metadata: {} }, upsert);
  const token = signObjectToken(sr.env.jwtSecret, { ...target, scope: 'upload', expiresIn: 2 * 60 * 60, owner: caller.owner, upsert });
  sendJson(sr.res, 200, { url: `/object/upload/sign/${target.bucketId}/${target.name}?token=${token}`, token });
}

/** `PUT /object/upload/sign/{bucket}/{path}?token=`: the token alone authorises the upload. */
export async function uploadToSignedUrl(sr: StorageRequest, encodedTarget: string): Promise<void> {
  const target = objectTarget(encodedTarget);
  const token = sr.url.searchParams.get('token');
  if (!token) throw errors.missingParameter('token');
  const signed = verifyObjectToken(sr.env.jwtSecret, token, target.bucketId, target.name, 'upload');
  await receiveUpload(sr, target, serviceCaller, signed.owner, signed.upsert === true, true);
}
