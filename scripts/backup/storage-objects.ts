// The buckets' objects: listed from `storage.objects` in the backup's snapshot (with their
// metadata), their bytes read and written through the Storage API with the secret key, so the
// same code serves the local stack and a hosted project (whose bytes live in S3, out of reach).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, renameSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { join } from 'node:path';
import { nodeClient } from '../lib/supabase-client.ts';

export interface ObjectRecord {
  bucket: string;
  name: string;
  size: number;
  sha256: string;
  /** The MD5 Storage reports as the eTag of a single-part upload. */
  md5: string;
  contentType: string | null;
  cacheControl: string | null;
  /** What the uploader attached (`x-metadata`), if anything. */
  userMetadata: Record<string, unknown> | null;
  createdAt: string;
  /** Where its bytes are in the archive (`storage/blobs/<sha256>`; equal bytes stored once). */
  blob: string;
}

export interface StorageApi {
  apiUrl: string;
  secretKey: string;
}

interface ListedObject {
  bucket_id: string;
  name: string;
  metadata: { mimetype?: string; cacheControl?: string; size?: number } | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
}

/** Every object of every bucket, as the backup's snapshot sees them. */
export async function listObjects(db: pg.ClientBase): Promise<ListedObject[]> {
  const { rows } = await db.query<ListedObject>(`select bucket_id, name, metadata, user_metadata, created_at from storage.objects order by bucket_id, name`);
  return rows;
}

function objectUrl(api: StorageApi, bucket: string, name: string): string {
  return `${api.apiUrl}/storage/v1/object/authenticated/${encodeURIComponent(bucket)}/${name.split('/').map(encodeURIComponent).join('/')}`;
}

/** Downloads one object into `blobsDir`, counting its SHA-256 and MD5 on the way. */
export async function downloadObject(api: StorageApi, object: ListedObject, blobsDir: string): Promise<ObjectRecord> {
  const response = await fetch(objectUrl(api, object.bucket_id, object.name), {
    headers: { apikey: api.secretKey, Authorization: `Bearer ${api.secretKey}` },
  });
  if (!response.ok || !response.body) {
    throw new Error(`${object.bucket_id}/${object.name} could not be read through the Storage API: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
  }
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sha256.update(chunk);
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const partial = join(blobsDir, `incoming-${process.pid}-${Math.random().toString(36).slice(2)}`);
  await pipeline(Readable.fromWeb(response.body as never), counting, createWriteStream(partial));
  const digest = sha256.digest('hex');
  renameSync(partial, join(blobsDir, digest));
  return {
    bucket: object.bucket_id,
    name: object.name,
    size,
    sha256: digest,
    md5: md5.digest('hex'),
    contentType: object.metadata?.mimetype ?? null,
    cacheControl: object.metadata?.cacheControl ?? null,
    userMetadata: object.user_metadata,
    createdAt: object.created_at.toISOString(),
    blob: `storage/blobs/${digest}`,
  };
}

/** The SHA-256 of a file, streamed. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * Hosted Storage takes a standard upload up to its global limit (50 MB on the free plan) and
 * recommends the resumable protocol past 6 MB; its TUS server wants chunks of exactly 6 MB.
 */
export const resumableChunk = 6 * 1024 * 1024;

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** A large object through TUS (`/storage/v1/upload/resumable`), one 6 MB chunk at a time. */
async function uploadResumable(api: StorageApi, object: ObjectRecord, path: string): Promise<void> {
  const auth = { apikey: api.secretKey, Authorization: `Bearer ${api.secretKey}`, 'Tus-Resumable': '1.0.0' };
  const fields: Record<string, string> = { bucketName: object.bucket, objectName: object.name };
  if (object.contentType) fields.contentType = object.contentType;
  const maxAge = /max-age=(\d+)/.exec(object.cacheControl ?? '')?.[1];
  if (maxAge) fields.cacheControl = maxAge;
  if (object.userMetadata) fields.metadata = JSON.stringify(object.userMetadata);
  const created = await fetch(`${api.apiUrl}/storage/v1/upload/resumable`, {
    method: 'POST',
    headers: { ...auth, 'x-upsert': 'true', 'Upload-Length': String(object.size), 'Upload-Metadata': tusMetadata(fields) },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`${object.bucket}/${object.name}: the resumable upload was not created (HTTP ${created.status} ${await created.text()})`);
  const uploadUrl = new URL(location, api.apiUrl).href;
  const handle = await open(path);
  try {
    for (let offset = 0; offset < object.size; offset += resumableChunk) {
      const chunk = Buffer.alloc(Math.min(resumableChunk, object.size - offset));
      await handle.read(chunk, 0, chunk.length, offset);
      const patched = await fetch(uploadUrl, { method: 'PATCH', headers: { ...auth, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, body: chunk });
      if (patched.status !== 204) throw new Error(`${object.bucket}/${object.name}: the resumable upload stopped at byte ${offset} (HTTP ${patched.status} ${await patched.text()})`);
    }
  } finally {
    await handle.close();
  }
}

/** Uploads one object back with its content type, cache control and metadata (replacing any). */
export async function uploadObject(api: StorageApi, object: ObjectRecord, archiveDir: string): Promise<void> {
  const path = join(archiveDir, object.blob);
  if (object.size > resumableChunk) return uploadResumable(api, object, path);
  const bucket = nodeClient(api.apiUrl, api.secretKey).storage.from(object.bucket);
  const maxAge = /max-age=(\d+)/.exec(object.cacheControl ?? '')?.[1];
  const { error } = await bucket.upload(object.name, readFileSync(path), {
    upsert: true,
    ...(object.contentType && { contentType: object.contentType }),
    ...(maxAge && { cacheControl: maxAge }),
    ...(object.userMetadata && { metadata: object.userMetadata }),
  });
  if (error) throw new Error(`${object.bucket}/${object.name} could not be uploaded through the Storage API: ${error.message}`);
}
