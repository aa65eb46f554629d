// reconcile-checkouts against the local stack and the sandbox: a checkout paid by a buyer who never
// comes back to /success becomes the same one order record-order would make; what cannot be
// recorded is listed for the administrator; a failing commerce service leaves it for the next run.
import assert from 'node:assert/strict';
import { commerceFromEnv } from '../_shared/commerce.ts';
import { reconcileCheckouts } from '../_shared/reconcile-checkouts.ts';
import { expireCommerceSession, pressPaymentButton, setCommerceFault } from './commerce_sandbox.ts';
import { cart, cartTotal, ordersFor, paidCheckout, recordOrder, startCheckout } from './checkouts.ts';
import { callFunction, type Customer, env, service, signUpCustomer } from './helpers.ts';

const reconcileAll = () => callFunction('reconcile-checkouts', { scope: 'all' }, env.reconcileJobSecret);
const reconcileMine = (buyer: Customer) => callFunction('reconcile-checkouts', { scope: 'mine' }, buyer.token);

async function checkoutStatus(sessionId: string): Promise<string> {
  const { data, error } = await service.from('checkout_sessions').select('status').eq('id', sessionId).single();
  if (error) throw new Error(error.message);
  return data.status;
}

async function issueOf(sessionId: string): Promise<{ reason: string; detail: any } | null> {
  const { data, error } = await service.from('payment_issues').select('reason, detail').eq('checkout_session_id', sessionId).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

Deno.test('a paid checkout whose buyer never came back becomes its order with its items and total', async () => {
  const buyer = await signUpCustomer();
  const sessionId = await paidCheckout(buyer);
  const answer = await reconcileAll();
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(answer.body.recorded >= 1, JSON.stringify(answer.body));
  for (const key of ['recorded', 'canceled', 'expired', 'issues', 'still_pending']) assert.equal(typeof answer.body[key], 'number', key);

  const { data: order, error } = await buyer.client.from('orders').select('*, order_items(variant_id, quantity)').eq('checkout_session_id', sessionId).single();
  assert.equal(error, null);
  assert.equal(order.status, 'completed');
  assert.equal(order.total_amount_cents, cartTotal);
  assert.deepEqual(
    order.order_items.map((item: { variant_id: string; quantity: number }) => [item.variant_id, item.quantity]).sort(),
    cart.map(({ entry, quantity }) => [entry.variantId, quantity]).sort(),
  );
  assert.equal(await checkoutStatus(sessionId), 'completed');
  // The buyer coming back later gets that same order.
  assert.equal((await recordOrder(sessionId, buyer)).body.order_id, order.id);
});

Deno.test('an unpaid checkout stays pending; a canceled one is marked canceled; neither is an order', async () => {
  const buyer = await signUpCustomer();
  const open = await startCheckout(buyer);
  const canceled = await startCheckout(buyer);
  await pressPaymentButton(canceled.url, 'Annuler');
  const answer = await reconcileAll();
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(answer.body.still_pending >= 1 && answer.body.canceled >= 1, JSON.stringify(answer.body));
  assert.equal(await checkoutStatus(open.sessionId), 'pending');
  assert.equal(await checkoutStatus(canceled.sessionId), 'canceled');
  assert.deepEqual(await ordersFor(open.sessionId), []);
  assert.deepEqual(await ordersFor(canceled.sessionId), []);
});

Deno.test('a checkout the service reports expired (left 24 hours unpaid) is marked expired, and is no order', async () => {
  const buyer = await signUpCustomer();
  const { sessionId } = await startCheckout(buyer);
  await expireCommerceSession(sessionId);
  const answer = await reconcileMine(buyer);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { recorded: 0, canceled: 0, expired: 1, issues: 0, still_pending: 0 });
  assert.equal(await checkoutStatus(sessionId), 'expired');
  assert.deepEqual(await ordersFor(sessionId), []);
  // Settled: the next run does not ask about it again.
  assert.deepEqual((await reconcileMine(buyer)).body, { recorded: 0, canceled: 0, expired: 0, issues: 0, still_pending: 0 });
});

