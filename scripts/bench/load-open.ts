// The open-loop mode of `npm run bench:load -- --rate 20,40,80,120,160,80`, run as its own process
// beside the stack (scripts/bench/load.ts). Purchases arrive at a fixed rate, whatever the
// answers (a slow stack does not slow the arrivals, as real shoppers do not wait for each other),
// each one create-checkout → sandbox payment → record-order, step after step. Per step it prints
// the rate, p50/p95/p99 per endpoint and of the whole purchase, the errors, the CPU of every stack
// process (stack-processes.ts), and for each edge function the network round trips a call made (to
// the database, auth, the commerce service, …) and its CPU, as the edge runtime measured them
// (sent by load.ts over the IPC channel); then it audits the step's orders (each paid session
// has exactly one order, of the right total) before the next step starts. A 503 (the stack
// refusing work past its bound, with Retry-After) is not an error: a checkout or a payment
// refused is a purchase not made, and a refused record-order of a paid session is retried after
// Retry-After, as the success page does, so the audit still finds its one order; each step
// prints its 503s and how fast they came, and "recovered" when it follows a step that did not
// hold and has neither error nor 503. At the end: the knee, the highest rate held with every p95
// under 300 ms, no error and no 503.
// Buyers are made in SQL and their access tokens signed with the project's signing key, as the
// tests do: the sign-up is not what is measured, and each buyer stays within the checkout limit
// (docs/abuse-limits.md: 5 in 10 minutes) since arrivals go round the buyers.
import { loadavg } from 'node:os';
import pg from 'pg';
import type { RequestMeasured } from '../stack/functions/service.ts';
import { signJwt } from '../stack/keys.ts';
import type { SigningKey } from '../stack/signing-keys.ts';
import { done, step } from '../lib/log.ts';
import { httpRequest, type HttpAnswer } from '../lib/http-client.ts';
import { cpuBetween, readStackCpu } from './stack-processes.ts';
import { percentile } from './stats.ts';

const kneeP95Ms = 300;
const requestTimeoutMs = 60_000;
const checkoutsPerBuyer = 4;

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the load through npm run bench:load`);
  return value;
}

export interface OpenLoopPlan {
  rates: number[];
  stepSeconds: number;
}

/** `--rate 20,40,80` (and `--step-seconds 10`) from the command line; undefined without --rate. */
function openLoopPlan(argv: string[]): OpenLoopPlan | undefined {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
  const rates = value('--rate');
  if (rates === undefined) return undefined;
  const plan = { rates: rates.split(',').map(Number), stepSeconds: Number(value('--step-seconds') ?? 10) };
  if (plan.rates.length === 0 || plan.rates.some((r) => !(r > 0))) throw new Error(`--rate takes purchases per second separated by commas, not ${rates}`);
  if (!(plan.stepSeconds > 0)) throw new Error(`--step-seconds must be positive, not ${value('--step-seconds')}`);
  return plan;
}

interface Buyer {
  id: string;
  email: string;
  token: string;
}

async function makeBuyers(db: pg.Client, count: number): Promise<Buyer[]> {
  const { rows } = await db.query<{ id: string; email: string }>(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     select gen_random_uuid(), 'authenticated', 'authenticated', 'open-loop-' || gen_random_uuid() || '@example.test',
            '{"provider":"email","providers":["email"]}', '{"full_name":"Acheteur du banc d''essai"}', now(), now(), now()
     from generate_series(1, $1) returning id, email`,
    [count],
  );
  const key = (JSON.parse(env('SUPABASE_SIGNING_KEYS')) as SigningKey[])[0]!;
  const exp = Math.floor(Date.now() / 1000) + 6 * 3600;
  return rows.map(({ id, email }) => ({
    id,
    email,
    token: signJwt({ sub: id, role: 'authenticated', aud: 'authenticated', email, exp, aal: 'aal1', session_id: crypto.randomUUID() }, key),
  }));
}

