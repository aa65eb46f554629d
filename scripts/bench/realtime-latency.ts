// Delivery latency of Realtime: from a committed user_messages insert (timed when the committing
// query returns to the writer) to the change reaching the receiver's supabase-js client, with
// `subscribers` customers connected, each on their own socket with their own filtered channel.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { signJwt, type TokenKey } from '../stack/keys.ts';
import { median, percentile } from './stats.ts';

export interface LatencyOptions {
  apiUrl: string;
  anonKey: string;
  /** Superuser URL: the bench writes as the database owner. */
  dbUrl: string;
  /** What users' access tokens are signed with. */
  tokenKey: TokenKey;
  subscribers: number;
  messages: number;
}

export interface LatencyResult {
  p50: number;
  p95: number;
  max: number;
}

const deliveryTimeoutMs = 5000;
const warmupMessages = 5;

async function createUsers(db: pg.Client, count: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     select gen_random_uuid(), 'authenticated', 'authenticated', 'bench-rt-' || gen_random_uuid() || '@example.test',
            '{"provider":"email","providers":["email"]}', '{"full_name":"Bench"}', now(), now(), now()
       from generate_series(1, $1)
     returning id`,
    [count],
  );
  const ids = rows.map((r) => r.id);
  // The migrations' trigger makes the profiles; this covers a database without it.
  await db.query(`insert into public.profiles (id, full_name) select id, 'Bench' from unnest($1::uuid[]) id on conflict (id) do nothing`, [ids]);
  return ids;
}

function tokenFor(id: string, key: TokenKey): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', exp: now + 3600, iat: now, email: `${id}@example.test` }, key);
}

/**
 * Connects one receiver and resolves once Realtime reports the subscription to PostgreSQL; with
 * `filtered`, on its own rows (receiver_id=eq.<id>), else on the whole table, RLS deciding.
 */
async function subscribe(options: LatencyOptions, id: string, onMessage: (content: string) => void, filtered = true): Promise<SupabaseClient> {
  const client = createClient(options.apiUrl, options.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  await client.realtime.setAuth(tokenFor(id, options.tokenKey));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('subscription timed out')), deliveryTimeoutMs);
    client
      .channel(`bench-${id}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'user_messages', ...(filtered ? { filter: `receiver_id=eq.${id}` } : {}) }, (payload) =>
        onMessage(String(payload.new.content)),
      )
      .on('system', {}, (payload: { extension?: string; status?: string; message?: string }) => {
        if (payload.extension !== 'postgres_changes') return;
        clearTimeout(timer);
        if (payload.status === 'ok') resolve();
        else reject(new Error(payload.message));
      })
      .subscribe((status, error) => {
        if (status !== 'SUBSCRIBED') reject(error ?? new Error(status));
      });
  });
  return client;
}

export async function measureDeliveryLatency(options: LatencyOptions): Promise<LatencyResult> {
  const db = new pg.Client({ connectionString: options.dbUrl });
  await db.connect();
  // A commit counts once it is flushed, as on hosted Supabase: logical decoding sees nothing
  // sooner, and a throwaway cluster's synchronous_commit=off would add up to three WAL-writer
  // rounds (wal_writer_delay, 200 ms) to every delivery.
  await db.query('set synchronous_commit = on');
  const clients: SupabaseClient[] = [];
  const arrivals = new Map<string, (at: number) => void>();
  let users: string[] = [];
  try {
    users = await createUsers(db, options.subscribers + 1);
    const [sender, ...receivers] = users as [string, ...string[]];
    // Customers write to the shop's admins, and admins to customers.
    await db.query(`update public.profiles set role = 'admin' where id = $1`, [sender]);
    for (const id of receivers) {
      clients.push(await subscribe(options, id, (content) => arrivals.get(content)?.(performance.now())));
    }
    const samples: number[] = [];
    for (let i = 0; i < warmupMessages + options.messages; i++) {
      const content = `bench ${i} ${crypto.randomUUID()}`;
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`message ${i} not delivered within ${deliveryTimeoutMs} ms`)), deliveryTimeoutMs);
        arrivals.set(content, (at) => (clearTimeout(timer), resolve(at)));
      });
      await db.query('insert into public.user_messages (sender_id, receiver_id, content) values ($1, $2, $3)', [sender, receivers[i % receivers.length], content]);
      const committed = performance.now();
      // The delivery can be handled before the writer's reply is: that is a latency of zero.
      const latency = Math.max(0, (await arrived) - committed);
      arrivals.delete(content);
      if (i >= warmupMessages) samples.push(latency);
    }
    return { p50: median(samples), p95: percentile(samples, 95), max: Math.max(...samples) };
  } finally {
    await Promise.all(clients.map((client) => client.removeAllChannels()));
    if (users.length) {
      await db.query('delete from public.user_messages where sender_id = any($1::uuid[]) or receiver_id = any($1::uuid[])', [users]).catch(() => undefined);
      await db.query('delete from auth.users where id = any($1::uuid[])', [users]).catch(() => undefined);
    }
    await db.end();
  }
}

