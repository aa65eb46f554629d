// Reads at the database's limit (issue 24, item 4): one profile row read as the signed-in
// customer, RLS deciding, over 10 keep-alive connections, through the gateway (GET
// /rest/v1/profiles?id=eq.<id>) and straight to PostgreSQL as the same transaction PostgREST
// runs, sent in one round trip (BEGIN READ ONLY, the role and claims, the select, COMMIT as one
// simple-query message: pipelined). Both load loops run in a worker thread, beside the stack's
// event loop rather than on it, and speak the wire as a load generator does: the HTTP side
// writes a prepared request and reads no further than the headers' Content-Length. Rounds of
// each side alternate, so that both see the same machine; the figures are summed over rounds.
import { connect, type Socket } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import pg from 'pg';
import { percentile } from './stats.ts';

export interface ReadThroughputOptions {
  apiUrl: string;
  publishableKey: string;
  /** The customer's access token. */
  token: string;
  userId: string;
  claims: Record<string, unknown>;
  /** The `authenticator` role's URL, as the REST service connects. */
  authenticatorUrl: string;
  connections?: number;
  roundSeconds?: number;
  rounds?: number;
}

export interface SideFigures {
  perSecond: number;
  p50: number;
  p95: number;
  requests: number;
}

export interface ReadThroughput {
  gateway: SideFigures;
  direct: SideFigures;
  /** gateway / direct requests per second. */
  ratio: number;
}

/** One HTTP/1.1 keep-alive connection answering one request at a time; resolves each with its status. */
function httpConnection(host: string, port: number): Promise<{ send(request: Buffer): Promise<number>; close(): void }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host, port, noDelay: true });
    let pending: ((status: number) => void) | undefined;
    let failed: ((error: Error) => void) | undefined;
    let buffered: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = buffered.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
      if (Number.isNaN(length)) throw new Error(`an answer without Content-Length: ${head}`);
      if (buffered.length < end + 4 + length) return;
      buffered = buffered.subarray(end + 4 + length);
      const done = pending;
      pending = undefined;
      done?.(Number(head.slice(9, 12)));
    });
    socket.on('error', (error) => (failed ? failed(error) : reject(error)));
    socket.once('connect', () =>
      resolve({
        send(request) {
          return new Promise((done, fail) => {
            pending = done;
            failed = fail;
            socket.write(request);
          });
        },
        close: () => socket.destroy(),
      }),
    );
  });
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

interface Job extends Required<ReadThroughputOptions> {}

/** Runs `loop` on each of `connections` for `seconds`; the latencies (ms) of what completed. */
async function drive(connections: number, seconds: number, loop: (i: number) => () => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const once = loop(i);
      while (performance.now() < until) {
        const started = performance.now();
        await once();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

async function measureInWorker(job: Job): Promise<ReadThroughput> {
  const api = new URL(job.apiUrl);
  const request = Buffer.from(
    `GET /rest/v1/profiles?select=*&id=eq.${job.userId} HTTP/1.1\r\nHost: ${api.host}\r\napikey: ${job.publishableKey}\r\n` +
      `Authorization: Bearer ${job.token}\r\nAccept: application/json\r\nConnection: keep-alive\r\n\r\n`,
  );
  const http = await Promise.all(Array.from({ length: job.connections }, () => httpConnection(api.hostname, Number(api.port))));
  const sql = Array.from({ length: job.connections }, () => new pg.Client({ connectionString: job.authenticatorUrl }));
  await Promise.all(sql.map((client) => client.connect()));
  const transaction =
    `begin read only; select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${literal(JSON.stringify(job.claims))}, true); ` +
    `select coalesce(json_agg(p), '[]') from public.profiles p where p.id = ${literal(job.userId)}; commit;`;
  const viaGateway = async (i: number) => {
    const status = await http[i]!.send(request);
    if (status !== 200) throw new Error(`the gateway answered ${status}`);
  };
  const viaSql = async (i: number) => {
    const results = (await sql[i]!.query(transaction)) as unknown as pg.QueryResult[];
    if (results[2]?.rows[0]?.coalesce?.length !== 1) throw new Error('the direct read did not see the profile');
  };
  try {
    // Warm both paths (prepared statements, plans, JIT of this thread's code) before timing.
    await drive(job.connections, 0.5, (i) => () => viaGateway(i));
    await drive(job.connections, 0.5, (i) => () => viaSql(i));
    const gateway: number[] = [];
    const direct: number[] = [];
    for (let round = 0; round < job.rounds; round++) {
      gateway.push(...(await drive(job.connections, job.roundSeconds, (i) => () => viaGateway(i))));
      direct.push(...(await drive(job.connections, job.roundSeconds, (i) => () => viaSql(i))));
    }
    const seconds = job.rounds * job.roundSeconds;
    const figures = (samples: number[]): SideFigures => ({ perSecond: samples.length / seconds, p50: percentile(samples, 50), p95: percentile(samples, 95), requests: samples.length });
    const result = { gateway: figures(gateway), direct: figures(direct) };
    return { ...result, ratio: result.gateway.perSecond / result.direct.perSecond };
  } finally {
    for (const connection of http) connection.close();
    await Promise.all(sql.map((client) => client.end()));
  }
}

/** Measures both sides from a worker thread; the stack keeps this thread's event loop to itself. */
export function measureReadThroughput(options: ReadThroughputOptions): Promise<ReadThroughput> {
  const job: Job = { connections: 10, roundSeconds: 3, rounds: 3, ...options };
  return new Promise((resolve, reject) => {
    // A worker does not inherit tsx's loader: it registers it, then loads this file.
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: job });
    worker.once('message', (message: { result?: ReadThroughput; error?: string }) => (message.error ? reject(new Error(message.error)) : resolve(message.result!)));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the read-throughput worker exited with ${code}`)));
  });
}

if (!isMainThread && (workerData as { authenticatorUrl?: string } | undefined)?.authenticatorUrl) {
  measureInWorker(workerData as Job).then(
    (result) => parentPort!.postMessage({ result }),
    (error: Error) => parentPort!.postMessage({ error: error.stack ?? error.message }),
  );
}
