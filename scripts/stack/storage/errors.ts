// Storage's error bodies and statuses, as storage-api renders them: the body carries the error's
// own status as a string (`"404"`), its code, its legacy `error` name and a message; the HTTP
// status is 400 for every client error (500 for server errors) unless the error says otherwise
// (416 for a range, 403 for a refused role), exactly as storage-api's error handler answers.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { isPgError } from '../rest/errors.ts';

export class StorageError extends Error {
  constructor(
    /** The status storage-api names the error with (the body's `statusCode`). */
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** storage-api's backwards-compatible `error` field. */
    readonly error: string = code,
    /** What the HTTP response carries. */
    readonly httpStatus: number = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
  }

  body(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const errors = {
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchUpload: () => new StorageError(404, 'NoSuchUpload', 'Upload not found', 'not_found'),
  noRoute: (method: string, path: string) => new StorageError(404, 'NotFound', `Route ${method}:${path} not found`, 'Not Found', 404),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  expiredToken: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  duplicate: () => new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (type: string) => new StorageError(415, 'InvalidMimeType', `mime type ${type} is not supported`, 'invalid_mime_type'),
  invalidRange: () => new StorageError(416, 'InvalidRange', 'invalid range provided', 'invalid_range', 416),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  missingParameter: (name: string) => new StorageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  /** TUS: the offset a PATCH names is not where the upload stands. */
  offsetMismatch: () => new StorageError(409, 'InvalidRequest', 'Upload-Offset conflict', 'InvalidRequest', 409),
};

/** A database error as storage-api's DBError.fromDBError maps it. */
export function fromPgError(error: { code: string; message: string }): StorageError {
  switch (error.code) {
    case '42501':
      return errors.accessDenied(error.message.includes('row-level security') ? 'new row violates row-level security policy' : error.message);
    case '23505':
      return errors.duplicate();
    case '23503':
      return new StorageError(404, 'RelatedResourceNotFound', 'The related resource does not exist');
    case '22P02':
      return new StorageError(400, 'InvalidParameter', error.message);
    default:
      return new StorageError(500, 'DatabaseError', `database error, code: ${error.code}`);
  }
}

/** Any failure of a request as a StorageError; what is not one (a bug, a lost connection) logs and is a 500. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (isPgError(error)) return fromPgError(error);
  console.error(`[storage] ${(error as Error).stack ?? String(error)}`);
  return new StorageError(500, 'InternalError', 'Internal Server Error', 'Internal');
}

export function sendError(res: ServerResponse, error: StorageError, method: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (method === 'HEAD') {
    res.writeHead(error.httpStatus, { 'Cache-Control': 'no-store' }).end();
    return;
  }
  sendJson(res, error.httpStatus, error.body(), error.statusCode === 404 ? { 'Cache-Control': 'no-store' } : {});
}
