// Two administrators change roles at the same instant: admin_set_role() locks the
// administrators' rows, so the second call waits for the first and decides on what it committed.
// Never zero administrators: the waiting call is refused (PT409 when it would remove the last
// one, 42501 when its caller lost the role meanwhile). On a database of its own, since the test
// needs the shop to hold exactly two administrators.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Cluster } from '../../scripts/db/cluster.ts';
import { preparedCluster } from '../../scripts/db/cluster-template.ts';

let cluster: Cluster;
let owner: pg.Client;
let xavier: string;
let yvonne: string;

beforeAll(async () => {
  cluster = await preparedCluster('migrations');
  owner = new pg.Client({ connectionString: cluster.url });
  await owner.connect();
  const created = await owner.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, created_at, updated_at)
     values (gen_random_uuid(), 'authenticated', 'authenticated', 'xavier@race.test', now(), now(), now()),
            (gen_random_uuid(), 'authenticated', 'authenticated', 'yvonne@race.test', now(), now(), now())
     returning id`,
  );
  [xavier, yvonne] = created.rows.map((row) => row.id) as [string, string];
});

afterAll(async () => {
  await owner?.end();
  await cluster?.stop();
});

beforeEach(async () => {
  await owner.query(`update public.profiles set role = case when id = any($1::uuid[]) then 'admin' else 'customer' end`, [[xavier, yvonne]]);
});

/** A connection signed in as one administrator, as PostgREST runs a request, inside an open transaction. */
async function openAs(userId: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await client.query('begin');
  await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: userId, role: 'authenticated', aud: 'authenticated' }),
  ]);
  return client;
}

async function administrators(): Promise<string[]> {
  const { rows } = await owner.query<{ id: string }>(`select id from public.profiles where role = 'admin' order by id`);
  return rows.map((row) => row.id);
}

/**
 * Waits until the given connection's backend is blocked on a lock: PostgreSQL announces no such
 * event, so pg_stat_activity is read until it shows it. The bound is a failure's (30 s), not the
 * 2 s of reads a busy machine could spend before the call even reached its lock.
 */
async function waitUntilBlocked(client: pg.Client): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const { rows } = await owner.query(`select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`, [pid]);
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the second call never waited for the first');
}

async function race(first: [string, string], second: [string, string]): Promise<{ error: { code?: string; message: string } | null }> {
  const a = await openAs(first[0]);
  const b = await openAs(second[0]);
  try {
    await a.query(`select public.admin_set_role($1, 'customer')`, [first[1]]);
    const waiting = b.query(`select public.admin_set_role($1, 'customer')`, [second[1]]).then(
      () => ({ error: null }),
      (error: { code?: string; message: string }) => ({ error }),
    );
    await waitUntilBlocked(b);
    await a.query('commit');
    const outcome = await waiting;
    await b.query(outcome.error ? 'rollback' : 'commit');
    return outcome;
  } finally {
    await Promise.all([a.end(), b.end()]);
  }
}

it('keeps one administrator when both step down at once', async () => {
  const { error } = await race([xavier, xavier], [yvonne, yvonne]);
  expect(error?.code).toBe('PT409');
  expect(error?.message).toBe('Impossible de retirer ce rôle : la boutique doit garder au moins un administrateur.');
  expect(await administrators()).toEqual([yvonne]);
});

it('keeps one administrator when each removes the other at once', async () => {
  const { error } = await race([xavier, yvonne], [yvonne, xavier]);
  expect(error?.code).toBe('42501');
  expect(await administrators()).toEqual([xavier]);
});

it('never leaves zero administrators under repeated simultaneous calls', async () => {
  for (let round = 0; round < 20; round++) {
    await owner.query(`update public.profiles set role = 'admin' where id = any($1::uuid[])`, [[xavier, yvonne]]);
    const calls = [
      [xavier, xavier],
      [yvonne, yvonne],
      [xavier, yvonne],
      [yvonne, xavier],
    ].map(async ([caller, target]) => {
      const client = await openAs(caller!);
      try {
        await client.query(`select public.admin_set_role($1, 'customer')`, [target]);
        await client.query('commit');
      } catch {
        await client.query('rollback');
      } finally {
        await client.end();
      }
    });
    await Promise.all(calls);
    expect((await administrators()).length, `round ${round}`).toBe(1);
  }
});
