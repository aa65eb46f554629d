// Removing, moving and copying objects, each as the caller: `DELETE /object/{bucket}`
// `{ prefixes }` and `DELETE /object/{bucket}/{path}`, `POST /object/move` and `/object/copy`
// `{ bucketId, sourceKey, destinationKey, destinationBucket? }`. Bytes of removed objects go
// after their rows; a copy gets its own bytes.
import { randomUUID } from 'node:crypto';
import { sendJson } from '../http.ts';
import { firstJson } from './database.ts';
import { readObjectRow } from './download.ts';
import { errors } from './errors.ts';
import { deleteObjects, moveObject, type ObjectRow } from './object-rows.ts';
import { canUpload, commitObject } from './object-writes.ts';
import { assertValidKey, headerOf, jsonBody, objectTarget, type StorageRequest } from './request.ts';

async function removeRows(sr: StorageRequest, bucketId: string, names: string[]): Promise<ObjectRow[]> {
  const [rows] = await sr.db.run(sr.caller(), [deleteObjects(bucketId, names)]);
  const removed = firstJson<ObjectRow[]>(rows) ?? [];
  await sr.env.store.remove(removed.map((row) => row.version));
  return removed;
}

/** The removed objects (those the caller could see and delete); the others are silently kept. */
export async function removeObjects(sr: StorageRequest, bucketId: string): Promise<void> {
  const { prefixes } = await jsonBody(sr.req);
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.some((p) => typeof p !== 'string')) throw errors.missingParameter('prefixes');
  sendJson(sr.res, 200, await removeRows(sr, bucketId, prefixes as string[]));
}

export async function removeObject(sr: StorageRequest, encodedTarget: string): Promise<void> {
  const target = objectTarget(encodedTarget);
  const removed = await removeRows(sr, target.bucketId, [target.name]);
  if (removed.length === 0) throw errors.noSuchKey();
  sendJson(sr.res, 200, { message: 'Successfully deleted' });
}

async function moveOrCopyRequest(sr: StorageRequest) {
  const body = await jsonBody(sr.req);
  for (const key of ['bucketId', 'sourceKey', 'destinationKey'] as const) {
    if (typeof body[key] !== 'string' || !body[key]) throw errors.missingParameter(key);
  }
  const destinationBucket = typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : (body.bucketId as string);
  assertValidKey(body.destinationKey as string);
  return { bucketId: body.bucketId as string, sourceKey: body.sourceKey as string, destinationBucket, destinationKey: body.destinationKey as string };
}

/** A rename of the row: the caller's UPDATE policy must see the source and accept the destination. */
export async function moveObjectRoute(sr: StorageRequest): Promise<void> {
  const move = await moveOrCopyRequest(sr);
  const [rows] = await sr.db.run(sr.caller(), [moveObject(move.bucketId, move.sourceKey, move.destinationBucket, move.destinationKey)]);
  if (!rows?.length) throw errors.noSuchKey();
  sendJson(sr.res, 200, { message: 'Successfully moved' });
}

/** The caller must read the source and may write the destination (overwriting it with `x-upsert: true`). */
export async function copyObjectRoute(sr: StorageRequest): Promise<void> {
  const copy = await moveOrCopyRequest(sr);
  const caller = sr.caller();
  const upsert = headerOf(sr.req, 'x-upsert') === 'true';
  const source = await readObjectRow(sr, caller, { bucketId: copy.bucketId, name: copy.sourceKey });
  if (!source.version) throw errors.noSuchKey();
  const destination = { bucketId: copy.destinationBucket, name: copy.destinationKey, owner: caller.owner };
  await canUpload(sr, caller, { ...destination, metadata: source.metadata ?? {} }, upsert);
  const incoming = await sr.env.store.duplicate(source.version);
  const metadata = { ...source.metadata!, lastModified: new Date().toISOString() };
  const id = await commitObject(sr, caller, { ...destination, version: randomUUID(), metadata, userMetadata: source.user_metadata ?? undefined }, upsert, incoming);
  sendJson(sr.res, 200, { Id: id, Key: `${copy.destinationBucket}/${copy.destinationKey}` });
}
