// The client side of `bench:storage`, in a process of its own so that the clients' work neither
// slows the gateway's event loop nor counts in its memory. Answers the parent's requests over
// IPC: `stream` (a whole download, timed), `disk` (the same file read from disk, timed the same
// way in this same process, its chunks counted by the same kind of handler; both answer their
// wall time and this process's CPU), `seek` (Range
// requests, timed), `parallel` (concurrent whole downloads). Bodies are counted and dropped.
import { createReadStream } from 'node:fs';
import { Agent, request } from 'node:http';
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

/** The baseline: the file read from disk in 1 MiB chunks (the gateway's own read size). */
async function fromDisk(path: string, size: number): Promise<void> {
  const bytes = await counted(createReadStream(path, { highWaterMark: 1024 * 1024 }));
  if (bytes !== size) throw new Error(`the disk read gave ${bytes} bytes, expected ${size}`);
}

async function whole(url: string, size: number): Promise<void> {
  const { status, bytes } = await get(url);
  if (status !== 200 || bytes !== size) throw new Error(`download answered ${status} with ${bytes} bytes, expected ${size}`);
}

async function answer(message: ClientRequest): Promise<unknown> {
  if (message.kind === 'stream' || message.kind === 'disk') {
    const start = performance.now();
    const cpu = process.cpuUsage();
    if (message.kind === 'stream') await whole(message.url, message.size);
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
