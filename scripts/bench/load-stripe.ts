// The Stripe step of `npm run bench:load -- --stripe`, run as its own process beside a stack taking
// payments through the Stripe double (scripts/bench/load.ts): how long after a payment its order
// exists, told by Stripe's webhook, against the one-minute reconciliation alone.
// - Webhooks: LOAD_STRIPE_BUYERS (40) buyers, LOAD_STRIPE_AT_ONCE (4) at a time, each signed up,
//   checking out through create-checkout with supabase-js as the web app does, and paying by card on
//   the double's hosted page over HTTP. Nobody comes back to /success: only stripe-webhook records.
// - Reconciliation: the webhook endpoint paused (the double holds its deliveries, as Stripe does
//   for a server that is down), LOAD_STRIPE_RECONCILED (10) buyers pay one after another, spread
//   evenly over a minute so that they meet the schedule at every point of it; only the real
//   schedule (pg_cron every minute → pg_net → reconcile-checkouts) records their orders. The
//   endpoint is resumed at the end: the held deliveries then find their orders there.
// Measured from the hosted page's 303 (the payment made) to the order row committed, awaited by an
// event rather than a poll: a trigger this run adds to its throwaway database NOTIFYs each order's
// checkout id at commit, and one LISTENing connection stamps it. Reports p50/p95/max (stats.ts),
// the target (the webhooks' p95 under 2 s) and the ratio of the two; exits non-zero when the target
// is missed or an order never comes.
import { loadavg } from 'node:os';
import pg from 'pg';
import { createCheckout, newCustomer, type ShopEnv } from '../../tests/support/shop.ts';
import { done, step } from '../lib/log.ts';
import { payOnStripe } from '../stripe-sandbox/buyer-page.ts';
import { pauseDeliveries, resumeDeliveries } from '../stripe-sandbox/sandbox-controls.ts';
import { formatMs, median, percentile } from './stats.ts';