Deno.test('a paid checkout whose priced lines were tampered with is listed for the administrator, not recorded', async () => {
  const buyer = await signUpCustomer();
  const sessionId = await paidCheckout(buyer);
  const { data: priced } = await service.from('checkout_sessions').select('items').eq('id', sessionId).single();
  const tampered = priced!.items.map((line: { unit_price_cents: number }, i: number) => (i === 0 ? { ...line, unit_price_cents: line.unit_price_cents + 1 } : line));
  const { error } = await service.from('checkout_sessions').update({ items: tampered }).eq('id', sessionId);
  assert.equal(error, null);

  const answer = await reconcileAll();
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(answer.body.issues >= 1, JSON.stringify(answer.body));
  assert.deepEqual(await ordersFor(sessionId), []);
  const issue = await issueOf(sessionId);
  assert.equal(issue?.reason, 'mismatch');
  assert.equal(issue?.detail.paid.status, 'paid');
  assert.equal(await checkoutStatus(sessionId), 'needs_review');

  // Set aside: the next run does not count it again, and still records nothing.
  const again = await reconcileAll();
  assert.equal(again.status, 200);
  assert.deepEqual(await ordersFor(sessionId), []);
  const { count } = await service.from('payment_issues').select('*', { count: 'exact', head: true }).eq('checkout_session_id', sessionId);
  assert.equal(count, 1);
});

Deno.test('with the commerce service failing every look-up, a run stops asking after eight in a row and leaves every checkout pending', async () => {
  const buyer = await signUpCustomer();
  const { sessionId } = await startCheckout(buyer);
  // Forty more pending checkouts of this buyer, copies of a real one under ids of their own.
  const { data: row } = await service.from('checkout_sessions').select('*').eq('id', sessionId).single();
  const copies = Array.from({ length: 40 }, () => ({ ...row, id: `cs_copy_${crypto.randomUUID()}` }));
  const { error } = await service.from('checkout_sessions').insert(copies);
  assert.equal(error, null);
  await setCommerceFault('down');
  // The look-ups the run makes, counted as they leave for the commerce service.
  let lookups = 0;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).startsWith(env.commerceUrl)) lookups++;
    return realFetch(input, init);
  };
  let summary;
  try {
    summary = await reconcileCheckouts(service, commerceFromEnv(), buyer.user.id);
  } finally {
    globalThis.fetch = realFetch;
    // Gone before the service is back, so that no scheduled run finds them unknown to it.
    await service.from('checkout_sessions').delete().in('id', copies.map((copy) => copy.id));
    await setCommerceFault('none');
  }
  assert.deepEqual(summary, { recorded: 0, canceled: 0, expired: 0, issues: 0, still_pending: 41 });
  // Eight look-ups start at once; each failure before the eighth may start one more, none after it.
  assert.ok(lookups >= 8 && lookups <= 15, `${lookups} look-ups for 41 checkouts`);
  assert.equal(await checkoutStatus(sessionId), 'pending');
  // The service back, the next run asks about it again.
  assert.deepEqual((await reconcileMine(buyer)).body, { recorded: 0, canceled: 0, expired: 0, issues: 0, still_pending: 1 });
});

Deno.test('the reconciliation racing record-order makes one order', async () => {
  const buyer = await signUpCustomer();
  const sessionId = await paidCheckout(buyer);
  const answers = await Promise.all([reconcileAll(), recordOrder(sessionId, buyer), reconcileAll(), recordOrder(sessionId, buyer), reconcileMine(buyer)]);
  assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200, 200], JSON.stringify(answers.map((a) => a.body)));
  const orders = await ordersFor(sessionId);
  assert.equal(orders.length, 1);
  assert.equal(orders[0]!.items, cart.length);
  assert.equal(answers[1]!.body.order_id, orders[0]!.id);
  assert.equal(answers[3]!.body.order_id, orders[0]!.id);
});

