// `POST /object/sign/{bucket}/{path}` and `POST /object/sign/{bucket}` (many paths): a signed
// download URL only for what the caller may SELECT (else not found / a per-path error), as
// storage-api signs after finding the object as the caller.
import { sendJson } from '../http.ts';
import { firstJson } from './database.ts';
import { errors } from './errors.ts';
import { readObjectRow } from './download.ts';
import { findNames } from './object-rows.ts';
import { jsonBody, objectTarget, type StorageRequest } from './request.ts';
import { expiresInOf, signObjectToken } from './signed-urls.ts';

export async function signObject(sr: StorageRequest, encodedTarget: string): Promise<void> {
  const target = objectTarget(encodedTarget);
  const expiresIn = expiresInOf(await jsonBody(sr.req));
  await readObjectRow(sr, sr.caller(), target);
  const token = signObjectToken(sr.env.jwtSecret, { ...target, scope: 'download', expiresIn });
  sendJson(sr.res, 200, { signedURL: `/object/sign/${target.bucketId}/${target.name}?token=${token}` });
}

export async function signObjects(sr: StorageRequest, bucketId: string): Promise<void> {
  const body = await jsonBody(sr.req);
  const expiresIn = expiresInOf(body);
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) throw errors.missingParameter('paths');
  const [rows] = await sr.db.run(sr.caller(), [findNames(bucketId, paths as string[])], { readOnly: true });
  const readable = new Set(firstJson<string[]>(rows) ?? []);
  sendJson(
    sr.res,
    200,
    (paths as string[]).map((path) => {
      if (!readable.has(path)) return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      const token = signObjectToken(sr.env.jwtSecret, { bucketId, name: path, scope: 'download', expiresIn });
      return { error: null, path, signedURL: `/object/sign/${bucketId}/${path}?token=${token}` };
    }),
  );
}
