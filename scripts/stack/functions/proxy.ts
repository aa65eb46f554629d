// Streams one request to a function's Deno process and its answer back: method, headers and
// body go through unbuffered, as the edge runtime's relay does.
import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Running } from './worker.ts';

// Hop-by-hop headers describe one connection, not the message (RFC 9110 §7.6.1).
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));
}

/** The process went away before answering (it crashed or was killed mid-request). */
export class UpstreamError extends Error {}

/**
 * Forwards `req` to the function at `target`, where it sees `path` (e.g. `/create-checkout?x=1`).
 * Rejects with UpstreamError if nothing was answered yet, so the caller can still reply.
 */
export function proxyRequest(req: IncomingMessage, res: ServerResponse, target: Running, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const upstream = request({
      host: '127.0.0.1',
      port: target.port,
      agent: target.agent,
      method: req.method,
      path,
      headers: { ...endToEnd(req.headers), 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http' },
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error) => {
      if (res.headersSent) res.destroy();
      else reject(new UpstreamError(error.message));
    });
    // Done, or the caller gave up: then stop the function's work on it too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
      resolve();
    });
    req.pipe(upstream);
  });
}
