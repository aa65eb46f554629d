// Error answers of the edge functions: `{ error: { code, message, detail? } }` with a 4xx for
// anything the caller can fix or must be refused, 502 when the commerce service fails, and a bare
// 500 (no stack, no internals) for the unexpected. The cause is logged, never sent.
import { corsHeaders } from './cors.ts';

export class HttpError extends Error {
  /** A sentence for the person reading the message (spec §8's second line), sent as `detail`. */
  readonly detail?: string;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options?: { cause?: unknown; detail?: string },
  ) {
    super(message, options);
    this.detail = options?.detail;
  }
}

/** Any failure of the commerce service: unreachable, non-OK, or an answer we cannot read. */
export class CommerceError extends Error {}

export const badRequest = (code: string, message: string) => new HttpError(400, code, message);

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    const cause = error.cause instanceof Error ? error.cause.message : (error.cause ?? '');
    console.warn(`${error.status} ${error.code}: ${error.message}`, cause);
    const detail = error.detail === undefined ? {} : { detail: error.detail };
    return jsonResponse({ error: { code: error.code, message: error.message, ...detail } }, error.status);
  }
  if (error instanceof CommerceError) {
    console.error(`commerce service: ${error.message}`, error.cause ?? '');
    return jsonResponse({ error: { code: 'commerce_unavailable', message: `The commerce service failed: ${error.message}` } }, 502);
  }
  console.error('unexpected failure', error);
  return jsonResponse({ error: { code: 'internal_error', message: 'Unexpected failure; the details are in the function logs.' } }, 500);
}

/** Reads a JSON object body; anything else is the caller's mistake, not a crash. */
export async function readJson(request: Request): Promise<unknown> {
  if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST with a JSON body.');
  try {
    return await request.json();
  } catch (cause) {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.', { cause });
  }
}
