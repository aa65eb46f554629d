// The load of `npm run bench:load`, run as its own process (scripts/bench/load.ts starts the
// stack and this beside it), so the simulated clients never share an event loop with the gateway
// they measure. 200 shoppers browse, check out through create-checkout, pay on the sandbox page
// and record their order (twice, as a reloaded success page would), while 100 customers chat
// with the administrator. A fifth of the shoppers (LOAD_NEVER_RETURN) pay and never come back:
// only the scheduled reconciliation (Supabase Cron → pg_net → reconcile-checkouts) can record
// their orders. Prints throughput and latency per endpoint, waits out the reconciliation window,
// then audits the database: every paid session has exactly one order with the right total, every
// message exists once; and how long the slowest order of a shopper who left took to be recorded.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { checkoutConsent } from '../lib/checkout-consent.ts';
import { done, step } from '../lib/log.ts';
import { formatMs, median, percentile } from './stats.ts';

const shoppers = Number(process.env.LOAD_SHOPPERS ?? 200);
const chatters = Number(process.env.LOAD_CHATTERS ?? 100);
const messagesPerChatter = Number(process.env.LOAD_MESSAGES ?? 10);
const neverReturnShare = Number(process.env.LOAD_NEVER_RETURN ?? 0.2);
if (!(neverReturnShare >= 0 && neverReturnShare <= 1)) throw new Error(`LOAD_NEVER_RETURN must be a share between 0 and 1, not ${process.env.LOAD_NEVER_RETURN}`);
// The schedule runs every minute: two periods and a margin for the run itself.
const reconciliationWindowMs = 2 * 60_000 + 30_000;
const adminId = '00000000-0000-4000-a000-000000000001';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the load through npm run bench:load`);
  return value;
}

const samples = new Map<string, number[]>();
const failures = new Map<string, string[]>();

async function measure<T>(endpoint: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await call();
    (samples.get(endpoint) ?? samples.set(endpoint, []).get(endpoint)!).push(performance.now() - started);
    return result;
  } catch (error) {
    (failures.get(endpoint) ?? failures.set(endpoint, []).get(endpoint)!).push((error as Error).message);
    throw error;
  }
}

async function inBatches<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += width) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, k) => task(start + k)))));
  }
  return results;
}

const store = (path: string) => `${env('COMMERCE_API_URL')}/store/${env('COMMERCE_STORE_ID')}${path}`;
const newClient = () =>
  createClient(env('SUPABASE_URL'), env('SUPABASE_PUBLISHABLE_KEY'), { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });

async function signedUp(label: string): Promise<{ supabase: SupabaseClient; userId: string; email: string }> {
  const supabase = newClient();
  const email = `${label}-${crypto.randomUUID()}@example.test`;
  const { data, error } = await supabase.auth.signUp({ email, password: 'load-test-2026' });
  if (error || !data.user) throw new Error(`sign-up: ${error?.message}`);
  return { supabase, userId: data.user.id, email };
}

/** Shopper i pays and never returns: spread evenly, `neverReturnShare` of them in all. */
const neverReturns = (i: number) => Math.floor((i + 1) * neverReturnShare) > Math.floor(i * neverReturnShare);

interface Purchase {
  checkoutId: string;
  total: number;
  /** When a shopper who never came back had paid (epoch ms); undefined for those who came back. */
  leftAt?: number;
}

async function shop(supabase: SupabaseClient, email: string, i: number): Promise<Purchase> {
  const list = await measure('GET store products', async () => {
    const response = await fetch(store('/products?limit=12&offset=0'));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as { products: Array<{ id: string; purchasable: boolean; variants: Array<{ id: string; manage_inventory: boolean; price_in_cents: number; sale_price_in_cents: number | null }> }> };
  });
  const buyable = list.products.filter((p) => p.purchasable && p.variants.every((v) => !v.manage_inventory));
  const product = buyable[i % buyable.length]!;
  await measure('GET store product', async () => {
    const response = await fetch(store(`/products/${product.id}`));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  });
  const variant = product.variants[i % product.variants.length]!;
  const quantity = 1 + (i % 3);
  const checkout = await measure('POST functions create-checkout', async () => {
    const { data, error } = await supabase.functions.invoke<{ url: string }>('create-checkout', {
      body: { items: [{ variant_id: variant.id, quantity }], successUrl: `${env('SITE_URL')}/success`, cancelUrl: `${env('SITE_URL')}/store`, locale: 'fr', timeZone: 'Europe/Paris', consent: await checkoutConsent(supabase) },
    });
    if (error || !data) throw new Error(`create-checkout: ${error?.message}`);
    return data;
  });
  const checkoutId = await measure('POST sandbox pay', async () => {
    const response = await fetch(checkout.url, { method: 'POST', body: new URLSearchParams({ email, action: 'pay' }), redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 303 || !location) throw new Error(`pay: HTTP ${response.status}`);
    return new URL(location).searchParams.get('checkout')!;
  });
  const total = (variant.sale_price_in_cents ?? variant.price_in_cents) * quantity;
  // The tab closes on the payment page: nobody calls record-order.
  if (neverReturns(i)) return { checkoutId, total, leftAt: Date.now() };
  const record = () =>
    measure('POST functions record-order', async () => {
      const { data, error } = await supabase.functions.invoke<{ order_id: string }>('record-order', { body: { checkout_id: checkoutId } });
      if (error || !data) throw new Error(`record-order: ${error?.message}`);
      return data.order_id;
    });
  const [first, second] = await Promise.all([record(), record()]);
  if (first !== second) throw new Error(`two order ids for ${checkoutId}`);
  await measure('GET rest orders with items', async () => {
    const { error } = await supabase.from('orders').select('*, order_items(*)').order('created_at', { ascending: false });
    if (error) throw new Error(error.message);
  });
  return { checkoutId, total };
}

async function chat(supabase: SupabaseClient, userId: string, i: number): Promise<string[]> {
  const sent: string[] = [];
  for (let m = 0; m < messagesPerChatter; m++) {
    const content = `Message ${m} du client ${i}`;
    const row = await measure('POST rest user_messages', async () => {
      const { data, error } = await supabase.from('user_messages').insert({ sender_id: userId, receiver_id: adminId, content }).select('id').single();
      if (error) throw new Error(error.message);
      return data;
    });
    sent.push(row.id);
    await measure('GET rest thread', async () => {
      const { error } = await supabase.from('user_messages').select('*').or(`sender_id.eq.${userId},receiver_id.eq.${userId}`).order('created_at');
      if (error) throw new Error(error.message);
    });
  }
  return sent;
}

step(`signing up ${shoppers} shoppers and ${chatters} chatters`);
const shopperClients = await inBatches(shoppers, 10, (i) => signedUp(`shopper${i}`));
const chatterClients = await inBatches(chatters, 10, (i) => signedUp(`chatter${i}`));

step(`load: ${shoppers} shoppers buying while ${chatters} customers send ${messagesPerChatter} messages each`);
const started = performance.now();
const [purchases, conversations] = await Promise.all([
  Promise.allSettled(shopperClients.map(({ supabase, email }, i) => shop(supabase, email, i))),
  Promise.allSettled(chatterClients.map(({ supabase, userId }, i) => chat(supabase, userId, i))),
]);
const seconds = (performance.now() - started) / 1000;
const requests = [...samples.values()].reduce((n, s) => n + s.length, 0);
const errors = [...failures.values()].reduce((n, f) => n + f.length, 0);

const paid = purchases.flatMap((p) => (p.status === 'fulfilled' ? [p.value] : []));
const sentIds = conversations.flatMap((c) => (c.status === 'fulfilled' ? c.value : []));
const leavers = paid.filter((p) => p.leftAt !== undefined);
const db = new pg.Client({ connectionString: env('SUPABASE_DB_URL') });
await db.connect();

step(`waiting for the schedule to record the orders of the ${leavers.length} shoppers who never came back (at most ${reconciliationWindowMs / 1000} s)`);
const countRecorded = async () =>
  (await db.query<{ n: number }>(`select count(distinct checkout_session_id)::int n from public.orders where checkout_session_id = any($1)`, [leavers.map((p) => p.checkoutId)])).rows[0]!.n;
const waitStarted = performance.now();
let recordedLeavers = await countRecorded();
while (recordedLeavers < leavers.length && performance.now() - waitStarted < reconciliationWindowMs) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  recordedLeavers = await countRecorded();
}

step('auditing orders and messages');
const orders = await db.query<{ checkout_session_id: string; n: number; total: number; first_recorded_ms: number }>(
  `select checkout_session_id, count(*)::int n, min(total_amount_cents) total, (extract(epoch from min(created_at)) * 1000)::float8 first_recorded_ms
   from public.orders where checkout_session_id = any($1) group by 1`,
  [paid.map((p) => p.checkoutId)],
);
const messages = await db.query<{ id: string }>(`select id from public.user_messages where id = any($1)`, [sentIds]);
await db.end();
const byId = new Map(orders.rows.map((r) => [r.checkout_session_id, r]));
const withoutOrder = paid.filter((p) => !byId.has(p.checkoutId));
const duplicated = paid.filter((p) => (byId.get(p.checkoutId)?.n ?? 0) > 1);
const wrongTotal = paid.filter((p) => byId.has(p.checkoutId) && byId.get(p.checkoutId)!.total !== p.total);
const lostMessages = sentIds.length - messages.rowCount!;
const delays = leavers.flatMap((p) => (byId.has(p.checkoutId) ? [byId.get(p.checkoutId)!.first_recorded_ms - p.leftAt!] : []));

const rows = [...samples.entries()].map(
  ([name, s]) => `  ${name.padEnd(32)} ${String(s.length).padStart(6)}  p50 ${formatMs(median(s)).padStart(10)}  p95 ${formatMs(percentile(s, 95)).padStart(10)}  errors ${failures.get(name)?.length ?? 0}`,
);
console.log(
  [
    '',
    `${requests} requests in ${seconds.toFixed(1)} s: ${(requests / seconds).toFixed(0)} requests/s, ${errors} errors`,
    ...rows,
    ...[...failures.entries()].map(([name, f]) => `  ${name} first error: ${f[0]}`),
    '',
    `purchases: ${paid.length}/${shoppers} paid, ${paid.length - leavers.length} came back to /success, ${leavers.length} never did`,
    `after the reconciliation window: paid sessions without an order ${withoutOrder.length}, with duplicated orders ${duplicated.length}, with a wrong total ${wrongTotal.length}`,
    `never came back: ${delays.length}/${leavers.length} recorded by the schedule; slowest ${delays.length ? (Math.max(...delays) / 1000).toFixed(1) : '-'} s after paying (median ${delays.length ? (median(delays) / 1000).toFixed(1) : '-'} s)`,
    `messages: ${sentIds.length}/${chatters * messagesPerChatter} sent; lost or duplicated: ${lostMessages}`,
  ].join('\n'),
);
const ok =
  errors === 0 &&
  withoutOrder.length === 0 &&
  duplicated.length === 0 &&
  wrongTotal.length === 0 &&
  lostMessages === 0 &&
  paid.length === shoppers &&
  sentIds.length === chatters * messagesPerChatter;
done(ok ? 'zero errors, zero lost or duplicated orders and messages, every order of a shopper who left recorded by the schedule' : 'the load run missed its target');
process.exitCode = ok ? 0 : 1;
