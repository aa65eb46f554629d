// record-order against the local stack and the sandbox: only a paid session that belongs to the
// caller's pending checkout becomes an order, exactly once however many calls race.
import assert from 'node:assert/strict';
import { checkoutSession, pressPaymentButton } from './commerce_sandbox.ts';
import { cart, cartTotal, ordersFor, paidCheckout, recordOrder, startCheckout } from './checkouts.ts';
import { callFunction, env, signUpCustomer, writesOf } from './helpers.ts';

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
