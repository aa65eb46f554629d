// reconcile-checkouts against the local stack and the Hostinger double: a checkout paid by a buyer
// who never comes back to /success is matched to its payment (the buyer's e-mail, the lines, the
// total) and becomes the same one order record-order would make; a payment no checkout can surely
// claim is filed for the administrator, who attaches it by hand; a checkout left unpaid expires
// after a day (an erased buyer's after a week, forgetting them); a payment typed under an erased
// address is filed without it; a failing or rate-limiting provider leaves everything for the next run.
import assert from 'node:assert/strict';
import { providerFromEnv } from '../_shared/commerce-provider.ts';
import { reconcileCheckouts } from '../_shared/reconcile-checkouts.ts';
import { hostingerOrdersOf, pressPaymentButton, setCommerceFault } from './commerce_sandbox.ts';
import { cart, cartTotal, ordersFor, paidCheckout, recordOrder, startCheckout } from './checkouts.ts';
import { callFunction, type Customer, env, service, signUpAdmin, signUpCustomer } from './helpers.ts';

const reconcileAll = () => callFunction('reconcile-checkouts', { scope: 'all' }, env.reconcileJobSecret);
const reconcileMine = (buyer: Customer) => callFunction('reconcile-checkouts', { scope: 'mine' }, buyer.token);
const nothing = { recorded: 0, expired: 0, issues: 0, still_pending: 0, provider_failed: false };

async function checkoutStatus(checkoutId: string): Promise<string> {
  const { data, error } = await service.from('checkout_sessions').select('status').eq('id', checkoutId).single();
  if (error) throw new Error(error.message);
  return data.status;
}

