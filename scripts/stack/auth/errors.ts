// GoTrue's error responses, shaped so that auth-js (lib/fetch.ts handleError) raises the same
// errors as against the real service: with `X-Supabase-Api-Version: 2024-01-01` it reads the
// string `code`; without, the legacy `error_code`. `msg` is read before `message` for the text.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

/** An error GoTrue answers as HTTPError (or WeakPasswordError when `weakPassword` is set). */
export class AuthHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
  }
}

/** GoTrue's OAuthError: `{error, error_description}`, always 400, never versioned. */
export class OAuthStyleError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

export const badRequest = (code: string, message: string) => new AuthHttpError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthHttpError(403, code, message);
export const unprocessable = (code: string, message: string) => new AuthHttpError(422, code, message);
export const notFound = (code: string, message: string) => new AuthHttpError(404, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthHttpError(429, code, message);
export const internalError = (message: string) => new AuthHttpError(500, 'unexpected_failure', message);
export const validationFailed = (message: string) => badRequest('validation_failed', message);

const versionHeader = 'x-supabase-api-version';
const version20240101 = Date.UTC(2024, 0, 1);

/** The API version a request asks for, as GoTrue rounds it: 2024-01-01 or the initial one. */
function requestedVersion(req: IncomingMessage): '2024-01-01' | undefined {
  const value = req.headers[versionHeader];
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(date) && date >= version20240101 ? '2024-01-01' : undefined;
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthHttpError | OAuthStyleError): void {
  if (error instanceof OAuthStyleError) {
    sendJson(res, 400, { error: error.error, error_description: error.description });
    return;
  }
  const headers: Record<string, string> = { 'x-sb-error-code': error.code };
  const weakPassword = error.weakPasswordReasons ? { weak_password: { reasons: error.weakPasswordReasons } } : {};
  const version = requestedVersion(req);
  if (version) {
    headers['X-Supabase-Api-Version'] = version;
    // The versioned shape, plus the legacy names so older readers see the same code and text.
    sendJson(res, error.status, { code: error.code, message: error.message, error_code: error.code, msg: error.message, ...weakPassword }, headers);
    return;
  }
  sendJson(res, error.status, { code: error.status, error_code: error.code, msg: error.message, ...weakPassword }, headers);
}
