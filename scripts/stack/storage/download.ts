// Reading objects: `GET`/`HEAD /object/{bucket}/{path}` and `/object/authenticated/...` (the row
// read as the caller: an object they may not read is not found), `/object/public/...` (a public
// bucket's, read by anyone), `/object/info/...`, and
// `GET /object/sign/{bucket}/{path}?token=` (the token alone). Bytes stream from disk with
// `Range`, `ETag`/`If-None-Match`, and the type, cache policy and date of the object's metadata.
import { open } from 'node:fs/promises';
import { sendJson } from '../http.ts';
import { findBucketAsSuperuser } from './bucket-rows.ts';
import { firstJson, serviceCaller, type Caller } from './database.ts';
import { errors } from './errors.ts';
import { findObject, type ObjectRow } from './object-rows.ts';
import { byteRange } from './range.ts';
import { headerOf, objectTarget, type ObjectTarget, type StorageRequest } from './request.ts';
import { ClientGone, sendFileRange } from './send-file.ts';
import { verifyObjectToken } from './signed-urls.ts';

export async function readObjectRow(sr: StorageRequest, caller: Caller, target: ObjectTarget): Promise<ObjectRow> {
  const [rows] = await sr.db.run(caller, [findObject(target.bucketId, target.name)], { readOnly: true });
  const row = firstJson<ObjectRow>(rows);
  if (!row) throw errors.noSuchKey();
  return row;
}

/**
 * The `download=` name. storage-js's createSignedUrl encodes it twice (URLSearchParams, then
 * encodeURI over the whole URL: supabase/supabase-js#2468), so what arrives may still be
 * percent-encoded; it is decoded once more when it is valid percent-encoding. (storage-api
 * does not, and names such a file `Lumi%C3%A8re…`.)
 */
function downloadName(raw: string): string {
  if (!/%[0-9a-f]{2}/i.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** storage-api's Content-Disposition: the name percent-encoded, as `filename` and RFC 5987 `filename*`. */
export function contentDisposition(download: string): string {
  if (download === '') return 'attachment;';
  const encoded = encodeURIComponent(downloadName(download));
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}

interface ServeOptions {
  download?: string | null;
  /** Signed URLs answer `Expires` (the token's) instead of the object's Cache-Control. */
  expires?: Date;
}

function responseHeaders(row: ObjectRow, options: ServeOptions): Record<string, string | number> {
  const meta = row.metadata;
  const headers: Record<string, string | number> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': meta?.mimetype ?? 'application/octet-stream',
    'X-Robots-Tag': 'none',
  };
  if (meta?.eTag) headers.ETag = meta.eTag;
  if (meta?.lastModified) headers['Last-Modified'] = new Date(meta.lastModified).toUTCString();
  if (options.expires) headers.Expires = options.expires.toUTCString();
  else if (meta?.cacheControl) headers['Cache-Control'] = meta.cacheControl;
  if (options.download !== undefined && options.download !== null) headers['Content-Disposition'] = contentDisposition(options.download);
  return headers;
}

async function serveBytes(sr: StorageRequest, row: ObjectRow, options: ServeOptions): Promise<void> {
  const { req, res, env } = sr;
  if (!row.version) throw errors.noSuchKey();
  // Opened before answering: the handle keeps the bytes readable even if an overwrite removes them.
  const file = await open(env.store.pathOf(row.version)).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? errors.noSuchKey() : error;
  });
  try {
    const { size } = await file.stat();
    const headers = responseHeaders(row, options);
    if (row.metadata?.eTag && headerOf(req, 'if-none-match') === row.metadata.eTag) {
      res.writeHead(304, headers).end();
      return;
    }
    let range;
    try {
      range = byteRange(headerOf(req, 'range'), size);
    } catch (error) {
      res.setHeader('Content-Range', `bytes */${size}`);
      throw error;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    headers['Content-Length'] = Math.max(0, end - start + 1);
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    res.writeHead(range ? 206 : 200, headers);
    if (req.method === 'HEAD' || size === 0) {
      res.end();
      return;
    }
    // A client that goes away mid-download ends the sending; nothing to report for it.
    await sendFileRange(file, res, start, end).catch((error: unknown) => {
      if (!(error instanceof ClientGone)) throw error;
    });
  } finally {
    await file.close();
  }
}

/** `GET`/`HEAD /object/[authenticated/]{bucket}/{path}` as the caller. */
export async function downloadObject(sr: StorageRequest, encodedTarget: string): Promise<void> {
  const target = objectTarget(encodedTarget);
  const row = await readObjectRow(sr, sr.caller(), target);
  await serveBytes(sr, row, { download: sr.url.searchParams.get('download') });
}

/**
 * `GET`/`HEAD /object/public/{bucket}/{path}`: no Authorization and no RLS, as storage-api reads a
 * public bucket's object as its superuser; a bucket that is not public is not found.
 */
export async function downloadPublic(sr: StorageRequest, encodedTarget: string): Promise<void> {
  const target = objectTarget(encodedTarget);
  const bucket = await findBucketAsSuperuser(sr.db, target.bucketId);
  if (!bucket.public) throw errors.noSuchBucket();
  const row = await readObjectRow(sr, serviceCaller, target);
  await serveBytes(sr, row, { download: sr.url.searchParams.get('download') });
}

/** `GET /object/sign/{bucket}/{path}?token=[&download=]`: no Authorization, the token decides. */
export async function downloadSigned(sr: StorageRequest, encodedTarget: string): Promise<void> {
  const target = objectTarget(encodedTarget);
  const token = sr.url.searchParams.get('token');
  if (!token) throw errors.missingParameter('token');
  const signed = verifyObjectToken(sr.env.jwtSecret, token, target.bucketId, target.name, 'download');
  const row = await readObjectRow(sr, serviceCaller, target);
  await serveBytes(sr, row, { download: sr.url.searchParams.get('download'), expires: new Date(signed.exp * 1000) });
}

/** `GET /object/info/[authenticated/]{bucket}/{path}`: the object's row as storage-api's InfoRenderer shapes it. */
export async function objectInfo(sr: StorageRequest, encodedTarget: string): Promise<void> {
  const row = await readObjectRow(sr, sr.caller(), objectTarget(encodedTarget));
  const meta = row.metadata;
  sendJson(sr.res, 200, {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta?.size ?? null,
    content_type: meta?.mimetype ?? null,
    cache_control: meta?.cacheControl ?? null,
    etag: meta?.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  }, meta?.eTag ? { ETag: meta.eTag } : {});
}