async function issueOf(checkoutId: string): Promise<{ reason: string; detail: any } | null> {
  const { data, error } = await service.from('payment_issues').select('reason, detail').eq('checkout_session_id', checkoutId).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

async function unmatchedPayment(paymentId: string): Promise<any> {
  const { data, error } = await service.from('unmatched_payments').select('*').eq('payment_id', paymentId).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

const administrator = await signUpAdmin();

/** The administrator attaching a payment by hand, as « Paiements à vérifier » does. */
const attachAsAdmin = (paymentId: string, checkoutId: string) => administrator.client.rpc('attach_payment', { p_payment_id: paymentId, p_checkout_session_id: checkoutId });

Deno.test('a paid checkout whose buyer never came back becomes its order with its items, total and payment', async () => {
  const buyer = await signUpCustomer();
  const checkoutId = await paidCheckout(buyer);
  const answer = await reconcileAll();
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(answer.body.recorded >= 1, JSON.stringify(answer.body));
  for (const key of ['recorded', 'expired', 'issues', 'still_pending', 'unmatched', 'refunds', 'disputes']) assert.equal(typeof answer.body[key], 'number', key);
  assert.equal(answer.body.provider_failed, false);

  const { data: order, error } = await buyer.client.from('orders').select('*, order_items(variant_id, quantity)').eq('checkout_session_id', checkoutId).single();
  assert.equal(error, null);
  assert.equal(order.status, 'completed');
  assert.equal(order.total_amount_cents, cartTotal);
  assert.deepEqual(
    order.order_items.map((item: { variant_id: string; quantity: number }) => [item.variant_id, item.quantity]).sort(),
    cart.map(({ entry, quantity }) => [entry.variantId, quantity]).sort(),
  );
  const [paid] = await hostingerOrdersOf(buyer.email);
  assert.equal(order.payment_id, paid!.id, 'the order names the Hostinger order that paid it');
  assert.equal(order.payment_reference, String(paid!.display_id));
  assert.equal(await checkoutStatus(checkoutId), 'completed');
  assert.equal(await unmatchedPayment(paid!.id), null, 'a matched payment is not filed for the administrator');
  // The buyer coming back later gets that same order.
  assert.equal((await recordOrder(checkoutId, buyer)).body.order_id, order.id);
});

Deno.test('an unpaid checkout, left open or « Annuler » pressed, stays pending and is no order: Hostinger tells neither', async () => {
  const buyer = await signUpCustomer();
  const open = await startCheckout(buyer);
  const canceled = await startCheckout(buyer);
  await pressPaymentButton(canceled.url, 'Annuler');
  const answer = await reconcileMine(buyer);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { ...nothing, still_pending: 2 });
  for (const { checkoutId } of [open, canceled]) {
    assert.equal(await checkoutStatus(checkoutId), 'pending');
    assert.deepEqual(await ordersFor(checkoutId), []);
  }
});

Deno.test('a checkout left unpaid for a day is marked expired, and a payment made on its page later is still matched', async () => {
  const buyer = await signUpCustomer();
  const { url, checkoutId } = await startCheckout(buyer);
  const { error } = await service.from('checkout_sessions').update({ created_at: new Date(Date.now() - 24.5 * 3600_000).toISOString() }).eq('id', checkoutId);
  assert.equal(error, null);
  assert.deepEqual((await reconcileMine(buyer)).body, { ...nothing, expired: 1 });
  assert.equal(await checkoutStatus(checkoutId), 'expired');
  assert.deepEqual(await ordersFor(checkoutId), []);
  assert.deepEqual((await reconcileMine(buyer)).body, nothing, 'settled: the next run counts it no more');
  // The page was still open (the double's pages live a day from their own opening).
  assert.equal((await pressPaymentButton(url, 'Payer', { email: buyer.email })).status, 303);
  assert.deepEqual((await reconcileMine(buyer)).body, { ...nothing, recorded: 1 });
  assert.equal((await ordersFor(checkoutId)).length, 1);
});

Deno.test('a payment under another e-mail is no match: filed for the administrator with its lines, then attached by hand', async () => {
  const buyer = await signUpCustomer();
  const typed = `autre-adresse-${crypto.randomUUID()}@example.test`;
  const checkoutId = await paidCheckout(buyer, undefined, typed);
  assert.equal((await recordOrder(checkoutId, buyer)).body.error.code, 'payment_not_completed', 'record-order cannot match it');
  const answer = await reconcileAll();
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(answer.body.unmatched >= 1, JSON.stringify(answer.body));
  assert.deepEqual(await ordersFor(checkoutId), []);
  assert.equal(await checkoutStatus(checkoutId), 'pending');
  const [paid] = await hostingerOrdersOf(typed);
  const filed = await unmatchedPayment(paid!.id);
  assert.equal(filed.customer_email, typed);
  assert.equal(filed.total_cents, cartTotal);
  assert.equal(filed.payment_reference, String(paid!.display_id));
  assert.deepEqual(filed.lines.map((line: { variant_id: string; quantity: number }) => [line.variant_id, line.quantity]).sort(), cart.map(({ entry, quantity }) => [entry.variantId, quantity]).sort());
  assert.equal((await reconcileAll()).status, 200);
  const { count } = await service.from('unmatched_payments').select('*', { count: 'exact', head: true }).eq('payment_id', paid!.id);
  assert.equal(count, 1, 'filed once');

  const attached = await attachAsAdmin(paid!.id, checkoutId);
  assert.equal(attached.error, null, JSON.stringify(attached.error));
  const orders = await ordersFor(checkoutId);
  assert.equal(orders.length, 1);
  assert.equal(attached.data, orders[0]!.id);
  const { data: order } = await service.from('orders').select('payment_id, user_id').eq('id', orders[0]!.id).single();
  assert.deepEqual(order, { payment_id: paid!.id, user_id: buyer.user.id });
  assert.equal((await recordOrder(checkoutId, buyer)).body.order_id, orders[0]!.id, 'the buyer back on /success sees it');
});

Deno.test('a checkout whose priced lines differ from what was paid is no match: its payment is filed, the checkout recorded nothing', async () => {
  const buyer = await signUpCustomer();
  const checkoutId = await paidCheckout(buyer);
  const { data: priced } = await service.from('checkout_sessions').select('items').eq('id', checkoutId).single();
  const tampered = priced!.items.map((line: { unit_price_cents: number }, i: number) => (i === 0 ? { ...line, unit_price_cents: line.unit_price_cents + 1 } : line));
  const { error } = await service.from('checkout_sessions').update({ items: tampered }).eq('id', checkoutId);
  assert.equal(error, null);

  const answer = await reconcileAll();
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(await ordersFor(checkoutId), []);
  assert.equal(await checkoutStatus(checkoutId), 'pending');
  const [paid] = await hostingerOrdersOf(buyer.email);
  assert.ok(await unmatchedPayment(paid!.id), 'the payment waits for the administrator');
});

Deno.test('two payments that could each be a checkout\'s set it aside for the administrator, with both filed; neither is recorded', async () => {
  const buyer = await signUpCustomer();
  // The same cart bought twice before any run looked: each payment fits both checkouts.
  const first = await paidCheckout(buyer);
  const second = await paidCheckout(buyer);
  const answer = await reconcileMine(buyer);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { ...nothing, issues: 2 });
  const payments = await hostingerOrdersOf(buyer.email);
  assert.equal(payments.length, 2);
  for (const checkoutId of [first, second]) {
    assert.equal(await checkoutStatus(checkoutId), 'needs_review');
    assert.deepEqual(await ordersFor(checkoutId), []);
    const issue = await issueOf(checkoutId);
    assert.equal(issue?.reason, 'ambiguous');
    assert.deepEqual(issue?.detail.candidates.map((candidate: { id: string }) => candidate.id).sort(), payments.map((payment) => payment.id).sort());
    assert.equal((await recordOrder(checkoutId, buyer)).body.error.code, 'checkout_needs_review');
  }
  for (const payment of payments) assert.ok(await unmatchedPayment(payment.id), `payment ${payment.display_id} is filed`);
  // The administrator attaches one to each; the issues are marked handled.
  assert.equal((await attachAsAdmin(payments[0]!.id, first)).error, null);
  assert.equal((await attachAsAdmin(payments[1]!.id, second)).error, null);
  for (const checkoutId of [first, second]) {
    assert.equal((await ordersFor(checkoutId)).length, 1);
    const { data } = await service.from('payment_issues').select('handled_at').eq('checkout_session_id', checkoutId).single();
    assert.ok(data!.handled_at);
  }
});

