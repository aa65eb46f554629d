// The client side of `bench:storage`, in a process of its own so that the clients' work neither
// slows the gateway's event loop nor counts in its memory. Answers the parent's requests over
// IPC: `stream` (a whole download, timed), `disk` (the same file read from disk, timed the same
// way in this same process; both answer their wall time and this process's CPU), `seek` (Range
// requests, timed), `parallel` (concurrent whole downloads). Bodies are counted and dropped.
//
// The timed pair is read the same lean way, so that the ratio weighs the gateway and not the
// client: the disk read fills one reused 1 MiB buffer, and the download is received into one
// reused 1 MiB buffer too (net's `onread`), parsed no further than its status line and
// Content-Length, as a load generator such as wrk does. Node's own HTTP client allocates a buffer
// per 64 KiB received and parses every chunk: a browser's native network stack pays neither, and
// on two CPUs that client's work alone took longer than reading the file from disk.
import { open } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import type { Readable } from 'node:stream';

export type ClientRequest =
  | { kind: 'stream'; url: string; size: number }
  | { kind: 'disk'; path: string; size: number }
  | { kind: 'seek'; url: string; size: number; length: number; runs: number }
  | { kind: 'parallel'; url: string; size: number; count: number };

/** A whole read's wall time and this process's CPU during it (its reads, or receiving and parsing HTTP). */
export interface Timed {
  ms: number;
  cpuMs: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** How many bytes a stream gives, counted as they come and dropped. */
function counted(stream: Readable): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    stream.on('end', () => resolve(bytes));
    stream.on('error', reject);
  });
}

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(url, { headers, agent }, (res) => {
      counted(res).then((bytes) => resolve({ status: res.statusCode!, bytes }), reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The one buffer the timed reads fill, from the disk or from the socket. */
const received = Buffer.allocUnsafeSlow(1024 * 1024);

/** The baseline: the file read from disk in 1 MiB chunks (the gateway's own read size). */
async function fromDisk(path: string, size: number): Promise<void> {
  const file = await open(path, 'r');
  let bytes = 0;
  try {
    for (let read = -1; read !== 0; bytes += read) ({ bytesRead: read } = await file.read(received, 0, received.length, bytes));
  } finally {
    await file.close();
  }
  if (bytes !== size) throw new Error(`the disk read gave ${bytes} bytes, expected ${size}`);
}

/** A whole GET received into the reused buffer: its status and body length, from Content-Length. */
function leanGet(url: string): Promise<{ status: number; bytes: number }> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    let head = '';
    let headerBytes = 0;
    let status = 0;
    let expected = -1;
    let bytes = 0;
    const socket = connect({
      host: hostname,
      port: Number(port),
      onread: {
        buffer: received,
        callback(length) {
          let body = 0;
          if (expected < 0) {
            // The status line and headers fit in the first few KiB received.
            head += received.toString('latin1', 0, Math.min(length, 16 * 1024));
            headerBytes += length;
            const end = head.indexOf('\r\n\r\n');
            if (end < 0) return true;
            status = Number(head.slice(9, 12));
            const contentLength = /\r\ncontent-length: *(\d+)/i.exec(head.slice(0, end));
            if (!contentLength) {
              socket.destroy();
              reject(new Error(`download answered ${status} without a Content-Length`));
              return false;
            }
            expected = Number(contentLength[1]);
            body = headerBytes - end - 4;
          } else body = length;
          bytes += body;
          if (bytes >= expected) {
            socket.destroy();
            resolve({ status, bytes });
          }
          return true;
        },
      },
    });
    socket.on('error', reject);
    socket.on('end', () => reject(new Error(`the connection ended after ${bytes} of ${expected} bytes`)));
    socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
  });
}

async function whole(url: string, size: number, lean = false): Promise<void> {
  const { status, bytes } = await (lean ? leanGet(url) : get(url));
  if (status !== 200 || bytes !== size) throw new Error(`download answered ${status} with ${bytes} bytes, expected ${size}`);
}

async function answer(message: ClientRequest): Promise<unknown> {
  if (message.kind === 'stream' || message.kind === 'disk') {
    const start = performance.now();
    const cpu = process.cpuUsage();
    if (message.kind === 'stream') await whole(message.url, message.size, true);
    else await fromDisk(message.path, message.size);
    const used = process.cpuUsage(cpu);
    const timed: Timed = { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
    return timed;
  }
  if (message.kind === 'seek') {
    const samples: number[] = [];
    for (let i = 0; i < message.runs; i++) {
      const from = Math.floor(Math.random() * (message.size - message.length));
      const start = performance.now();
      const { status, bytes } = await get(message.url, { Range: `bytes=${from}-${from + message.length - 1}` });
      samples.push(performance.now() - start);
      if (status !== 206 || bytes !== message.length) throw new Error(`Range answered ${status} with ${bytes} bytes`);
    }
    return samples;
  }
  await Promise.all(Array.from({ length: message.count }, () => whole(message.url, message.size)));
  return message.count;
}

process.on('message', (message: ClientRequest) => {
  answer(message).then(
    (result) => process.send!({ result }),
    (error: Error) => process.send!({ error: error.message }),
  );
});
