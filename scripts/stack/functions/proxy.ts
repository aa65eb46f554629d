// Streams one request to a function's Deno process and its answer back: method, headers and
// body go through unbuffered, as the edge runtime's relay does, with the two things the hosted
// relay adds (limits.ts): the request idle timeout, and HTML on GET served as plain text. The
// round trips the function made for the request (counted by bootstrap.ts, in a header of the
// runtime's own) are taken out of the answer and handed to the runtime.
import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Running } from './worker.ts';

// Hop-by-hop headers describe one connection, not the message (RFC 9110 §7.6.1).
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));
}

/** Set by bootstrap.ts on every answer: the request's round trips by service, as JSON. */
const roundTripsHeader = 'x-edge-runtime-round-trips';

/** Network round trips one request made, by the service reached (database, auth, commerce, …). */
export type RoundTrips = Record<string, number>;

/** The round trips the answer reports, and its headers without that report. */
function takeRoundTrips(headers: IncomingHttpHeaders): { roundTrips: RoundTrips; headers: IncomingHttpHeaders } {
  const { [roundTripsHeader]: report, ...rest } = headers;
  try {
    return { roundTrips: typeof report === 'string' ? (JSON.parse(report) as RoundTrips) : {}, headers: rest };
  } catch {
    return { roundTrips: {}, headers: rest };
  }
}

/** The process went away before answering (it crashed or was killed mid-request). */
export class UpstreamError extends Error {}

/** The function sent no response within the request idle timeout. */
export class IdleTimeoutError extends Error {}

/** The caller left before the request reached the function (while its worker booted). */
export class CallerGoneError extends Error {}

export interface RelayRules {
  /** How long the function may take to send its response's head. */
  idleTimeoutMs: number;
  /** Without a custom domain, a GET answered with text/html reaches the caller as text/plain. */
  customDomain: boolean;
}

function contentTypeSeen(method: string | undefined, headers: IncomingHttpHeaders, rules: RelayRules): IncomingHttpHeaders {
  const type = headers['content-type'];
  if (rules.customDomain || method !== 'GET' || !type || !/^\s*text\/html\b/i.test(type)) return headers;
  return { ...headers, 'content-type': type.replace(/text\/html/i, 'text/plain') };
}

/**
 * Forwards `req` to the function at `target`, where it sees `path` (e.g. `/create-checkout?x=1`).
 * Rejects with UpstreamError or IdleTimeoutError if nothing was answered yet, so the caller can
 * still reply, and with CallerGoneError, sending nothing, if the caller has already left.
 */
export function proxyRequest(
  req: IncomingMessage,
  res: ServerResponse,
  target: Running,
  path: string,
  rules: RelayRules,
  onRoundTrips: (roundTrips: RoundTrips) => void = () => undefined,
): Promise<void> {
  // The request as the log names it.
  const named = `${req.method} ${path.split('?')[0]}`;
  return new Promise((resolve, reject) => {
    // Gone already, as a browser leaving its page or a caller's own timeout leaves a call to a worker
    // still booting: the body went with the connection, and relaying the head alone would hold
    // the function waiting for the rest until the idle timeout.
    if (res.destroyed) {
      reject(new CallerGoneError(`the caller left before ${named} reached the function`));
      return;
    }
    const upstream = request({
      host: '127.0.0.1',
      port: target.port,
      agent: target.agent,
      method: req.method,
      path,
      headers: { ...endToEnd(req.headers), 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http' },
    });
    const idle = setTimeout(() => {
      // Which request, and whether its body had all come in: enough to tell a function that hung
      // from one still waiting on its caller.
      const body = req.complete ? 'its body received' : 'its body not yet all received';
      reject(new IdleTimeoutError(`no response within the request idle timeout of ${rules.idleTimeoutMs / 1000} s (${named}, ${body})`));
      upstream.destroy();
    }, rules.idleTimeoutMs);
    upstream.on('response', (answer) => {
      clearTimeout(idle);
      const { roundTrips, headers } = takeRoundTrips(endToEnd(answer.headers));
      onRoundTrips(roundTrips);
      res.writeHead(answer.statusCode ?? 502, contentTypeSeen(req.method, headers, rules));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error) => {
      clearTimeout(idle);
      if (res.headersSent) res.destroy();
      else reject(new UpstreamError(error.message));
    });
    // Done, or the caller gave up: then stop the function's work on it too.
    res.on('close', () => {
      clearTimeout(idle);
      if (!res.writableFinished) upstream.destroy();
      resolve();
    });
    req.pipe(upstream);
  });
}