Deno.test('with the provider refusing for its rate limit, one request is made, nothing settled, and the next run records', async () => {
  const buyer = await signUpCustomer();
  const { checkoutId } = await startCheckout(buyer).then(async (started) => {
    assert.equal((await pressPaymentButton(started.url, 'Payer', { email: buyer.email })).status, 303);
    return started;
  });
  // Forty more pending checkouts of this buyer, copies of a real one under ids of their own.
  const { data: row } = await service.from('checkout_sessions').select('*').eq('id', checkoutId).single();
  const copies = Array.from({ length: 40 }, () => ({ ...row, id: crypto.randomUUID(), status: 'pending' }));
  const { error } = await service.from('checkout_sessions').insert(copies);
  assert.equal(error, null);
  await setCommerceFault('throttled');
  let requests = 0;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).startsWith(env.commerceUrl)) requests++;
    return realFetch(input, init);
  };
  let summary;
  try {
    summary = await reconcileCheckouts(service, providerFromEnv(), buyer.user.id);
  } finally {
    globalThis.fetch = realFetch;
    await service.from('checkout_sessions').delete().in('id', copies.map((copy) => copy.id));
    await setCommerceFault('none');
  }
  assert.deepEqual(summary, { ...nothing, still_pending: 41, provider_failed: true, provider_error: 'Hostinger orders list: HTTP 429: rate limited, retry after 30 s' });
  assert.equal(requests, 1, 'one listing asked, refused, and nothing more');
  assert.equal(await checkoutStatus(checkoutId), 'pending');
  assert.deepEqual((await reconcileMine(buyer)).body, { ...nothing, recorded: 1 });
});

Deno.test('the reconciliation racing record-order makes one order', async () => {
  const buyer = await signUpCustomer();
  const checkoutId = await paidCheckout(buyer);
  const answers = await Promise.all([reconcileAll(), recordOrder(checkoutId, buyer), reconcileAll(), recordOrder(checkoutId, buyer), reconcileMine(buyer)]);
  assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200, 200], JSON.stringify(answers.map((a) => a.body)));
  const orders = await ordersFor(checkoutId);
  assert.equal(orders.length, 1);
  assert.equal(orders[0]!.items, cart.length);
  assert.equal(answers[1]!.body.order_id, orders[0]!.id);
  assert.equal(answers[3]!.body.order_id, orders[0]!.id);
});

Deno.test('with the provider down nothing is recorded nor filed and the checkout stays pending; the next run records it', async () => {
  const buyer = await signUpCustomer();
  const checkoutId = await paidCheckout(buyer);
  await setCommerceFault('down');
  let down;
  try {
    down = await reconcileAll();
  } finally {
    await setCommerceFault('none');
  }
  assert.equal(down.status, 200, JSON.stringify(down.body));
  assert.equal(down.body.provider_failed, true);
  assert.equal(down.body.unmatched, 0, 'no payment is called unmatched when the checkouts could not be matched');
  assert.deepEqual(await ordersFor(checkoutId), []);
  assert.equal(await checkoutStatus(checkoutId), 'pending');
  assert.equal(await issueOf(checkoutId), null);

  const next = await reconcileAll();
  assert.equal(next.status, 200, JSON.stringify(next.body));
  assert.equal((await ordersFor(checkoutId)).length, 1);
  assert.equal(await checkoutStatus(checkoutId), 'completed');
});

