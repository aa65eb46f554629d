// For tests: a throwaway cluster with the platform bootstrap, pg_net's worker over it, and an HTTP
// server recording every request it receives (a path starting /slow answers after two seconds).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { preparedCluster } from '../../db/cluster-template.ts';
import { startPgNetWorker } from './worker.ts';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface PgNetTestStack {
  /** A superuser connection to the cluster. */
  db: pg.Client;
  dbUrl: string;
  /** The recording server's base URL, e.g. http://127.0.0.1:40123. */
  serverUrl: string;
  received: ReceivedRequest[];
  stop(): Promise<void>;
}

export async function startPgNetTestStack(): Promise<PgNetTestStack> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      const answer = () => {
        res.writeHead(201, { 'content-type': 'application/json', 'x-recorded': String(received.length) });
        res.end(JSON.stringify({ recorded: true }));
      };
      if (req.url?.startsWith('/slow')) setTimeout(answer, 2000);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cluster = await preparedCluster('bootstrap');
  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections());
  try {
    const worker = await startPgNetWorker(cluster.url);
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    return {
      db,
      dbUrl: cluster.url,
      serverUrl,
      received,
      async stop() {
        await db.end();
        await worker.close();
        await cluster.stop();
        await closeServer();
      },
    };
  } catch (error) {
    await cluster.stop();
    await closeServer();
    throw error;
  }
}
