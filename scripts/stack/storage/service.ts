// The local Supabase Storage (`/storage/v1`): the routes of storage-api that storage-js calls,
// over storage.buckets / storage.objects (the platform bootstrap's schema) queried as the
// caller, with bytes on local disk. `createStorageService({ dataDir })` gives the gateway its
// factory; the data folder is the stack's (throwaway in tests, the state dir for `npm start`).
import type { ServiceFactory } from '../context.ts';
import { buckets } from './buckets.ts';
import { downloadObject, downloadPublic, downloadSigned, objectInfo } from './download.ts';
import { errors, sendError, toStorageError } from './errors.ts';
import { FileStore } from './file-store.ts';
import { listObjects } from './list.ts';
import { copyObjectRoute, moveObjectRoute, removeObject, removeObjects } from './object-changes.ts';
import { storageRequest, type StorageEnv, type StorageRequest } from './request.ts';
import { signObject, signObjects } from './sign.ts';
import { handleTus, tusHeaders, tusPath } from './tus.ts';
import { createSignedUploadUrl, uploadObject, uploadToSignedUrl } from './upload.ts';
import { accessTokenKeys } from '../project-keys.ts';

/** Supabase's default global limit for standard uploads (50 MB). */
export const defaultUploadLimit = 50 * 1024 * 1024;
/** Resumable uploads are how large files arrive; 5 GB, hosted Supabase's largest per-file limit on paid plans. */
export const defaultResumableUploadLimit = 5 * 1024 * 1024 * 1024;

export interface StorageOptions {
  /** Where the bytes live (objects/ and incoming/ are made below it). */
  dataDir: string;
  uploadLimit?: number;
  resumableUploadLimit?: number;
}

type Route = (sr: StorageRequest, rest: string) => Promise<void>;

/** The object routes by method, most specific prefix first, as storage-api registers them. */
const objectRoutes: Array<[method: string, prefix: string, route: Route]> = [
  ['POST', '/object/list/', listObjects],
  ['POST', '/object/move', (sr) => moveObjectRoute(sr)],
  ['POST', '/object/copy', (sr) => copyObjectRoute(sr)],
  ['POST', '/object/upload/sign/', createSignedUploadUrl],
  ['PUT', '/object/upload/sign/', uploadToSignedUrl],
  ['POST', '/object/sign/', (sr, rest) => (rest.includes('/') ? signObject(sr, rest) : signObjects(sr, decodeURIComponent(rest)))],
  ['GET', '/object/sign/', downloadSigned],
  ['GET', '/object/info/authenticated/', objectInfo],
  ['GET', '/object/info/', objectInfo],
  ['GET', '/object/public/', downloadPublic],
  ['HEAD', '/object/public/', downloadPublic],
  ['GET', '/object/authenticated/', downloadObject],
  ['HEAD', '/object/authenticated/', downloadObject],
  ['GET', '/object/', downloadObject],
  ['HEAD', '/object/', downloadObject],
  ['POST', '/object/', uploadObject],
  ['PUT', '/object/', uploadObject],
  ['DELETE', '/object/', (sr, rest) => (rest.includes('/') ? removeObject(sr, rest) : removeObjects(sr, decodeURIComponent(rest)))],
];

function routeOf(method: string, path: string): { route: Route; rest: string } | undefined {
  if (path === tusPath || path.startsWith(`${tusPath}/`)) return { route: handleTus, rest: path.slice(tusPath.length) };
  if (path === '/bucket' || path.startsWith('/bucket/')) return { route: buckets, rest: path.slice('/bucket'.length) };
  for (const [m, prefix, route] of objectRoutes) {
    const matches = prefix.endsWith('/') ? path.startsWith(prefix) && path.length > prefix.length : path === prefix;
    if (m === method && matches) {
      return { route, rest: path.slice(prefix.length) };
    }
  }
  return undefined;
}

export function createStorageService(options: StorageOptions): ServiceFactory {
  return async (context) => {
    const env: StorageEnv = {
      store: new FileStore(options.dataDir),
      pool: context.pool('authenticator'),
      jwtSecret: context.jwtSecret,
      accessTokenKeys: () => accessTokenKeys(context),
      apiUrl: context.apiUrl,
      uploadLimit: options.uploadLimit ?? defaultUploadLimit,
      resumableUploadLimit: options.resumableUploadLimit ?? defaultResumableUploadLimit,
    };
    return {
      async handle(req, res, path, url) {
        const method = req.method ?? 'GET';
        const sr = storageRequest(env, req, res, path, url);
        try {
          const target = routeOf(method, path);
          if (!target) throw errors.noRoute(method, `/storage/v1${path}`);
          await target.route(sr, target.rest);
        } catch (error) {
          // A refused upload's body drains, so the client reads the error rather than a reset.
          if (!req.readableEnded) {
            req.unpipe();
            req.resume();
          }
          sendError(res, toStorageError(error), method);
        }
      },
      preflightHeaders: (path) => (path.startsWith(tusPath) ? { ...tusHeaders, 'Tus-Max-Size': String(env.resumableUploadLimit) } : {}),
      close: async () => undefined,
    };
  };
}
