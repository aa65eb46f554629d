// Realtime for the local stack: `/realtime/v1/websocket` speaks Phoenix channels to realtime-js
// and delivers the changes of the tables in the `supabase_realtime` publication, read from the
// WAL, to the subscribers whose role and claims may SELECT them. Closing it closes every socket
// and ends the replication session, which drops its slot.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { ServiceFactory, StackContext } from '../context.ts';
import { sendJson } from '../http.ts';
import type { ChannelDeps } from './channel.ts';
import { parseVsn } from './codec.ts';
import { RealtimeConnection } from './connection.ts';
import { RlsChecker } from './rls.ts';
import { ChangeDispatcher } from './dispatcher.ts';
import { SubscriptionRegistry } from './registry.ts';
import { TopicHub } from './topics.ts';
import { WalStream } from './wal-stream.ts';

const prefix = '/realtime/v1';
const idleTimeoutMs = 60_000;
const log = (message: string) => console.error(`[realtime] ${message}`);

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export const createRealtimeService: ServiceFactory = async (context: StackContext) => {
  const pool = context.pool('supabase_realtime_admin');
  const registry = new SubscriptionRegistry();
  const rls = new RlsChecker(context.dbUrlFor('supabase_realtime_admin'), log);
  const dispatcher = new ChangeDispatcher(pool, rls, registry, log);
  const wal = new WalStream({ connectionString: context.dbUrlFor('supabase_realtime_admin'), pool, onChange: (change) => dispatcher.enqueue(change), log });
  await wal.start();
  const deps: ChannelDeps = { keys: context, pool, registry, topics: new TopicHub(), log };
  const connections = new Set<RealtimeConnection>();
  const server = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });

  return {
    async handle(_req, res) {
      sendJson(res, 404, { message: 'Not Found' });
    },

    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
      if (url.pathname !== `${prefix}/websocket`) return refuse(socket, '404 Not Found');
      const vsn = parseVsn(url.searchParams.get('vsn'));
      if (!vsn) return refuse(socket, '400 Bad Request');
      const apiKey = url.searchParams.get('apikey') ?? '';
      server.handleUpgrade(req, socket, head, (ws) => {
        const connection = new RealtimeConnection(ws, deps, { vsn, apiKey, idleTimeoutMs }, (closed) => connections.delete(closed));
        connections.add(connection);
      });
    },

    async close() {
      await Promise.all([...connections].map((connection) => connection.close()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await wal.close();
      await dispatcher.idle();
      await rls.close();
    },
  };
};
