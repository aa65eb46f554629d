// The WAL side of the service: a wal2json slot of its own per service (two stacks on one cluster
// never share one), gone after close, one left by a process that is gone dropped at start, and
// deliveries that resume after a database restart on the same slot, with what was committed
// while the service was cut off.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restartCluster } from '../../db/cluster.ts';
import { createRealtimeService } from './service.ts';
import { TestSocket } from './test-socket.ts';
import { startRealtimeTestStack, type RealtimeTestStack } from './test-stack.ts';

let stack: RealtimeTestStack;

beforeAll(async () => {
  stack = await startRealtimeTestStack();
});

afterAll(async () => {
  await stack?.stop();
});

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.cluster.url });
  await client.connect();
  try {
    await client.query('set synchronous_commit = on');
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

type Slot = { slot_name: string; plugin: string; temporary: boolean; active: boolean };
const slots = () => query<Slot>('select slot_name, plugin, temporary, active from pg_replication_slots order by slot_name');

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the replication slot', () => {
  it('is a wal2json slot per service, dropped when the service closes', async () => {
    const [own] = await slots();
    expect(own).toEqual({ slot_name: expect.stringMatching(/^realtime_\d+_[0-9a-f]{12}$/), plugin: 'wal2json', temporary: false, active: true });

    const second = await createRealtimeService(stack.gateway.context);
    const both = await slots();
    expect(both).toHaveLength(2);
    expect(new Set(both.map((s) => s.slot_name)).size).toBe(2);

    await second.close();
    expect(await slots()).toEqual([own]);
  });

  it('of a process that no longer runs is dropped when a service starts, and no other', async () => {
    // A pid above the kernel's pid_max names no process.
    const orphan = 'realtime_4999999_0123456789ab';
    const otherSite = 'realtime_other';
    await query(`select pg_create_logical_replication_slot($1, 'wal2json'), pg_create_logical_replication_slot($2, 'wal2json')`, [orphan, otherSite]);
    const second = await createRealtimeService(stack.gateway.context);
    await second.close();
    const names = (await slots()).map((s) => s.slot_name);
    expect(names).not.toContain(orphan);
    expect(names).toContain(otherSite);
    await query('select pg_drop_replication_slot($1)', [otherSite]);
  });
});

describe('a database restart', () => {
  it('is survived: the socket stays, and changes flow again on the same slot, those of the outage too', async () => {
    const [sender, receiver] = (
      await query<{ id: string }>(
        `with u as (insert into auth.users (id, aud, role, email, created_at, updated_at)
                    select gen_random_uuid(), 'authenticated', 'authenticated', gen_random_uuid() || '@restart.test', now(), now()
                      from generate_series(1, 2) returning id)
         insert into public.profiles (id) select id from u returning id`,
      )
    ).map((r) => r.id);
    const socket = await TestSocket.open(stack.apiUrl, stack.anonKey, '2.0.0');
    try {
      const binding = { event: 'INSERT', schema: 'public', table: 'user_messages', filter: `receiver_id=eq.${receiver}` };
      await socket.join('realtime:restart', { config: { postgres_changes: [binding] }, access_token: stack.serviceRoleToken() });
      const [before] = await slots();

      await restartCluster(stack.cluster);
      // Committed before the service is back on its slot.
      await query('insert into public.user_messages (sender_id, receiver_id, content) values ($1, $2, $3)', [sender, receiver, 'pendant la coupure']);
      const [after] = await until(slots, (found) => found.length === 1 && found[0]!.active);
      expect(after!.slot_name).toBe(before!.slot_name);

      await query('insert into public.user_messages (sender_id, receiver_id, content) values ($1, $2, $3)', [sender, receiver, 'après le redémarrage']);
      await socket.next((m) => m.event === 'postgres_changes' && (m.payload as { data: { record: { content: string } } }).data.record.content === 'après le redémarrage', 15_000);
      const contents = socket.received
        .filter((m) => m.event === 'postgres_changes')
        .map((m) => (m.payload as { data: { type: string; record: { content: string; receiver_id: string } } }).data)
        .map((data) => ({ type: data.type, content: data.record.content, receiver: data.record.receiver_id }));
      expect(contents).toEqual([
        { type: 'INSERT', content: 'pendant la coupure', receiver },
        { type: 'INSERT', content: 'après le redémarrage', receiver },
      ]);
    } finally {
      await socket.close();
    }
  });
});