Deno.test("a customer's visit records only their own paid checkouts", async () => {
  const alice = await signUpCustomer('alice');
  const bob = await signUpCustomer('bob');
  const alicesCheckout = await paidCheckout(alice);
  const bobsCheckout = await paidCheckout(bob);

  const answer = await reconcileMine(bob);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { ...nothing, recorded: 1 });
  assert.equal((await ordersFor(bobsCheckout)).length, 1);
  assert.deepEqual(await ordersFor(alicesCheckout), []);
  assert.equal(await checkoutStatus(alicesCheckout), 'pending');

  const { data: visible } = await bob.client.from('orders').select('checkout_session_id');
  assert.deepEqual(visible!.map((o) => o.checkout_session_id), [bobsCheckout]);
  assert.deepEqual((await reconcileMine(alice)).body, { ...nothing, recorded: 1 });
  assert.equal((await ordersFor(alicesCheckout)).length, 1);
});

Deno.test("every caller but the scheduled job is refused the reconciliation of all checkouts, the service role's key included", async () => {
  const buyer = await signUpCustomer();
  const checkoutId = await paidCheckout(buyer);
  const nearMiss = `${env.reconcileJobSecret.slice(0, -1)}${env.reconcileJobSecret.endsWith('0') ? '1' : '0'}`;
  for (const token of [env.anonKey, buyer.token, env.serviceRoleKey, nearMiss, `${env.reconcileJobSecret}0`]) {
    const answer = await callFunction('reconcile-checkouts', { scope: 'all' }, token);
    assert.equal(answer.status, 403, JSON.stringify(answer.body));
    assert.equal(answer.body.error.code, 'scheduled_job_only');
  }
  const anonymous = await callFunction('reconcile-checkouts', { scope: 'mine' }, env.anonKey);
  assert.equal(anonymous.status, 401);
  const forged = await callFunction('reconcile-checkouts', { scope: 'mine' }, `${buyer.token.slice(0, -4)}AAAA`);
  assert.equal(forged.status, 401, 'a token whose signature does not verify is refused by GoTrue');
  for (const body of [{}, { scope: 'everyone' }, 'not json']) {
    const answer = await callFunction('reconcile-checkouts', body, env.reconcileJobSecret);
    assert.equal(answer.status, 400, JSON.stringify(body));
  }
  assert.deepEqual(await ordersFor(checkoutId), []);
  assert.equal(await checkoutStatus(checkoutId), 'pending');
});

