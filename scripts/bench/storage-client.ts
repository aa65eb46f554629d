// The HTTP side of `bench:storage`, in a process of its own so that the clients' work neither
// slows the gateway's event loop nor counts in its memory. Answers the parent's requests over
// IPC: `stream` (whole downloads, timed), `seek` (Range requests, timed), `parallel` (concurrent
// whole downloads, announced when they start). Bodies are counted and dropped.
import { Agent, request } from 'node:http';

export type ClientRequest =
  | { kind: 'stream'; url: string; size: number }
  | { kind: 'seek'; url: string; size: number; length: number; runs: number }
  | { kind: 'parallel'; url: string; size: number; count: number };

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(url, { headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode!, bytes }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function whole(url: string, size: number): Promise<void> {
  const { status, bytes } = await get(url);
  if (status !== 200 || bytes !== size) throw new Error(`download answered ${status} with ${bytes} bytes, expected ${size}`);
}

async function answer(message: ClientRequest): Promise<unknown> {
  if (message.kind === 'stream') {
    const start = performance.now();
    await whole(message.url, message.size);
    return performance.now() - start;
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