export interface UnfilteredResult {
  /** Commit to client, each message seen by its receiver only (RLS deciding for every subscriber). */
  latency: LatencyResult;
  /** Messages a second, a burst committed back to back until its last delivery, RLS deciding. */
  rlsPerSecond: number;
  /** The same, every subscriber allowed everything (made administrators: each sees every message). */
  allowedPerSecond: number;
}

/**
 * `subscribers` customers each subscribed to the whole `user_messages` table without a filter, so
 * that RLS decides, for each row, who of them sees it (each change is checked for every one of
 * them): the delivery latency of `messages` sent one at a time, then the throughput of a burst of
 * `burst` messages with RLS deciding and once every subscriber is allowed everything.
 */
export async function measureUnfilteredDelivery(options: LatencyOptions & { burst: number }): Promise<UnfilteredResult> {
  const db = new pg.Client({ connectionString: options.dbUrl });
  await db.connect();
  await db.query('set synchronous_commit = on');
  const clients: SupabaseClient[] = [];
  // Per message content: what to call at each delivery.
  const arrivals = new Map<string, (at: number) => void>();
  let users: string[] = [];
  const send = (sender: string, receiver: string, content: string) =>
    db.query('insert into public.user_messages (sender_id, receiver_id, content) values ($1, $2, $3)', [sender, receiver, content]);
  try {
    users = await createUsers(db, options.subscribers + 1);
    const [sender, ...receivers] = users as [string, ...string[]];
    await db.query(`update public.profiles set role = 'admin' where id = $1`, [sender]);
    for (const id of receivers) clients.push(await subscribe(options, id, (content) => arrivals.get(content)?.(performance.now()), false));

    const samples: number[] = [];
    for (let i = 0; i < warmupMessages + options.messages; i++) {
      const content = `bench ${i} ${crypto.randomUUID()}`;
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`message ${i} not delivered within ${deliveryTimeoutMs} ms`)), deliveryTimeoutMs);
        arrivals.set(content, (at) => (clearTimeout(timer), resolve(at)));
      });
      await send(sender, receivers[i % receivers.length]!, content);
      const committed = performance.now();
      const latency = Math.max(0, (await arrived) - committed);
      arrivals.delete(content);
      if (i >= warmupMessages) samples.push(latency);
    }

    /** A burst of messages, each expected `perMessage` times; messages a second until the last delivery. */
    const burst = async (perMessage: number): Promise<number> => {
      const contents = Array.from({ length: options.burst }, (_, i) => `burst ${i} ${crypto.randomUUID()}`);
      let last = 0;
      const all = Promise.all(
        contents.map(
          (content) =>
            new Promise<void>((resolve, reject) => {
              let left = perMessage;
              const timer = setTimeout(() => reject(new Error(`a burst message reached ${perMessage - left} of ${perMessage} subscribers within 30 s`)), 30_000);
              arrivals.set(content, (at) => {
                last = Math.max(last, at);
                if (--left === 0) (clearTimeout(timer), resolve());
              });
            }),
        ),
      );
      const started = performance.now();
      for (const [i, content] of contents.entries()) await send(sender, receivers[i % receivers.length]!, content);
      await all;
      for (const content of contents) arrivals.delete(content);
      return options.burst / ((last - started) / 1000);
    };
    const rlsPerSecond = await burst(1);
    await db.query(`update public.profiles set role = 'admin' where id = any($1::uuid[])`, [receivers]);
    const allowedPerSecond = await burst(receivers.length);
    return { latency: { p50: median(samples), p95: percentile(samples, 95), max: Math.max(...samples) }, rlsPerSecond, allowedPerSecond };
  } finally {
    await Promise.all(clients.map((client) => client.removeAllChannels()));
    if (users.length) {
      await db.query('delete from public.user_messages where sender_id = any($1::uuid[]) or receiver_id = any($1::uuid[])', [users]).catch(() => undefined);
      await db.query('delete from auth.users where id = any($1::uuid[])', [users]).catch(() => undefined);
    }
    await db.end();
  }
}