interface Variant {
  id: string;
  price: number;
}

async function buyableVariants(): Promise<Variant[]> {
  const response = await fetch(`${env('COMMERCE_API_URL')}/store/${env('COMMERCE_STORE_ID')}/products?limit=100&offset=0`);
  const list = (await response.json()) as { products: Array<{ purchasable: boolean; variants: Array<{ id: string; manage_inventory: boolean; price_in_cents: number; sale_price_in_cents: number | null }> }> };
  return list.products
    .filter((p) => p.purchasable && p.variants.every((v) => !v.manage_inventory))
    .flatMap((p) => p.variants.map((v) => ({ id: v.id, price: v.sale_price_in_cents ?? v.price_in_cents })));
}

async function cgvVersion(): Promise<number> {
  const response = await fetch(`${env('SUPABASE_URL')}/rest/v1/rpc/checkout_terms`, { method: 'POST', headers: { apikey: env('SUPABASE_PUBLISHABLE_KEY'), 'Content-Type': 'application/json' }, body: '{}' });
  const terms = (await response.json()) as { cgv_version: number | null };
  if (typeof terms.cgv_version !== 'number') throw new Error('no CGV in force to consent to');
  return terms.cgv_version;
}

/** A 503 with Retry-After: the stack refused the work, at once, rather than queue it. */
class Overloaded extends Error {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`${what}: HTTP 503, retry after ${retryAfterSeconds} s`);
  }
}

function overloaded(answer: HttpAnswer, what: string): Overloaded | undefined {
  if (answer.status !== 503) return undefined;
  const retryAfter = Number(answer.headers['retry-after']);
  return new Overloaded(what, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 1);
}

const push = <T>(map: Map<string, T[]>, key: string, value: T) => (map.get(key) ?? map.set(key, []).get(key)!).push(value);

/** One step's samples per endpoint (ms), failures (messages) and 503s (ms to the refusal). */
class StepFigures {
  readonly samples = new Map<string, number[]>();
  readonly failures = new Map<string, string[]>();
  readonly refusals = new Map<string, number[]>();

  async measure<T>(endpoint: string, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await call();
      push(this.samples, endpoint, performance.now() - started);
      return result;
    } catch (error) {
      if (error instanceof Overloaded) push(this.refusals, endpoint, performance.now() - started);
      else push(this.failures, endpoint, (error as Error).message);
      throw error;
    }
  }

  get errors(): number {
    return [...this.failures.values()].reduce((n, f) => n + f.length, 0);
  }

  /** 503 answers, the whole purchases refused not counted again. */
  get refused(): number {
    return [...this.refusals.entries()].filter(([name]) => name !== 'whole purchase').reduce((n, [, r]) => n + r.length, 0);
  }
}