const webhookBuyers = Number(process.env.LOAD_STRIPE_BUYERS ?? 40);
const atOnce = Number(process.env.LOAD_STRIPE_AT_ONCE ?? 4);
const reconciledBuyers = Number(process.env.LOAD_STRIPE_RECONCILED ?? 10);
const targetP95Ms = 2_000;
const scheduleMs = 60_000;
/** A webhook's order later than this is missing; the schedule's, later than two periods and a margin. */
const webhookWaitMs = 30_000;
const scheduleWaitMs = 2 * scheduleMs + 30_000;
const cart = ['var_eveil_du_coeur', 'var_gratitude', 'var_rituel_aube'];

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the Stripe step through npm run bench:load -- --stripe`);
  return value;
}

const shop = process.env as unknown as ShopEnv;
const stripeUrl = env('STRIPE_API_URL');
const endpointId = env('STRIPE_WEBHOOK_ENDPOINT_ID');

/** When each order was committed (performance.now()), and who waits for which. */
const recordedAt = new Map<string, number>();
const waiting = new Map<string, (at: number) => void>();

const listener = new pg.Client({ connectionString: env('SUPABASE_DB_URL') });
await listener.connect();
await listener.query(`
  create or replace function private.bench_order_recorded() returns trigger language plpgsql as $$
  begin
    perform pg_notify('bench_order_recorded', new.checkout_session_id);
    return null;
  end $$;
  create or replace trigger bench_order_recorded after insert on public.orders for each row execute function private.bench_order_recorded();`);
listener.on('notification', ({ payload }) => {
  if (!payload) return;
  const at = performance.now();
  recordedAt.set(payload, at);
  waiting.get(payload)?.(at);
});
await listener.query('listen bench_order_recorded');

/** When checkout `id`'s order was committed; null past `timeoutMs`. */
function orderRecorded(id: string, timeoutMs: number): Promise<number | null> {
  const at = recordedAt.get(id);
  if (at !== undefined) return Promise.resolve(at);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve(null);
    }, timeoutMs);
    waiting.set(id, (committed) => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(committed);
    });
  });
}

type Buyer = Awaited<ReturnType<typeof newCustomer>>;

async function buyers(count: number, label: string): Promise<Buyer[]> {
  const made: Buyer[] = [];
  for (let i = 0; i < count; i += atOnce) made.push(...(await Promise.all(Array.from({ length: Math.min(atOnce, count - i) }, () => newCustomer(shop, label)))));
  return made;
}

/** Buyer `i` checks out and pays; ms from the payment to the order, null when it never came. */
async function paymentToOrder(buyer: Buyer, i: number, timeoutMs: number): Promise<number | null> {
  const opened = await createCheckout(shop, buyer.supabase, [{ variant_id: cart[i % cart.length]!, quantity: 1 + (i % 2) }]);
  if (opened.error || !opened.data) throw new Error(`create-checkout: ${opened.error?.message}`);
  const paid = await payOnStripe(opened.data.url, 'card');
  const paidAt = performance.now();
  const checkoutId = paid.location ? new URL(paid.location).searchParams.get('checkout') : null;
  if (paid.status !== 303 || !checkoutId) throw new Error(`the hosted page answered ${paid.status}`);
  const committed = await orderRecorded(checkoutId, timeoutMs);
  return committed === null ? null : committed - paidAt;
}

interface Sample {
  delays: number[];
  missing: number;
}

const sampleOf = (results: Array<number | null>): Sample => ({ delays: results.filter((delay) => delay !== null), missing: results.filter((delay) => delay === null).length });

function line(label: string, { delays, missing }: Sample): string {
  const figures = delays.length ? `p50 ${formatMs(median(delays))}  p95 ${formatMs(percentile(delays, 95))}  max ${formatMs(Math.max(...delays))}` : 'no order';
  return `  ${label.padEnd(36)} ${String(delays.length).padStart(3)} orders  ${figures}${missing ? `  MISSING ${missing}` : ''}`;
}

let webhooks: Sample;
let reconciliation: Sample;
try {
  step(`signing up ${webhookBuyers + reconciledBuyers} buyers`);
  const first = await buyers(webhookBuyers, 'stripe-webhook-buyer');
  const second = await buyers(reconciledBuyers, 'stripe-schedule-buyer');

  step(`webhooks: ${webhookBuyers} buyers pay by card, ${atOnce} at a time; stripe-webhook alone records their orders`);
  const results: Array<number | null> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      for (let i = next++; i < webhookBuyers; i = next++) results.push(await paymentToOrder(first[i]!, i, webhookWaitMs));
    }),
  );
  webhooks = sampleOf(results);

  const spacingMs = scheduleMs / reconciledBuyers;
  step(`reconciliation: the webhook endpoint paused, ${reconciledBuyers} buyers pay ${(spacingMs / 1000).toFixed(0)} s apart; only the schedule records their orders (at most ${scheduleWaitMs / 1000} s each)`);
  await pauseDeliveries(stripeUrl, endpointId);
  try {
    const started = performance.now();
    reconciliation = sampleOf(
      await Promise.all(
        second.map(async (buyer, i) => {
          await new Promise((resolve) => setTimeout(resolve, started + i * spacingMs - performance.now()));
          return paymentToOrder(buyer, i, scheduleWaitMs);
        }),
      ),
    );
  } finally {
    await resumeDeliveries(stripeUrl, endpointId);
  }
} finally {
  await listener.query('drop trigger if exists bench_order_recorded on public.orders; drop function if exists private.bench_order_recorded()').catch(() => undefined);
  await listener.end();
}

const met = webhooks.delays.length > 0 && percentile(webhooks.delays, 95) < targetP95Ms;
const ratio = (p: number) => (percentile(reconciliation.delays, p) / percentile(webhooks.delays, p)).toFixed(0);
console.log(
  [
    '',
    'payment → order recorded (the hosted page\'s 303 → the order row committed, told by NOTIFY)',
    line(`webhooks, ${atOnce} buyers at a time`, webhooks),
    line('the schedule alone, webhooks paused', reconciliation),
    `  reconciliation / webhooks: ×${ratio(50)} at the median, ×${ratio(95)} at p95`,
    `  target: the webhooks' p95 under ${targetP95Ms / 1000} s: ${met ? 'met' : 'MISSED'} (load average ${loadavg().map((load) => load.toFixed(1)).join(' ')})`,
  ].join('\n'),
);
const ok = met && webhooks.missing === 0 && reconciliation.missing === 0;
done(ok ? "every order recorded; the webhooks' p95 within target" : 'the Stripe step missed its target');
process.exitCode = ok ? 0 : 1;
