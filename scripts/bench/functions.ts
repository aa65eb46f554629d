// `npm run bench:functions`: the shop's edge functions on their worst realistic input, measured
// by the local edge runtime itself against hosted Supabase's limits (scripts/stack/functions/limits.ts):
// the CPU time charged to each request, and its peak memory as the hosted runtime counts it (V8
// heap in use + external memory, reported by the function's process); the worker's resident
// high-water mark is printed too, for information. The target is half of each limit, so that a
// slower region or a bigger catalogue still fits.
// - create-checkout: the largest cart a buyer can fill, every purchasable variant the catalogue
//   keeps in stock at the highest quantity the schema accepts;
// - record-order: that cart, paid on the sandbox page, turned into an order with all its lines;
// - set-admin-role: the administrator's address looked up among more accounts than one page of
//   GoTrue's admin API holds (the function once paged through them all; grant_configured_admin()
//   now finds it in one database call).
// - issue-download: a buyer's first link to the largest PDF the shop sells (84 illustrated pages,
//   teaching-pdf.ts), which downloads the original, stamps every page and uploads the copy; each
//   run is another buyer's order item, so every run stamps.
// - invoice-pdf: the invoice of an order of as many lines as create-checkout accepts (50), each
//   with a long title wrapped on two lines and a large amount, so the table runs over four pages;
// - reconcile-checkouts: the schedule's runs (its job secret) over 200 pending checkouts of the
//   last 24 hours, every one paid at the sandbox, run after run until all are recorded: each run
//   stays within its budget of 60 requests to the Ecommerce API (requestsPerCall of
//   supabase/functions/_shared/commerce-provider.ts), which reads Hostinger's orders one by one;
// - send-confirmations: one scheduled run mailing a batch of those orders' confirmations;
// - contact-captcha: a solved widget's token checked at the provider (the stack's captcha
//   sandbox) and a pass issued.
// Requests run one at a time, so each is charged exactly its own CPU time. The first call of each
// function is measured too: it includes the JIT warming up, as a cold hosted worker would.
import pg from 'pg';
import { variantsById } from '../commerce-sandbox/catalogue.ts';
import { checkoutConsent } from '../lib/checkout-consent.ts';
import { freePort } from '../lib/free-port.ts';
import { step } from '../lib/log.ts';
import { nodeClient } from '../lib/supabase-client.ts';
import { hostedLimits } from '../stack/functions/limits.ts';
import type { RequestMeasured } from '../stack/functions/service.ts';
import { startLocalStack } from '../stack/launch.ts';
import { median } from './stats.ts';
import { eightyFourPageTeaching } from './teaching-pdf.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const extraAccounts = 1500;
// Paid checkouts waiting at once for the schedule: a busy hour of a small shop.
const pendingCheckouts = 200;
const maxQuantity = 100; // supabase/functions/_shared/schemas.ts
const maxLines = 50; // supabase/functions/_shared/schemas.ts
const adminEmail = 'admin@lumiere-sacree.test'; // supabase/seed.sql, and ADMIN_EMAILS's default
const cpuTargetMs = hostedLimits.cpuMsPerRequest / 2;
const memoryTargetMb = hostedLimits.memoryMb / 2;
const mb = (bytes: number) => bytes / 1024 / 1024;