function postJson(url: string, token: string, body: unknown): Promise<HttpAnswer> {
  return httpRequest(url, {
    method: 'POST',
    headers: { apikey: env('SUPABASE_PUBLISHABLE_KEY'), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    timeoutMs: requestTimeoutMs,
  });
}

function answered<T>(answer: HttpAnswer, what: string): T {
  const refused = overloaded(answer, what);
  if (refused) throw refused;
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what}: HTTP ${answer.status} ${answer.body.slice(0, 120)}`);
  return JSON.parse(answer.body) as T;
}

interface Paid {
  checkoutId: string;
  total: number;
}

async function purchase(figures: StepFigures, buyer: Buyer, variant: Variant, consent: number, i: number): Promise<Paid> {
  const functions = `${env('SUPABASE_URL')}/functions/v1`;
  const quantity = 1 + (i % 3);
  return figures.measure('whole purchase', async () => {
    const checkout = await figures.measure('POST functions create-checkout', async () =>
      answered<{ url: string }>(
        await postJson(`${functions}/create-checkout`, buyer.token, {
          items: [{ variant_id: variant.id, quantity }],
          successUrl: `${env('SITE_URL')}/success`,
          cancelUrl: `${env('SITE_URL')}/store`,
          locale: 'fr',
          timeZone: 'Europe/Paris',
          consent: { cgvVersion: consent, acceptsCgv: true, requestsImmediateAccess: true },
        }),
        'create-checkout',
      ),
    );
    const checkoutId = await figures.measure('POST sandbox pay', async () => {
      const answer = await httpRequest(checkout.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: buyer.email, action: 'pay' }).toString(),
        timeoutMs: requestTimeoutMs,
      });
      const refused = overloaded(answer, 'pay');
      if (refused) throw refused;
      const location = answer.headers.location;
      if (answer.status !== 303 || !location) throw new Error(`pay: HTTP ${answer.status}`);
      return new URL(location).searchParams.get('checkout')!;
    });
    await recordOrder(figures, functions, buyer, checkoutId);
    return { checkoutId, total: variant.price * quantity };
  });
}

/** Paid: the order is recorded, after Retry-After as many times as the stack refuses (up to a minute). */
async function recordOrder(figures: StepFigures, functions: string, buyer: Buyer, checkoutId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await figures.measure('POST functions record-order', async () => answered<{ order_id: string }>(await postJson(`${functions}/record-order`, buyer.token, { checkout_id: checkoutId }), 'record-order'));
      return;
    } catch (error) {
      if (!(error instanceof Overloaded) || attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, error.retryAfterSeconds * 1000));
    }
  }
}

/** What the stack process measured of the function calls since it was last asked. */
function functionCalls(): Promise<RequestMeasured[]> {
  return new Promise((resolve) => {
    process.once('message', (message) => resolve(message as RequestMeasured[]));
    process.send!('function-calls');
  });
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(1)} ms`);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Per function: calls, the mean round trips per call by service, and its CPU per call. */
function functionLines(calls: RequestMeasured[]): string[] {
  const byName = new Map<string, RequestMeasured[]>();
  for (const call of calls) (byName.get(call.name) ?? byName.set(call.name, []).get(call.name)!).push(call);
  return [...byName.entries()].map(([name, list]) => {
    const services = [...new Set(list.flatMap((call) => Object.keys(call.roundTrips)))].sort();
    const trips = services.map((service) => `${service} ${mean(list.map((call) => call.roundTrips[service] ?? 0)).toFixed(2)}`).join(', ');
    const cpu = list.map((call) => call.cpuMs);
    return `  ${name.padEnd(20)} ${String(list.length).padStart(5)} calls  round trips per call: ${trips || 'none'} (total ${mean(list.map((c) => Object.values(c.roundTrips).reduce((a, b) => a + b, 0))).toFixed(2)}); CPU per call mean ${ms(mean(cpu))}, p95 ${ms(percentile(cpu, 95))}`;
  });
}

interface StepResult {
  rate: number;
  held: boolean;
  /** Neither an error nor a 503. */
  unscathed: boolean;
  /** No paid session without its order, none with two, none of a wrong total. */
  auditClean: boolean;
}

