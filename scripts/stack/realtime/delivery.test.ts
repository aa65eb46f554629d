// Every change reaches every subscriber allowed to see it, exactly once, and no one else, even
// when the database fails Realtime mid-stream: many subscribers (filtered or not, several users,
// anon and the service role) of an RLS table, writers inserting side by side, and meanwhile the
// service's own database sessions cancelled and terminated again and again, its replication
// stream too now and then. Also a commit that the WAL shows before other sessions can see it (held by a synchronous
// standby that never answers), which an RLS lookup made at once would miss.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../keys.ts';
import { TestSocket } from './test-socket.ts';
import { startRealtimeTestStack, type RealtimeTestStack } from './test-stack.ts';

let stack: RealtimeTestStack;
let admin: pg.Client;
let users: string[];

beforeAll(async () => {
  stack = await startRealtimeTestStack();
  admin = new pg.Client({ connectionString: stack.cluster.url });
  await admin.connect();
  users = (
    await admin.query<{ id: string }>(
      `with u as (insert into auth.users (id, aud, role, email, created_at, updated_at)
                  select gen_random_uuid(), 'authenticated', 'authenticated', gen_random_uuid() || '@delivery.test', now(), now()
                    from generate_series(1, 5) returning id)
       insert into public.profiles (id) select id from u returning id`,
    )
  ).rows.map((r) => r.id);
});

afterAll(async () => {
  await admin?.end();
  await stack?.stop();
});

interface Listener {
  name: string;
  socket: TestSocket;
  topic: string;
  /** Which message (sender, receiver) this listener must receive. */
  wants(message: Message): boolean;
}

interface Message {
  id: string;
  sender: string;
  receiver: string;
}

