// The edge functions' own calls to the stack's API (REST, auth, storage, other functions), told
// apart from new work: the runtime's bootstrap (bootstrap.ts) adds a header of its own to each
// of them, holding a token that only this process and the workers it starts know, and the
// gateway takes it out before a service sees the request. The gateway never refuses such a call
// for a standing queue (../../lib/in-flight-limit.ts): the function that makes it was admitted,
// and refusing its inner call would turn a purchase under way into an error.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header; keep in sync with bootstrap.ts. */
export const innerCallHeader = 'x-edge-runtime-inner-call';

/** Given to the workers on their command line, never to the functions' environment. */
export const innerCallToken = randomBytes(16).toString('hex');

/** Whether the request is a function's own call (its header taken out either way). */
export function takeInnerCall(req: IncomingMessage): boolean {
  const value = req.headers[innerCallHeader];
  delete req.headers[innerCallHeader];
  return value === innerCallToken;
}