async function runStep(db: pg.Client, plan: OpenLoopPlan, rate: number, index: number, context: { buyers: Buyer[]; variants: Variant[]; consent: number; next: { arrival: number } }, previous: StepResult | undefined): Promise<StepResult> {
  const figures = new StepFigures();
  const arrivals = Math.round(rate * plan.stepSeconds);
  step(`step ${index + 1}: ${rate} purchases/s for ${plan.stepSeconds} s (${arrivals} arrivals)`);
  await functionCalls(); // what came before this step is not its own
  const rootPid = Number(env('LOAD_STACK_PID'));
  const pgData = env('LOAD_PG_DATA');
  // This process runs under tsx's CLI, which the stack process started: neither is the stack.
  const loadGenerator = [process.pid, process.ppid];
  const cpuBefore = readStackCpu(rootPid, pgData, loadGenerator);
  const ownCpuBefore = process.cpuUsage();
  const started = performance.now();
  const inFlight: Array<Promise<Paid | undefined>> = [];
  // Arrivals at fixed times from the step's start, launched by a timer that catches up if late.
  await new Promise<void>((resolve) => {
    let launched = 0;
    const tick = () => {
      const due = Math.min(arrivals, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
      for (; launched < due; launched++) {
        const i = context.next.arrival++;
        const buyer = context.buyers[i % context.buyers.length]!;
        const variant = context.variants[i % context.variants.length]!;
        inFlight.push(purchase(figures, buyer, variant, context.consent, i).catch(() => undefined));
      }
      if (launched < arrivals) setTimeout(tick, 2);
      else resolve();
    };
    tick();
  });
  const arrivalSeconds = (performance.now() - started) / 1000;
  const paid = (await Promise.all(inFlight)).filter((p): p is Paid => p !== undefined);
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuBetween(cpuBefore, readStackCpu(rootPid, pgData, loadGenerator), seconds);
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const generatorCores = (ownCpu.user + ownCpu.system) / 1000 / (seconds * 1000);
  const calls = await functionCalls();

  const { rows } = await db.query<{ checkout_session_id: string; n: number; total: number }>(
    `select checkout_session_id, count(*)::int n, min(total_amount_cents)::int total from public.orders where checkout_session_id = any($1) group by 1`,
    [paid.map((p) => p.checkoutId)],
  );
  const byId = new Map(rows.map((r) => [r.checkout_session_id, r]));
  const withoutOrder = paid.filter((p) => !byId.has(p.checkoutId)).length;
  const duplicated = paid.filter((p) => (byId.get(p.checkoutId)?.n ?? 0) > 1).length;
  const wrongTotal = paid.filter((p) => byId.has(p.checkoutId) && byId.get(p.checkoutId)!.total !== p.total).length;

  const endpoints = [...new Set([...figures.samples.keys(), ...figures.failures.keys()])];
  const p95s = endpoints.map((name) => percentile(figures.samples.get(name) ?? [], 95));
  const auditClean = withoutOrder + duplicated + wrongTotal === 0;
  const unscathed = figures.errors === 0 && figures.refused === 0;
  const held = unscathed && p95s.every((p) => p < kneeP95Ms) && auditClean;
  const refusalTimes = [...figures.refusals.entries()].filter(([name]) => name !== 'whole purchase').flatMap(([, r]) => r);
  const notMade = figures.refusals.get('whole purchase')?.length ?? 0;
  console.log(
    [
      `rate ${rate}/s: ${arrivals} arrivals in ${arrivalSeconds.toFixed(1)} s, all answered after ${seconds.toFixed(1)} s; ${paid.length} paid, ${notMade} refused (not made), ${figures.errors} errors; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
      `  503s: ${figures.refused} (${(figures.refused / seconds).toFixed(1)}/s${figures.refused ? `, answered in p50 ${ms(percentile(refusalTimes, 50))}, p95 ${ms(percentile(refusalTimes, 95))}` : ''})${[...figures.refusals.entries()].filter(([name]) => name !== 'whole purchase').map(([name, r]) => `; ${name} ${r.length}`).join('')}`,
      ...endpoints.map((name) => {
        const s = figures.samples.get(name) ?? [];
        const failed = figures.failures.get(name) ?? [];
        const refused = figures.refusals.get(name)?.length ?? 0;
        return `  ${name.padEnd(32)} ${String(s.length).padStart(5)}  p50 ${ms(percentile(s, 50)).padStart(9)}  p95 ${ms(percentile(s, 95)).padStart(9)}  p99 ${ms(percentile(s, 99)).padStart(9)}  503s ${refused}  errors ${failed.length}${failed.length ? ` (first: ${failed[0]})` : ''}`;
      }),
      `  CPU, in cores: ${cpu.map(({ label, processes, cores }) => `${label}${processes > 1 ? ` ×${processes}` : ''} ${cores.toFixed(2)}`).join(', ')}; beside the stack, this load generator ${generatorCores.toFixed(2)}`,
      ...(paid.length ? [`  CPU per purchase paid: ${perPurchase(cpu, seconds, paid.length)}`] : []),
      ...functionLines(calls),
      `  audit: paid sessions without an order ${withoutOrder}, with duplicated orders ${duplicated}, with a wrong total ${wrongTotal}`,
      `  ${held ? 'held' : 'NOT held'} (every p95 < ${kneeP95Ms} ms, no error, no 503, audit clean)${previous && !previous.held ? (unscathed ? `; recovered: no error and no 503 after the ${previous.rate}/s step that did not hold` : `; NOT recovered after the ${previous.rate}/s step`) : ''}`,
    ].join('\n'),
  );
  return { rate, held, unscathed, auditClean };
}

/** The stack's CPU time per purchase paid in the step, in all and by process, in milliseconds. */
function perPurchase(cpu: Array<{ label: string; cores: number }>, seconds: number, purchases: number): string {
  const ms = (cores: number) => ((cores * seconds * 1000) / purchases).toFixed(1);
  const used = cpu.filter(({ cores }) => cores * seconds * 1000 >= purchases * 0.05);
  return `${ms(cpu.reduce((sum, { cores }) => sum + cores, 0))} ms (${used.map(({ label, cores }) => `${label} ${ms(cores)}`).join(', ')})`;
}

/** Runs the steps; true when every step's audit was clean (latency and errors are reported, not judged). */
async function runOpenLoop(plan: OpenLoopPlan): Promise<boolean> {
  const db = new pg.Client({ connectionString: env('SUPABASE_DB_URL') });
  await db.connect();
  try {
    const purchases = plan.rates.reduce((n, rate) => n + Math.round(rate * plan.stepSeconds), 0);
    const buyerCount = Math.ceil(purchases / checkoutsPerBuyer);
    step(`open loop: ${plan.rates.join(', ')} purchases/s, ${plan.stepSeconds} s each (${purchases} purchases by ${buyerCount} buyers)`);
    const context = { buyers: await makeBuyers(db, buyerCount + 1), variants: await buyableVariants(), consent: await cgvVersion(), next: { arrival: 0 } };
    // One purchase first, by a buyer of its own, so that no step pays for starting the functions' workers.
    await purchase(new StepFigures(), context.buyers.pop()!, context.variants[0]!, context.consent, 0);
    const results: StepResult[] = [];
    for (const [index, rate] of plan.rates.entries()) results.push(await runStep(db, plan, rate, index, context, results.at(-1)));
    const knee = Math.max(0, ...results.filter((r) => r.held).map((r) => r.rate));
    const lastHeld = results.at(-1)?.held ?? false;
    const recovered = results.flatMap((r, i) => (i > 0 && !results[i - 1]!.held && r.unscathed ? [`${results[i - 1]!.rate} → ${r.rate}/s`] : []));
    console.log(`\nknee: ${knee ? `${knee} purchases/s` : 'no step held'} (the highest rate held with every p95 < ${kneeP95Ms} ms, no error, no 503); the last step ${lastHeld ? 'held' : 'did not hold'}${recovered.length ? `; recovered: ${recovered.join(', ')}` : ''}`);
    const clean = results.every((r) => r.auditClean);
    done(clean ? `every step audited clean; knee ${knee} purchases/s` : 'a step lost, duplicated or mispriced an order');
    return clean;
  } finally {
    await db.end();
  }
}

const plan = openLoopPlan(process.argv.slice(2));
if (!plan) throw new Error('load-open.ts runs with --rate, through npm run bench:load -- --rate 20,40,80');
process.exitCode = (await runOpenLoop(plan)) ? 0 : 1;
process.disconnect?.();
