// The one gate every function's request body passes before the function sees it: at most
// `maxBodyBytes`, or 413 with the functions' JSON error. A declared Content-Length over the limit
// is refused before a byte is kept; any other body (a chunked one declares no length) is kept up
// to the limit and no further. Either way a large body is never held, parsed or acted on, whoever
// sends it (the gate comes before the caller's credentials are checked). Each function's
// `Deno.serve` wraps its handler in `limitBody`; tests/body_limit.test.ts calls every function.
import { errorResponse, HttpError } from './errors.ts';

/** Every function's bodies are a few identifiers and a cart of at most 50 lines (schemas.ts): 64 KB is ample. */
export const maxBodyBytes = 64 * 1024;

const tooLarge = (cause: string) =>
  new HttpError(413, 'body_too_large', `The request body exceeds the limit of ${maxBodyBytes} bytes.`, {
    cause,
    detail: 'La requête envoyée est trop volumineuse.',
  });

/**
 * Past the limit, up to this much more is read and dropped before answering, as nginx's lingering
 * close does: a client still sending when the answer comes would otherwise see its connection
 * reset instead of the 413. Beyond it the connection is cut.
 */
const drainBytes = 16 * 1024 * 1024;

/** Reads what is left of the body into nothing, `drainBytes` at most, then cancels the rest. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  for (let dropped = 0; dropped <= drainBytes; ) {
    const { done, value } = await reader.read();
    if (done) return;
    dropped += value.length;
  }
  await reader.cancel();
}

/** The body's bytes, or null once more than `maxBodyBytes` arrived (the rest is dropped unkept). */
async function readCapped(body: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > maxBodyBytes) {
      await drain(reader);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** `handler`, seeing only requests whose body is within the limit, already read into memory. */
export function limitBody(handler: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!request.body) return handler(request);
    const declared = request.headers.get('Content-Length');
    if (declared !== null && !(Number(declared) <= maxBodyBytes)) {
      await drain(request.body.getReader());
      return errorResponse(tooLarge(`Content-Length: ${declared}`));
    }
    const bytes = await readCapped(request.body);
    if (!bytes) return errorResponse(tooLarge(declared === null ? 'a body without Content-Length' : `more bytes than its Content-Length of ${declared}`));
    // Built from the parts, not from `request`: copying a request reads its `signal`, which Deno
    // answers with a warning on every call that the signal's legacy behaviour is in use.
    return handler(new Request(request.url, { method: request.method, headers: request.headers, body: bytes }));
  };
}
