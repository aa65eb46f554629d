// The bucket endpoints storage-js exposes (`/bucket` list, get, create, update, empty, delete),
// each as the caller under RLS on storage.buckets (and storage.objects for empty), as storage-api
// runs them.
import { sendJson } from '../http.ts';
import { deleteBucket, insertBucket, selectBucket, selectBuckets, updateBucket, type BucketRow, type BucketSettings } from './bucket-rows.ts';
import { firstJson } from './database.ts';
import { errors, StorageError } from './errors.ts';
import { deleteBucketObjects } from './object-rows.ts';
import { jsonBody, type StorageRequest } from './request.ts';

/** storage-api's bucket name rule. */
const bucketNamePattern = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

const sizeUnits: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3, tb: 1000 ** 4 };

/** `fileSizeLimit` as storage-js sends it: bytes, or a string such as `"50MB"`. */
function sizeOf(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
  const match = typeof value === 'string' && /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?\s*$/i.exec(value);
  if (!match) throw errors.invalidRequest('Invalid file size limit');
  return Math.floor(Number(match[1]) * sizeUnits[(match[2] ?? 'b').toLowerCase()]!);
}

function settingsOf(body: Record<string, unknown>): BucketSettings {
  const types = body.allowed_mime_types;
  if (types !== undefined && types !== null && (!Array.isArray(types) || types.some((t) => typeof t !== 'string'))) {
    throw errors.invalidRequest('body/allowed_mime_types must be array of strings');
  }
  return {
    public: body.public === undefined ? undefined : Boolean(body.public),
    file_size_limit: sizeOf(body.file_size_limit),
    allowed_mime_types: types as string[] | null | undefined,
  };
}

async function one(sr: StorageRequest, statement: ReturnType<typeof selectBucket>): Promise<string | undefined> {
  const [rows] = await sr.db.run(sr.caller(), [statement]);
  return rows?.[0]?.[0] ?? undefined;
}

async function listBuckets(sr: StorageRequest): Promise<void> {
  const query = sr.url.searchParams;
  const number = (name: string) => (query.has(name) ? Number(query.get(name)) : undefined);
  const statement = selectBuckets({ limit: number('limit'), offset: number('offset'), search: query.get('search') ?? undefined });
  const [rows] = await sr.db.run(sr.caller(), [statement], { readOnly: true });
  sendJson(sr.res, 200, firstJson<BucketRow[]>(rows) ?? []);
}

async function getBucket(sr: StorageRequest, id: string): Promise<void> {
  const [rows] = await sr.db.run(sr.caller(), [selectBucket(id)], { readOnly: true });
  const bucket = firstJson<BucketRow>(rows);
  if (!bucket) throw errors.noSuchBucket();
  sendJson(sr.res, 200, bucket);
}

async function createBucket(sr: StorageRequest): Promise<void> {
  const body = await jsonBody(sr.req);
  const name = body.name;
  if (typeof name !== 'string' || !name) throw errors.missingParameter('name');
  if (!bucketNamePattern.test(name) || name.length > 100) throw errors.invalidBucketName();
  const id = typeof body.id === 'string' && body.id ? body.id : name;
  const created = await one(sr, insertBucket(id, name, sr.caller().owner, settingsOf(body))).catch((error: unknown) => {
    // storage-api names a taken bucket name BucketAlreadyExists.
    if (error instanceof Error && (error as { code?: string }).code === '23505') {
      throw new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate');
    }
    throw error;
  });
  sendJson(sr.res, 200, { name: created ?? name });
}

async function updateBucketRoute(sr: StorageRequest, id: string): Promise<void> {
  const updated = await one(sr, updateBucket(id, settingsOf(await jsonBody(sr.req))));
  if (!updated) throw errors.noSuchBucket();
  sendJson(sr.res, 200, { message: 'Successfully updated' });
}

async function emptyBucket(sr: StorageRequest, id: string): Promise<void> {
  sr.req.resume();
  const [found, deleted] = await sr.db.run(sr.caller(), [selectBucket(id), deleteBucketObjects(id)]);
  if (!found?.length) throw errors.noSuchBucket();
  await sr.env.store.remove(firstJson<string[]>(deleted) ?? []);
  sendJson(sr.res, 200, { message: 'Successfully emptied' });
}

async function deleteBucketRoute(sr: StorageRequest, id: string): Promise<void> {
  sr.req.resume();
  const deleted = await one(sr, deleteBucket(id)).catch((error: unknown) => {
    if (error instanceof Error && (error as { code?: string }).code === '23503') throw errors.bucketNotEmpty();
    throw error;
  });
  if (!deleted) throw errors.noSuchBucket();
  sendJson(sr.res, 200, { message: 'Successfully deleted' });
}

/** Every request under /bucket; `rest` is what follows it (`''`, `/{id}` or `/{id}/empty`). */
export async function buckets(sr: StorageRequest, rest: string): Promise<void> {
  const method = sr.req.method ?? 'GET';
  const [, encodedId, action] = rest.split('/');
  const id = encodedId ? decodeURIComponent(encodedId) : undefined;
  if (!id && method === 'GET') return listBuckets(sr);
  if (!id && method === 'POST') return createBucket(sr);
  if (id && action === 'empty' && method === 'POST') return emptyBucket(sr, id);
  if (id && action === undefined) {
    if (method === 'GET') return getBucket(sr, id);
    if (method === 'PUT') return updateBucketRoute(sr, id);
    if (method === 'DELETE') return deleteBucketRoute(sr, id);
  }
  throw errors.noRoute(method, `/storage/v1/bucket${rest}`);
}
