// Small HTTP helpers shared by the stack's services.
import type { IncomingMessage, ServerResponse } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`);
  }
}

/** The caller went away before its body was all read; the error Node gives an aborted request. */
function callerLeft(): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
}

/**
 * Reads the whole body, refusing more than `limit` bytes without buffering the excess. Rejects if
 * the caller has gone, even before this was called (a request that waited for something first):
 * its body went with its connection, and waiting for it would wait forever.
 */
export function readBody(req: IncomingMessage, limit = 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (req.destroyed) {
      reject(callerLeft());
      return;
    }
    req.on('close', () => {
      if (!req.readableEnded) reject(callerLeft());
    });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | number> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The bearer token of a request, if any. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const value = req.headers.authorization;
  const match = value && /^Bearer\s+(.+)$/i.exec(value);
  return match?.[1]?.trim();
}
