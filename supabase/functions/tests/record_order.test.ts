// record-order against the local stack and the sandbox: only a paid session that belongs to the
// caller's pending checkout becomes an order, exactly once however many calls race.
import assert from 'node:assert/strict';
import { catalogue, checkoutSession, effectivePrice, pressPaymentButton } from './commerce_sandbox.ts';
import { callFunction, type Customer, env, service, signUpCustomer, writesOf } from './helpers.ts';

const entries = (await catalogue()).filter((e) => e.purchasable && e.stock === null);
const cart = [
  { entry: entries[0]!, quantity: 2 },
  { entry: entries[1]!, quantity: 1 },
];
const cartTotal = cart.reduce((sum, { entry, quantity }) => sum + effectivePrice(entry) * quantity, 0);

/** create-checkout for `buyer`; returns the payment page URL and the session id. */
async function startCheckout(buyer: Customer): Promise<{ url: string; sessionId: string }> {
  const answer = await callFunction('create-checkout', {
    items: cart.map(({ entry, quantity }) => ({ variant_id: entry.variantId, quantity })),
    successUrl: `${env.siteUrl}/success`,
    cancelUrl: `${env.siteUrl}/store`,
    locale: 'fr-FR',
    timeZone: 'Europe/Paris',
  }, buyer.token);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const { data, error } = await buyer.client.from('checkout_sessions').select('id').eq('status', 'pending');
  assert.equal(error, null);
  const session = data!.find((row) => answer.body.url.includes(row.id));
  assert.ok(session, 'the pending checkout is recorded under the session id of the payment page');
  return { url: answer.body.url, sessionId: session.id };
}

async function paidCheckout(buyer: Customer): Promise<string> {
  const { url, sessionId } = await startCheckout(buyer);
  const paid = await pressPaymentButton(url, 'Payer');
  assert.ok(paid.status >= 300 && paid.status < 400, `paying redirects (got ${paid.status})`);
  const success = new URL(paid.location!, url);
  assert.equal(`${success.origin}${success.pathname}`, `${env.siteUrl}/success`);
  assert.equal(success.searchParams.get('session_id'), sessionId);
  return sessionId;
}

const recordOrder = (sessionId: string, buyer: Customer) => callFunction('record-order', { session_id: sessionId }, buyer.token);

async function ordersFor(sessionId: string): Promise<{ id: string; items: number }[]> {
  const { data, error } = await service.from('orders').select('id, order_items(id)').eq('checkout_session_id', sessionId);
  if (error) throw new Error(error.message);
  return data.map((order) => ({ id: order.id, items: order.order_items.length }));
}

Deno.test('a paid checkout becomes one completed order; a repeated call returns the same order', async () => {
  const buyer = await signUpCustomer();
  const sessionId = await paidCheckout(buyer);
  const first = await recordOrder(sessionId, buyer);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.match(first.body.order_id, /^[0-9a-f-]{36}$/);
  const again = await recordOrder(sessionId, buyer);
  assert.equal(again.status, 200);
  assert.equal(again.body.order_id, first.body.order_id);

  const { data: order, error } = await buyer.client.from('orders').select('*, order_items(*)').eq('id', first.body.order_id).single();
  assert.equal(error, null);
  assert.equal(order.status, 'completed');
  assert.equal(order.total_amount_cents, cartTotal);
  assert.equal(order.currency, 'eur');
  assert.equal(order.checkout_session_id, sessionId);
  assert.equal(order.order_items.length, cart.length);
  const { data: checkout } = await buyer.client.from('checkout_sessions').select('status').eq('id', sessionId).single();
  assert.equal(checkout!.status, 'completed');
});

Deno.test('20 concurrent calls for one paid session make exactly one order', async () => {
  const buyer = await signUpCustomer();
  const sessionId = await paidCheckout(buyer);
  const answers = await Promise.all(Array.from({ length: 20 }, () => recordOrder(sessionId, buyer)));
  assert.deepEqual(answers.map((a) => a.status), Array(20).fill(200), JSON.stringify(answers.find((a) => a.status !== 200)?.body));
  assert.equal(new Set(answers.map((a) => a.body.order_id)).size, 1);
  assert.deepEqual(await ordersFor(sessionId), [{ id: answers[0]!.body.order_id, items: cart.length }]);
});

Deno.test('an unpaid session writes nothing', async () => {
  const buyer = await signUpCustomer();
  const { sessionId } = await startCheckout(buyer);
  const answer = await recordOrder(sessionId, buyer);
  assert.equal(answer.status, 409);
  assert.equal(answer.body.error.code, 'payment_not_completed');
  assert.deepEqual(await ordersFor(sessionId), []);
});

Deno.test('a refused payment writes nothing', async () => {
  const buyer = await signUpCustomer();
  const { url, sessionId } = await startCheckout(buyer);
  await pressPaymentButton(url, 'Simuler un refus');
  assert.notEqual((await checkoutSession(sessionId)).status, 'paid');
  const answer = await recordOrder(sessionId, buyer);
  assert.ok(answer.status >= 400 && answer.status < 500, `refused: ${answer.status}`);
  assert.deepEqual(await ordersFor(sessionId), []);
});

Deno.test('a canceled checkout writes nothing', async () => {
  const buyer = await signUpCustomer();
  const { url, sessionId } = await startCheckout(buyer);
  const canceled = await pressPaymentButton(url, 'Annuler');
  assert.equal(canceled.location && new URL(canceled.location, url).href, `${env.siteUrl}/store`);
  const answer = await recordOrder(sessionId, buyer);
  assert.equal(answer.status, 409);
  assert.equal(answer.body.error.code, 'checkout_canceled');
  assert.deepEqual(await ordersFor(sessionId), []);
});

Deno.test("someone else's paid session writes nothing, and stays the buyer's to record", async () => {
  const buyer = await signUpCustomer();
  const intruder = await signUpCustomer('intruder');
  const sessionId = await paidCheckout(buyer);
  const answer = await recordOrder(sessionId, intruder);
  assert.equal(answer.status, 404);
  assert.equal(answer.body.error.code, 'checkout_not_found');
  assert.deepEqual(await ordersFor(sessionId), []);
  assert.deepEqual(await writesOf(intruder.user.id), { checkouts: 0, orders: 0 });
  assert.equal((await recordOrder(sessionId, buyer)).status, 200);
});

Deno.test('a made-up session writes nothing', async () => {
  const buyer = await signUpCustomer();
  const answer = await recordOrder(`cs_made_up_${crypto.randomUUID()}`, buyer);
  assert.equal(answer.status, 404);
  assert.deepEqual(await writesOf(buyer.user.id), { checkouts: 0, orders: 0 });
});

Deno.test('bad bodies and anonymous callers are refused before anything is looked up', async () => {
  const buyer = await signUpCustomer();
  for (const body of [{}, { session_id: '' }, { session_id: 42 }, 'not json']) {
    const answer = await callFunction('record-order', body, buyer.token);
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.equal(typeof answer.body.error.message, 'string');
  }
  const anonymous = await callFunction('record-order', { session_id: 'cs_anything' }, env.anonKey);
  assert.equal(anonymous.status, 401);
});
