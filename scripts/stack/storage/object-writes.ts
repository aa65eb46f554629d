// How an object is written, whatever brought its bytes (an upload, a signed upload, a copy, a
// finished TUS upload): the caller's right is tried first (storage-api's canUpload: the INSERT
// or upsert, rolled back) so a refused caller streams nothing; then the bytes land in an
// incoming file; then one transaction writes the row as the caller and, before COMMIT, renames
// the bytes into place. A replaced version's bytes go after the commit.
import { randomUUID } from 'node:crypto';
import type { BucketRow } from './bucket-rows.ts';
import type { Caller } from './database.ts';
import { errors } from './errors.ts';
import { lockVersion, writeObject, type NewObject, type ObjectMetadata } from './object-rows.ts';
import type { StorageRequest } from './request.ts';

/** Throws AccessDenied (or Duplicate) when the caller could not write this object row. */
export async function canUpload(sr: StorageRequest, caller: Caller, object: Omit<NewObject, 'version'>, upsert: boolean): Promise<void> {
  await sr.db.run(caller, [writeObject({ ...object, version: randomUUID() }, upsert)], { commitIf: () => false });
}

/** Writes the row as `caller` and puts `incomingPath` in place; answers the object's id. */
export async function commitObject(sr: StorageRequest, caller: Caller, object: NewObject, upsert: boolean, incomingPath: string): Promise<string> {
  const { store } = sr.env;
  const statements = upsert ? [lockVersion(object.bucketId, object.name), writeObject(object, true)] : [writeObject(object, false)];
  let placed = false;
  let results;
  try {
    results = await sr.db.run(caller, statements, {
      commitIf: async () => {
        await store.commit(incomingPath, object.version);
        placed = true;
        return true;
      },
    });
  } catch (error) {
    await (placed ? store.remove([object.version]) : store.discard(incomingPath));
    throw error;
  }
  const replaced = upsert ? results[0]?.[0]?.[0] : undefined;
  if (replaced && replaced !== object.version) await store.remove([replaced]);
  return results.at(-1)![0]![0]!;
}

/** The largest upload this bucket takes: its own limit, or the service's. */
export function sizeLimit(bucket: BucketRow, serviceLimit: number): number {
  return bucket.file_size_limit ? Math.min(Number(bucket.file_size_limit), serviceLimit) : serviceLimit;
}

/** storage-api's validateMimeType: the type (parameters aside) must match an entry, `type/*` matching a family. */
export function assertAllowedMimeType(mimetype: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const type = mimetype.split(';')[0]!.trim().toLowerCase();
  const ok = allowed.some((entry) => {
    const wanted = entry.trim().toLowerCase();
    return wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted;
  });
  if (!ok) throw errors.invalidMimeType(mimetype);
}

/** The metadata storage-api writes on an object row. */
export function objectMetadata(fields: { size: number; eTag: string; mimetype: string; cacheControl: string }): ObjectMetadata {
  return {
    eTag: fields.eTag,
    size: fields.size,
    mimetype: fields.mimetype,
    cacheControl: fields.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: fields.size,
    httpStatusCode: 200,
  };
}