const userToken = (id: string) => signJwt({ sub: id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, stack.signingKey);
const inserts = (filter?: string) => ({ event: 'INSERT', schema: 'public', table: 'user_messages', ...(filter ? { filter } : {}) });

async function listener(name: string, token: string, binding: Record<string, string>, wants: (message: Message) => boolean): Promise<Listener> {
  const socket = await TestSocket.open(stack.apiUrl, stack.anonKey, '2.0.0');
  const topic = `realtime:${name}`;
  const { system } = await socket.join(topic, { config: { postgres_changes: [binding] }, access_token: token });
  expect(system?.payload).toMatchObject({ status: 'ok' });
  return { name, socket, topic, wants };
}

/** Ids of the user_messages rows delivered to this listener, in arrival order (duplicates kept). */
const delivered = (l: Listener) =>
  l.socket.received
    .filter((m) => m.topic === l.topic && m.event === 'postgres_changes')
    .map((m) => (m.payload as { data: { record: { id: string } } }).data.record.id);

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The realtime service's sessions: its queries and checks, or its replication stream. */
const serviceSessions = (type: 'client backend' | 'walsender') =>
  `select pid from pg_stat_activity where usename = 'supabase_realtime_admin' and backend_type = '${type}' and pid <> pg_backend_pid()`;

describe('delivery under faults', () => {
  it('brings every allowed change to every allowed subscriber exactly once while the service loses its sessions', { timeout: 120_000 }, async () => {
    const listeners = [
      ...(await Promise.all(
        users.flatMap((user, i) => [
          listener(`all-${i}`, userToken(user), inserts(), (m) => m.sender === user || m.receiver === user),
          listener(`inbox-${i}`, userToken(user), inserts(`receiver_id=eq.${user}`), (m) => m.receiver === user),
          listener(`sent-${i}`, userToken(user), inserts(`sender_id=eq.${user}`), (m) => m.sender === user),
        ]),
      )),
      await listener('anon', stack.anonKey, inserts(), () => false),
      await listener('service', stack.serviceRoleToken(), inserts(), () => true),
      await listener('service-inbox', stack.serviceRoleToken(), inserts(`receiver_id=eq.${users[0]}`), (m) => m.receiver === users[0]),
    ];

    // The writers insert while the faults go on (30 rounds, 60 ms apart, alternately terminating
    // and cancelling the service's sessions, and every sixth its replication stream), at most 40
    // rows each, 40 ms apart: on a loaded machine the rounds slow down, and the volume must not grow.
    let writing = true;
    let faults = 0;
    let streamCuts = 0;
    const saboteur = (async () => {
      for (let round = 0; round < 30; round++) {
        const kill = round % 2 === 0 ? 'pg_terminate_backend' : 'pg_cancel_backend';
        faults += (await admin.query(`select ${kill}(pid) from (${serviceSessions('client backend')}) s`)).rowCount ?? 0;
        if (round % 6 === 5) streamCuts += (await admin.query(`select pg_terminate_backend(pid) from (${serviceSessions('walsender')}) s`)).rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      writing = false;
    })();

    const messages: Message[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        const client = new pg.Client({ connectionString: stack.cluster.url });
        await client.connect();
        try {
          for (let n = 0; writing && n < 40; n++) {
            const sender = users[(w + n) % users.length]!;
            const receiver = users[(w + 2 * n + 1) % users.length]!;
            if (sender === receiver) continue;
            const { rows } = await client.query<{ id: string }>('insert into public.user_messages (sender_id, receiver_id, content) values ($1, $2, $3) returning id', [
              sender,
              receiver,
              `message ${w}.${n}`,
            ]);
            messages.push({ id: rows[0]!.id, sender, receiver });
            // Spread over the rounds, so that commits keep coming between the faults.
            await new Promise((resolve) => setTimeout(resolve, 40));
          }
        } finally {
          await client.end();
        }
      }),
    );
    await saboteur;
    await until(() => listeners.every((l) => delivered(l).length >= messages.filter(l.wants).length), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all(listeners.map((l) => l.socket.close()));

    expect(faults).toBeGreaterThan(10);
    expect(streamCuts).toBeGreaterThanOrEqual(3);
    expect(messages.length).toBeGreaterThan(150);
    for (const l of listeners) {
      const expected = messages
        .filter(l.wants)
        .map((m) => m.id)
        .sort();
      expect({ listener: l.name, ids: delivered(l).sort() }).toEqual({ listener: l.name, ids: expected });
    }
  });

  it('delivers a change whose commit the WAL shows before other sessions can see it', async () => {
    const [sender, receiver] = users as [string, string];
    const inbox = await listener('held', userToken(receiver), inserts(`receiver_id=eq.${receiver}`), (m) => m.receiver === receiver);
    const writer = new pg.Client({ connectionString: stack.cluster.url });
    await writer.connect();
    writer.on('notice', () => undefined);
    try {
      // A synchronous standby that never answers: the commit is flushed (so decoded and sent to
      // the service) but its session waits, still running, before making it visible.
      await admin.query(`alter system set synchronous_standby_names = 'nobody_answers'`);
      await admin.query('select pg_reload_conf()');
      // The checkpointer tells the backends that a synchronous standby is now expected.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const writerPid = (await writer.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const committing = writer.query<{ id: string }>('insert into public.user_messages (sender_id, receiver_id, content) values ($1, $2, $3) returning id', [
        sender,
        receiver,
        'tenu par le standby',
      ]);
      let waiting = false;
      for (let i = 0; i < 100 && !waiting; i++) {
        const { rows: activity } = await admin.query<{ wait_event: string | null }>('select wait_event from pg_stat_activity where pid = $1', [writerPid]);
        waiting = activity[0]?.wait_event === 'SyncRep';
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(waiting).toBe(true);
      // Long enough for the service to receive the change and judge it; then the wait is released.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await admin.query('alter system reset synchronous_standby_names');
      await admin.query('select pg_reload_conf()');
      const id = (await committing).rows[0]!.id;
      await until(() => delivered(inbox).length > 0, 10_000);
      expect(delivered(inbox)).toEqual([id]);
    } finally {
      await admin.query('alter system reset synchronous_standby_names');
      await admin.query('select pg_reload_conf()');
      await writer.end();
      await inbox.socket.close();
    }
  });
});
