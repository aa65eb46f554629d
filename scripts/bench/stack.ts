// `npm run bench:stack`: the local stack's overhead and realtime latency, from one run.
// 1. A customer's orders with their items, through the gateway (PostgREST grammar, RLS as the
//    customer) against the same query run directly with pg under the same role and claims. The
//    HTTP side uses node:http with a keep-alive agent: Node's fetch (undici) spends more per
//    request than the whole gateway does (a CPU profile shows it first, ahead of the stack), and
//    that is the client's cost, not the stack's.
// 2. Reads at the database's limit: one profile row as the customer over 10 keep-alive
//    connections, through the gateway against the same transaction pipelined straight to
//    PostgreSQL, in the same run (read-throughput.ts).
// 3. Delivery latency of committed user_messages inserts to a subscribed supabase-js client,
//    with 50 subscribers connected, each filtered to their own rows.
// 4. 500 subscribers on user_messages without a filter, RLS deciding who sees each row: delivery
//    latency, and a burst's throughput against the same subscribers allowed everything.
import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { freePort } from '../lib/free-port.ts';
import { step } from '../lib/log.ts';
import { signJwt } from '../stack/keys.ts';
import { startLocalStack } from '../stack/launch.ts';
import { httpRequest } from '../lib/http-client.ts';
import { measureReadThroughput } from './read-throughput.ts';
import { measureDeliveryLatency, measureUnfilteredDelivery } from './realtime-latency.ts';
import { formatMs, median, percentile, timeRuns } from './stats.ts';

const runs = Number(process.env.BENCH_RUNS ?? 500);
const directSql = `
  select coalesce(json_agg(o order by o.created_at desc), '[]') from (
    select orders.*, coalesce((select json_agg(order_items) from public.order_items where order_items.order_id = orders.id), '[]') as order_items
    from public.orders where orders.user_id = $1 order by orders.created_at desc
  ) o`;