const measured: RequestMeasured[] = [];
const siteUrl = `http://127.0.0.1:${await freePort()}`;
// The buyer signs up and buys at once: this stack confirms sign-ups itself (the mail is not measured).
const stack = await startLocalStack({ persistent: false, siteUrl, autoconfirm: true, functions: { onRequestMeasured: (request) => measured.push(request) } });
const db = new pg.Client({ connectionString: stack.dbUrl });
try {
  await db.connect();
  // Only the bench's own runs of reconcile-checkouts and send-confirmations are measured: Supabase
  // Cron's minutely runs (this throwaway stack's copy of the schedules) would add requests at
  // moments of their choosing. By id: by name, pg_cron finds only the current user's jobs, and
  // these belong to their jobs' roles.
  await db.query(`select cron.unschedule(jobid) from cron.job where jobname in ('reconcile-checkouts', 'send-confirmations')`);
  step(`${extraAccounts} more accounts, among which set-admin-role finds the administrator`);
  await db.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     select gen_random_uuid(), 'authenticated', 'authenticated', 'bench-' || g || '@example.test',
            '{"provider":"email","providers":["email"]}', '{"full_name":"Bench"}', now(), now(), now()
     from generate_series(1, $1::int) g`,
    [extraAccounts],
  );

  const buyer = nodeClient(stack.apiUrl, stack.publishableKey);
  const buyerEmail = `bench-buyer-${crypto.randomUUID()}@example.test`;
  const { data: signedUp, error: signUpError } = await buyer.auth.signUp({
    email: buyerEmail,
    password: 'bench-functions-2026',
    options: { data: { full_name: 'Marie-Bénédicte de La Tour d’Auvergne' } },
  });
  if (signUpError || !signedUp.user) throw new Error(`sign-up: ${signUpError?.message ?? 'no user'}`);
  // Managed stock runs out as the runs buy it; unmanaged variants can be bought at the maximum every run.
  const cart = [...variantsById.values()].filter((v) => v.purchasable && !v.managed).map((v) => ({ variant_id: v.id, quantity: maxQuantity }));

  const invoke = async <T>(name: string, body: Record<string, unknown>): Promise<T> => {
    const { data, error } = await buyer.functions.invoke<T>(name, { body });
    if (error || !data) throw new Error(`${name}: ${error?.message ?? 'no answer'}`);
    return data;
  };

  step(`${runs} runs: create-checkout of ${cart.length} lines × ${maxQuantity}, payment, record-order, set-admin-role, contact-captcha`);
  for (let run = 0; run < runs; run++) {
    const { url } = await invoke<{ url: string }>('create-checkout', {
      items: cart,
      successUrl: `${siteUrl}/success`,
      cancelUrl: `${siteUrl}/store`,
      locale: 'fr',
      timeZone: 'Europe/Paris',
      consent: await checkoutConsent(buyer),
    });
    const paid = await fetch(url, { method: 'POST', body: new URLSearchParams({ email: buyerEmail, action: 'pay' }), redirect: 'manual' });
    const checkoutId = new URL(paid.headers.get('location') ?? 'http://none/').searchParams.get('checkout');
    if (paid.status !== 303 || !checkoutId) throw new Error(`sandbox payment: HTTP ${paid.status}`);
    await invoke('record-order', { checkout_id: checkoutId });
    await invoke('set-admin-role', { adminEmail });
    const minted = await fetch(`${stack.env.CAPTCHA_SANDBOX_URL}/tokens`, { method: 'POST', body: '{}' });
    await invoke('contact-captcha', { token: ((await minted.json()) as { token: string }).token });
  }

  const teaching = await eightyFourPageTeaching();
  const teachingPath = 'products/bench/eveil-du-coeur-84-pages.pdf';
  step(`${runs} runs: issue-download of the 84-page teaching (${mb(teaching.length).toFixed(1)} MB), each a new order item, so each stamps`);
  const service = nodeClient(stack.apiUrl, stack.secretKey);
  const { error: uploadError } = await service.storage.from('deliverables').upload(teachingPath, teaching, { contentType: 'application/pdf', upsert: true });
  if (uploadError) throw new Error(`uploading the teaching: ${uploadError.message}`);
  for (let run = 0; run < runs; run++) {
    const { rows } = await db.query<{ id: string }>(
      `with o as (insert into public.orders (user_id, total_amount_cents, currency, status, checkout_session_id, cgv_version, consent_text, consented_at)
                  values ($1, 2900, 'eur', 'completed', 'cs_bench_' || gen_random_uuid(),
                          (public.checkout_terms() ->> 'cgv_version')::integer, 'Consentement du banc d''essai', now()) returning id)
       insert into public.order_items (order_id, variant_id, product_title, variant_title, quantity, price_per_item_cents, file_path, file_type)
       select o.id, 'var_eveil_du_coeur', 'L''Éveil du Cœur', 'PDF', 1, 2900, $2, 'pdf' from o returning id`,
      [signedUp.user.id, teachingPath],
    );
    // Not `invoke`: a worker ended by the memory limit (546) is a figure for the table, not a crash.
    await buyer.functions.invoke('issue-download', { body: { order_item_id: rows[0]!.id, disposition: 'attachment' } });
  }

  step(`${runs} runs: invoice-pdf of an order of ${maxLines} lines (the seed's complete seller settings)`);
  const { rows: invoicedLines } = await db.query<{ order_id: string }>(
    `with o as (insert into public.orders (user_id, total_amount_cents, currency, status, checkout_session_id, cgv_version, consent_text, consented_at)
                values ($1, $2, 'eur', 'completed', 'cs_bench_invoice_' || gen_random_uuid(),
                        (public.checkout_terms() ->> 'cgv_version')::integer, 'Consentement du banc d''essai', now()) returning id)
     insert into public.order_items (order_id, variant_id, product_title, variant_title, quantity, price_per_item_cents)
     select o.id, 'var_bench_' || k, 'Rituel de la pleine lune : cérémonie guidée en douze étapes pour ouvrir le cœur, n° ' || k, 'Vidéo HD', $3, 123450
       from o, generate_series(1, $4::int) k
     returning order_id`,
    [signedUp.user.id, maxLines * maxQuantity * 123450, maxQuantity, maxLines],
  );
  for (let run = 0; run < runs; run++) await invoke('invoice-pdf', { order_id: invoicedLines[0]!.order_id });

  step(`reconcile-checkouts over ${pendingCheckouts} checkouts paid at the sandbox, none recorded yet, run after run`);
  const line = cart[0]!;
  const variant = variantsById.get(line.variant_id)!;
  const unitPrice = variant.salePriceInCents ?? variant.priceInCents;
  const items = JSON.stringify([
    { variant_id: variant.id, product_id: variant.productId, product_title: variant.productTitle, variant_title: variant.title, image_url: null, quantity: 1, unit_price_cents: unitPrice },
  ]);
  const storeUrl = `${stack.env.COMMERCE_API_URL}/store/${stack.env.COMMERCE_STORE_ID}`;
  // Each checkout under an e-mail of its own, paid under it: one payment fits each, as many buyers' would.
  const payOne = async () => {
    const email = `bench-reconcile-${crypto.randomUUID()}@example.test`;
    const created = await fetch(`${storeUrl}/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ variant_id: variant.id, quantity: 1 }], successUrl: `${siteUrl}/success`, cancelUrl: `${siteUrl}/store`, locale: 'fr' }),
    });
    const { url } = (await created.json()) as { url: string };
    const paid = await fetch(url, { method: 'POST', body: new URLSearchParams({ email, action: 'pay' }), redirect: 'manual' });
    if (paid.status !== 303) throw new Error(`sandbox payment: HTTP ${paid.status}`);
    return email;
  };
  const emails: string[] = [];
  while (emails.length < pendingCheckouts) emails.push(...(await Promise.all(Array.from({ length: 20 }, payOne))));
  await db.query(
    `insert into public.checkout_sessions (id, user_id, buyer_email, items, total_amount_cents, currency, cgv_version, consent_text, consented_at, created_at)
     select gen_random_uuid()::text, $2, unnest($1::text[]), $3::jsonb, $4, 'eur', 1, 'Consentement du banc d''essai', now(), now() - interval '1 minute'`,
    [emails, signedUp.user.id, items, unitPrice],
  );
  // Hostinger's orders are read one by one, within each run's budget of requests: the schedule's
  // runs take turns until every checkout is recorded.
  let recorded = 0;
  let reconcileRuns = 0;
  while (recorded < pendingCheckouts) {
    reconcileRuns++;
    const reconciled = await fetch(`${stack.apiUrl}/functions/v1/reconcile-checkouts`, {
      method: 'POST',
      headers: { apikey: stack.publishableKey, Authorization: `Bearer ${stack.env.RECONCILE_CHECKOUTS_SECRET}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scope: 'all' }),
    });
    const summary = (await reconciled.json()) as { recorded?: number };
    if (!summary.recorded) throw new Error(`reconcile-checkouts run ${reconcileRuns} recorded nothing, ${recorded} of ${pendingCheckouts} so far: ${JSON.stringify(summary)}`);
    recorded += summary.recorded;
  }
  step(`  ${pendingCheckouts} checkouts recorded in ${reconcileRuns} runs`);

  step('1 run: send-confirmations of those orders, one batch');
  const confirmed = await fetch(`${stack.apiUrl}/functions/v1/send-confirmations`, {
    method: 'POST',
    headers: { apikey: stack.publishableKey, Authorization: `Bearer ${stack.env.SEND_CONFIRMATIONS_SECRET}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (confirmed.status !== 200) throw new Error(`send-confirmations: HTTP ${confirmed.status} ${await confirmed.text()}`);

  const expectedRuns: Record<string, number> = { 'create-checkout': runs, 'record-order': runs, 'set-admin-role': runs, 'issue-download': runs, 'invoice-pdf': runs, 'reconcile-checkouts': reconcileRuns, 'send-confirmations': 1, 'contact-captcha': runs };
  const rows = Object.keys(expectedRuns).map((name) => {
    const requests = measured.filter((m) => m.name === name);
    const cpu = requests.map((m) => m.cpuMs);
    const peak = Math.max(...requests.map((m) => mb(m.peakMemoryBytes)));
    const peakRss = Math.max(...requests.map((m) => mb(m.peakRssBytes)));
    const failed = requests.filter((m) => m.status !== 200).length;
    return { name, count: requests.length, failed, cpuMedian: median(cpu), cpuMax: Math.max(...cpu), peak, peakRss, wallMedian: median(requests.map((m) => m.wallMs)) };
  });
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  console.log(
    [
      '',
      `function             runs  failed   CPU median   CPU max   limit (target)   peak heap+ext   limit (target)   peak RSS   wall median`,
      ...rows.map(
        (r) =>
          `${r.name.padEnd(19)} ${pad(r.count, 5)} ${pad(r.failed, 7)} ${pad(`${r.cpuMedian.toFixed(0)} ms`, 12)} ${pad(`${r.cpuMax.toFixed(0)} ms`, 9)}   ${hostedLimits.cpuMsPerRequest} ms (${cpuTargetMs})` +
          ` ${pad(`${r.peak.toFixed(0)} MB`, 15)}   ${hostedLimits.memoryMb} MB (${memoryTargetMb})   ${pad(`${r.peakRss.toFixed(0)} MB`, 8)} ${pad(`${r.wallMedian.toFixed(0)} ms`, 13)}`,
      ),
      '',
      'CPU: what the runtime charged each request (all the worker\'s threads). Peak heap+ext: the highest V8 heap',
      'in use + external memory (ArrayBuffers) the worker reported during the request, what the hosted runtime',
      'counts against its limit. Peak RSS, for information only: the worker\'s resident high-water mark, Deno\'s',
      'own runtime and freed buffers its allocator keeps included, which the hosted runtime does not count.',
      'Wall median: from the request reaching the runtime to its answer, the caller\'s latency less the network.',
    ].join('\n'),
  );
  const within = rows.every((r) => r.count === expectedRuns[r.name] && r.failed === 0 && r.cpuMax <= cpuTargetMs && r.peak <= memoryTargetMb);
  process.exitCode = within ? 0 : 1;
} finally {
  await db.end();
  await stack.stop();
}