Deno.test("the scheduled job's secret opens nothing else: REST, Auth, Storage, the other functions, a customer's reconciliation", async () => {
  const secret = env.reconcileJobSecret;
  const asJob = (path: string, init: RequestInit = {}, apikey = secret) =>
    fetch(`${env.supabaseUrl}${path}`, { ...init, headers: { apikey, Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', ...init.headers } });
  for (const apikey of [secret, env.anonKey]) {
    for (const path of ['/rest/v1/orders?select=id', '/rest/v1/profiles?select=id', '/rest/v1/payment_issues?select=id', '/rest/v1/checkout_sessions?select=id']) {
      const answer = await asJob(path, {}, apikey);
      const body = await answer.text();
      assert.equal(answer.status, 401, `${path} with apikey ${apikey === secret ? 'the secret' : 'anon'}: ${body}`);
    }
    const admin = await asJob('/auth/v1/admin/users', {}, apikey);
    await admin.body?.cancel();
    assert.ok([401, 403].includes(admin.status), `auth admin: HTTP ${admin.status}`);
    const listed = await asJob('/storage/v1/object/list/deliverables', { method: 'POST', body: JSON.stringify({ prefix: '' }) }, apikey);
    const listedBody = await listed.text();
    assert.ok(listed.status >= 400 && listed.status < 500, `storage list: HTTP ${listed.status} ${listedBody}`);
  }
  for (const name of ['record-order', 'create-checkout', 'issue-download', 'set-admin-role']) {
    const answer = await callFunction(name, {}, secret);
    assert.equal(answer.status, 401, `${name}: ${JSON.stringify(answer.body)}`);
  }
  const mine = await callFunction('reconcile-checkouts', { scope: 'mine' }, secret);
  assert.equal(mine.status, 401, JSON.stringify(mine.body));
});

Deno.test('a checkout paid after its buyer erased their account, days later, still becomes an order: detached, naming them', async () => {
  const buyer = await signUpCustomer('erased');
  const { url, checkoutId } = await startCheckout(buyer);
  const erased = await callFunction('delete-account', { password: 'lumiere-test-2026' }, buyer.token);
  assert.equal(erased.status, 200, JSON.stringify(erased.body));
  // Paid on the page left open, and older than the 24 hours a living buyer's checkout is asked about.
  const paid = await pressPaymentButton(url, 'Payer', { email: buyer.email });
  assert.ok(paid.status >= 300 && paid.status < 400, `paying redirects (got ${paid.status})`);
  const { error: aged } = await service.from('checkout_sessions').update({ created_at: new Date(Date.now() - 3 * 24 * 3600_000).toISOString() }).eq('id', checkoutId);
  assert.equal(aged, null);

  const answer = await reconcileAll();
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(answer.body.recorded >= 1, JSON.stringify(answer.body));
  const { data: order, error } = await service.from('orders')
    .select('user_id, invoice_buyer, total_amount_cents, consent_required, invoice_number, confirmation_sent_at, order_items(variant_id)')
    .eq('checkout_session_id', checkoutId).single();
  assert.equal(error, null);
  assert.equal(order.user_id, null);
  assert.deepEqual(order.invoice_buyer, { full_name: 'Test erased' });
  assert.equal(order.total_amount_cents, cartTotal);
  assert.equal(order.consent_required, true);
  assert.match(order.invoice_number, /^FA-\d{4}-\d{6}$/);
  assert.equal(order.order_items.length, cart.length);
  assert.equal(order.confirmation_sent_at, null, 'no confirmation: there is no address any more');
  const { data: checkout } = await service.from('checkout_sessions').select('status, invoice_buyer').eq('id', checkoutId).single();
  assert.deepEqual(checkout, { status: 'completed', invoice_buyer: null }, 'the settled checkout forgets the name');
  assert.deepEqual((await reconcileAll()).status, 200);
  assert.equal((await ordersFor(checkoutId)).length, 1, 'the next run records nothing more');
});

Deno.test('a checkout its buyer left unpaid before erasing their account expires after a week, forgetting their name and e-mail', async () => {
  const buyer = await signUpCustomer('erased-unpaid');
  const { checkoutId } = await startCheckout(buyer);
  const erased = await callFunction('delete-account', { password: 'lumiere-test-2026' }, buyer.token);
  assert.equal(erased.status, 200, JSON.stringify(erased.body));
  const { data: detached } = await service.from('checkout_sessions').select('user_id, invoice_buyer, buyer_email').eq('id', checkoutId).single();
  assert.deepEqual(detached, { user_id: null, invoice_buyer: { full_name: 'Test erased-unpaid' }, buyer_email: buyer.email }, 'kept while it may be paid');
  // Past the week a detached checkout is waited for, by half an hour: the run after its lifetime.
  const { error: aged } = await service.from('checkout_sessions').update({ created_at: new Date(Date.now() - (7 * 24 + 0.5) * 3600_000).toISOString() }).eq('id', checkoutId);
  assert.equal(aged, null);

  const answer = await reconcileAll();
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(answer.body.expired >= 1, JSON.stringify(answer.body));
  const { data: checkout } = await service.from('checkout_sessions').select('status, invoice_buyer, buyer_email').eq('id', checkoutId).single();
  assert.deepEqual(checkout, { status: 'expired', invoice_buyer: null, buyer_email: null }, 'expired, it forgets the name and the e-mail');
  assert.deepEqual(await ordersFor(checkoutId), []);
});

Deno.test('a payment typed under an erased address, filed by the schedule after the erasure, is filed without that e-mail', async () => {
  const erased = await signUpCustomer('erased-payer');
  const buyer = await signUpCustomer();
  // Paid just before the erasure, for another buyer's checkout, under the erased person's address
  // (in other letters' case): no checkout's e-mail, so the schedule files it as unmatched.
  const checkoutId = await paidCheckout(buyer, undefined, erased.email.toUpperCase());
  const gone = await callFunction('delete-account', { password: 'lumiere-test-2026' }, erased.token);
  assert.equal(gone.status, 200, JSON.stringify(gone.body));

  const answer = await reconcileAll();
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(answer.body.unmatched >= 1, JSON.stringify(answer.body));
  const [paid] = await hostingerOrdersOf(erased.email.toUpperCase());
  const filed = await unmatchedPayment(paid!.id);
  assert.equal(filed.customer_email, null, 'filed for the administrator without the erased address');
  assert.equal(filed.total_cents, cartTotal);
  assert.equal(await checkoutStatus(checkoutId), 'pending');
});