async function seedCustomer(db: pg.Client): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     values (gen_random_uuid(), 'authenticated', 'authenticated', 'bench-' || gen_random_uuid() || '@example.test',
             '{"provider":"email","providers":["email"]}', '{"full_name":"Bench"}', now(), now(), now()) returning id`,
  );
  const userId = rows[0]!.id;
  // Twenty orders of three lines each: a realistic dashboard page.
  await db.query(
    `with o as (
       insert into public.orders (user_id, total_amount_cents, currency, status, checkout_session_id, created_at, cgv_version, consent_text, consented_at)
       select $1::uuid, 4500, 'eur', 'completed', 'cs_bench_' || $1::text || '_' || g, now() - g * interval '1 day', 1, 'Consentement du banc d''essai', now() - g * interval '1 day' from generate_series(1, 20) g
       returning id)
     insert into public.order_items (order_id, variant_id, product_title, variant_title, image_url, quantity, price_per_item_cents, file_path, file_type)
     select o.id, 'var_' || k, 'Enseignement ' || k, 'PDF', null, 1, 1500, 'products/x.pdf', 'pdf' from o, generate_series(1, 3) k`,
    [userId],
  );
  return userId;
}

const stack = await startLocalStack({ persistent: false, siteUrl: `http://127.0.0.1:${await freePort()}` });
try {
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  const userId = await seedCustomer(db);
  await db.end();
  const claims = { sub: userId, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600, email: 'bench@example.test' };
  const token = signJwt(claims, stack.signingKey);

  step(`REST select of a customer's orders with items, ${runs} runs each`);
  const url = `${stack.apiUrl}/rest/v1/orders?select=*,order_items(*)&user_id=eq.${userId}&order=created_at.desc`;
  const headers = { apikey: stack.publishableKey, Authorization: `Bearer ${token}`, 'Accept-Profile': 'public' };
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const getJson = async () => {
    const answer = await httpRequest(url, { agent, headers });
    if (answer.status !== 200) throw new Error(`REST answered ${answer.status}`);
    return JSON.parse(answer.body) as unknown;
  };
  const viaGateway = await timeRuns(getJson, runs);
  agent.destroy();

  const direct = new pg.Pool({ connectionString: stack.cluster.urlFor('authenticator'), max: 1 });
  const viaPg = await timeRuns(async () => {
    const client = await direct.connect();
    try {
      await client.query('begin read only');
      await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      await client.query(directSql, [userId]);
      await client.query('commit');
    } finally {
      client.release();
    }
  }, runs);
  await direct.end();

  step('one profile row as the customer, 10 keep-alive connections: gateway vs. pipelined SQL');
  const reads = await measureReadThroughput({
    apiUrl: stack.apiUrl,
    publishableKey: stack.publishableKey,
    token,
    userId,
    claims,
    authenticatorUrl: stack.cluster.urlFor('authenticator'),
  });
  const readsHeld = reads.ratio >= 0.5 && reads.gateway.p95 <= 5;
  const readLines = [
    `profile reads       gateway ${reads.gateway.perSecond.toFixed(0)}/s  p50 ${formatMs(reads.gateway.p50)}  p95 ${formatMs(reads.gateway.p95)}`,
    `                    direct  ${reads.direct.perSecond.toFixed(0)}/s  p50 ${formatMs(reads.direct.p50)}  p95 ${formatMs(reads.direct.p95)}`,
    `                    ratio (throughput) ${reads.ratio.toFixed(2)}  (target ≥ 0.50, gateway p95 ≤ 5 ms)  load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  ];
  console.log(readLines.join('\n'));

  step('realtime delivery latency, 50 subscribers');
  const latency = await measureDeliveryLatency({ apiUrl: stack.apiUrl, anonKey: stack.publishableKey, dbUrl: stack.dbUrl, tokenKey: stack.signingKey, subscribers: 50, messages: 200 });

  const unfilteredSubscribers = Number(process.env.BENCH_RLS_SUBSCRIBERS ?? 500);
  step(`realtime, ${unfilteredSubscribers} subscribers on user_messages without a filter (RLS decides)`);
  const unfiltered = await measureUnfilteredDelivery({
    apiUrl: stack.apiUrl,
    anonKey: stack.publishableKey,
    dbUrl: stack.dbUrl,
    tokenKey: stack.signingKey,
    subscribers: unfilteredSubscribers,
    messages: 100,
    burst: 50,
  });
  const rlsRatio = unfiltered.rlsPerSecond / unfiltered.allowedPerSecond;
  const unfilteredHeld = unfiltered.latency.p95 < 50 && rlsRatio >= 0.5;

  const ratio = median(viaGateway) / median(viaPg);
  const lines = [
    '',
    `orders with items   gateway median ${formatMs(median(viaGateway))}  p95 ${formatMs(percentile(viaGateway, 95))}`,
    `                    direct  median ${formatMs(median(viaPg))}  p95 ${formatMs(percentile(viaPg, 95))}`,
    `                    ratio (median) ${ratio.toFixed(2)}  (target < 1.5)  p95 ratio ${(percentile(viaGateway, 95) / percentile(viaPg, 95)).toFixed(2)}`,
    ...readLines,
    `realtime delivery   p50 ${formatMs(latency.p50)}  p95 ${formatMs(latency.p95)}  max ${formatMs(latency.max)}  (target p95 < 100 ms, 50 subscribers)`,
    `realtime under RLS  ${unfilteredSubscribers} subscribers without a filter: p50 ${formatMs(unfiltered.latency.p50)}  p95 ${formatMs(unfiltered.latency.p95)}  max ${formatMs(unfiltered.latency.max)}  (target p95 < 50 ms)`,
    `                    burst throughput, RLS deciding ${unfiltered.rlsPerSecond.toFixed(0)} messages/s, every subscriber allowed everything ${unfiltered.allowedPerSecond.toFixed(0)}/s: ratio ${rlsRatio.toFixed(2)} (target ≥ 0.50)`,
  ];
  console.log(lines.join('\n'));
  process.exitCode = ratio < 1.5 && readsHeld && latency.p95 < 100 && unfilteredHeld ? 0 : 1;
} finally {
  await stack.stop();
}