Deno.test('with the commerce service down nothing is recorded and the checkout stays pending; the next run records it', async () => {
  const buyer = await signUpCustomer();
  const sessionId = await paidCheckout(buyer);
  await setCommerceFault('down');
  let down;
  try {
    down = await reconcileAll();
  } finally {
    await setCommerceFault('none');
  }
  assert.equal(down.status, 200, JSON.stringify(down.body));
  assert.ok(down.body.still_pending >= 1, JSON.stringify(down.body));
  assert.deepEqual(await ordersFor(sessionId), []);
  assert.equal(await checkoutStatus(sessionId), 'pending');
  assert.equal(await issueOf(sessionId), null);

  const next = await reconcileAll();
  assert.equal(next.status, 200, JSON.stringify(next.body));
  assert.equal((await ordersFor(sessionId)).length, 1);
  assert.equal(await checkoutStatus(sessionId), 'completed');
});

Deno.test("a customer's visit records only their own paid checkouts", async () => {
  const alice = await signUpCustomer('alice');
  const bob = await signUpCustomer('bob');
  const alicesSession = await paidCheckout(alice);
  const bobsSession = await paidCheckout(bob);

  const answer = await reconcileMine(bob);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { recorded: 1, canceled: 0, expired: 0, issues: 0, still_pending: 0 });
  assert.equal((await ordersFor(bobsSession)).length, 1);
  assert.deepEqual(await ordersFor(alicesSession), []);
  assert.equal(await checkoutStatus(alicesSession), 'pending');

  const { data: visible } = await bob.client.from('orders').select('checkout_session_id');
  assert.deepEqual(visible!.map((o) => o.checkout_session_id), [bobsSession]);
  assert.deepEqual((await reconcileMine(alice)).body, { recorded: 1, canceled: 0, expired: 0, issues: 0, still_pending: 0 });
  assert.equal((await ordersFor(alicesSession)).length, 1);
});

Deno.test("every caller but the scheduled job is refused the reconciliation of all checkouts, the service role's key included", async () => {
  const buyer = await signUpCustomer();
  const sessionId = await paidCheckout(buyer);
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
  assert.deepEqual(await ordersFor(sessionId), []);
  assert.equal(await checkoutStatus(sessionId), 'pending');
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
  const { url, sessionId } = await startCheckout(buyer);
  const erased = await callFunction('delete-account', { password: 'lumiere-test-2026' }, buyer.token);
  assert.equal(erased.status, 200, JSON.stringify(erased.body));
  // Paid on the page left open, and older than the 24 hours a living buyer's checkout is asked about.
  const paid = await pressPaymentButton(url, 'Payer');
  assert.ok(paid.status >= 300 && paid.status < 400, `paying redirects (got ${paid.status})`);
  const { error: aged } = await service.from('checkout_sessions').update({ created_at: new Date(Date.now() - 3 * 24 * 3600_000).toISOString() }).eq('id', sessionId);
  assert.equal(aged, null);

  const answer = await reconcileAll();
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.ok(answer.body.recorded >= 1, JSON.stringify(answer.body));
  const { data: order, error } = await service.from('orders')
    .select('user_id, invoice_buyer, total_amount_cents, consent_required, invoice_number, confirmation_sent_at, order_items(variant_id)')
    .eq('checkout_session_id', sessionId).single();
  assert.equal(error, null);
  assert.equal(order.user_id, null);
  assert.deepEqual(order.invoice_buyer, { full_name: 'Test erased' });
  assert.equal(order.total_amount_cents, cartTotal);
  assert.equal(order.consent_required, true);
  assert.match(order.invoice_number, /^FA-\d{4}-\d{6}$/);
  assert.equal(order.order_items.length, cart.length);
  assert.equal(order.confirmation_sent_at, null, 'no confirmation: there is no address any more');
  const { data: checkout } = await service.from('checkout_sessions').select('status, invoice_buyer').eq('id', sessionId).single();
  assert.deepEqual(checkout, { status: 'completed', invoice_buyer: null }, 'the settled checkout forgets the name');
  assert.deepEqual((await reconcileAll()).status, 200);
  assert.equal((await ordersFor(sessionId)).length, 1, 'the next run records nothing more');
});
