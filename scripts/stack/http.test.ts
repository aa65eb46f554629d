// readBody against a real server and a caller that goes away: before its body is read (the
// request waited for something first), or in the middle of sending it.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BodyTooLargeError, readBody } from './http.ts';

let server: Server | undefined;
// The handlers never answer: the connections are cut for the server to close.
afterEach(() => new Promise<void>((resolve) => (server ? (server.close(() => resolve()), server.closeAllConnections()) : resolve())));

/** A server whose every request is handed to `handle`; its port. */
async function serve(handle: (req: IncomingMessage) => void): Promise<number> {
  server = createServer((req) => handle(req));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends a POST whose body is `chunks`, then ends it, or with `leave` cuts the connection instead. */
function post(port: number, chunks: string[], leave: boolean): void {
  const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', headers: { 'content-length': String(chunks.join('').length + (leave ? 10 : 0)) } });
  req.on('error', () => undefined);
  for (const chunk of chunks) req.write(chunk);
  if (leave) setTimeout(() => req.destroy(), 50);
  else req.end();
}

describe('readBody', () => {
  it('reads the whole body', async () => {
    const read = new Promise<Buffer>((resolve, reject) => void serve((req) => readBody(req).then(resolve, reject)).then((port) => post(port, ['{"a":', '1}'], false)));
    expect((await read).toString()).toBe('{"a":1}');
  });

  it('refuses a body over the limit', async () => {
    const read = new Promise<Buffer>((resolve, reject) => void serve((req) => readBody(req, 4).then(resolve, reject)).then((port) => post(port, ['0123456789'], false)));
    await expect(read).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it('rejects once the caller has gone, when it left before the body was read', async () => {
    const read = new Promise<Buffer>((resolve, reject) =>
      void serve((req) => req.once('close', () => void readBody(req).then(resolve, reject))).then((port) => post(port, ['{"lost":true}'], true)),
    );
    await expect(read).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('rejects when the caller leaves in the middle of its body', async () => {
    const read = new Promise<Buffer>((resolve, reject) => void serve((req) => readBody(req).then(resolve, reject)).then((port) => post(port, ['{"half":'], true)));
    await expect(read).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});
