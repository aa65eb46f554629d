// record-order against the local stack and the Hostinger double: only a checkout of the caller's
// that a payment of theirs matches (their e-mail, the lines, the total) becomes an order, exactly
// once however many calls race, naming that payment; a payment cannot record two checkouts.
import assert from 'node:assert/strict';
import { hostingerOrdersOf, pressPaymentButton } from './commerce_sandbox.ts';
import { cart, cartTotal, ordersFor, paidCheckout, recordOrder, startCheckout } from './checkouts.ts';
import { callFunction, env, signUpCustomer, writesOf } from './helpers.ts';

Deno.test('a paid checkout becomes one completed order; a repeated call returns the same order', async () => {
  const buyer = await signUpCustomer();
  const checkoutId = await paidCheckout(buyer);
  const first = await recordOrder(checkoutId, buyer);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.match(first.body.order_id, /^[0-9a-f-]{36}$/);
  const again = await recordOrder(checkoutId, buyer);
  assert.equal(again.status, 200);
  assert.equal(again.body.order_id, first.body.order_id);

  const { data: order, error } = await buyer.client.from('orders').select('*, order_items(*)').eq('id', first.body.order_id).single();
  assert.equal(error, null);
  assert.equal(order.status, 'completed');
  assert.equal(order.total_amount_cents, cartTotal);
  assert.equal(order.currency, 'eur');
  assert.equal(order.checkout_session_id, checkoutId);
  assert.equal(order.order_items.length, cart.length);
  const [paid] = await hostingerOrdersOf(buyer.email);
  assert.equal(order.payment_id, paid!.id);
  const { data: checkout } = await buyer.client.from('checkout_sessions').select('status').eq('id', checkoutId).single();
  assert.equal(checkout!.status, 'completed');
});

Deno.test('20 concurrent calls for one paid checkout make exactly one order', async () => {
  const buyer = await signUpCustomer();
  const checkoutId = await paidCheckout(buyer);
  const answers = await Promise.all(Array.from({ length: 20 }, () => recordOrder(checkoutId, buyer)));
  assert.deepEqual(answers.map((a) => a.status), Array(20).fill(200), JSON.stringify(answers.find((a) => a.status !== 200)?.body));
  assert.equal(new Set(answers.map((a) => a.body.order_id)).size, 1);
  assert.deepEqual(await ordersFor(checkoutId), [{ id: answers[0]!.body.order_id, items: cart.length }]);
});

Deno.test('an unpaid checkout writes nothing', async () => {
  const buyer = await signUpCustomer();
  const { checkoutId } = await startCheckout(buyer);
  const answer = await recordOrder(checkoutId, buyer);
  assert.equal(answer.status, 409);
  assert.equal(answer.body.error.code, 'payment_not_completed');
  assert.deepEqual(await ordersFor(checkoutId), []);
});

Deno.test('a refused payment writes nothing', async () => {
  const buyer = await signUpCustomer();
  const { url, checkoutId } = await startCheckout(buyer);
  await pressPaymentButton(url, 'Simuler un refus', { email: buyer.email });
  assert.deepEqual(await hostingerOrdersOf(buyer.email), [], 'a refusal makes no order at Hostinger');
  const answer = await recordOrder(checkoutId, buyer);
  assert.equal(answer.status, 409);
  assert.equal(answer.body.error.code, 'payment_not_completed');
  assert.deepEqual(await ordersFor(checkoutId), []);
});

Deno.test('a canceled checkout writes nothing', async () => {
  const buyer = await signUpCustomer();
  const { url, checkoutId } = await startCheckout(buyer);
  const canceled = await pressPaymentButton(url, 'Annuler');
  assert.equal(canceled.location && new URL(canceled.location, url).href, `${env.siteUrl}/store`);
  const answer = await recordOrder(checkoutId, buyer);
  assert.equal(answer.status, 409);
  assert.equal(answer.body.error.code, 'payment_not_completed');
  assert.deepEqual(await ordersFor(checkoutId), []);
});

Deno.test("someone else's paid checkout writes nothing, and stays the buyer's to record", async () => {
  const buyer = await signUpCustomer();
  const intruder = await signUpCustomer('intruder');
  const checkoutId = await paidCheckout(buyer);
  const answer = await recordOrder(checkoutId, intruder);
  assert.equal(answer.status, 404);
  assert.equal(answer.body.error.code, 'checkout_not_found');
  assert.deepEqual(await ordersFor(checkoutId), []);
  assert.deepEqual(await writesOf(intruder.user.id), { checkouts: 0, orders: 0 });
  assert.equal((await recordOrder(checkoutId, buyer)).status, 200);
});

Deno.test('a made-up checkout writes nothing', async () => {
  const buyer = await signUpCustomer();
  const answer = await recordOrder(crypto.randomUUID(), buyer);
  assert.equal(answer.status, 404);
  assert.deepEqual(await writesOf(buyer.user.id), { checkouts: 0, orders: 0 });
});

Deno.test('bad bodies and anonymous callers are refused before anything is looked up', async () => {
  const buyer = await signUpCustomer();
  for (const body of [{}, { checkout_id: '' }, { checkout_id: 42 }, { session_id: 'cs_1' }, 'not json']) {
    const answer = await callFunction('record-order', body, buyer.token);
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.equal(typeof answer.body.error.message, 'string');
  }
  const anonymous = await callFunction('record-order', { checkout_id: crypto.randomUUID() }, env.anonKey);
  assert.equal(anonymous.status, 401);
});

Deno.test('a payment can record one checkout only: a twin checkout of the same buyer waits for its own payment', async () => {
  const buyer = await signUpCustomer();
  const paid = await paidCheckout(buyer);
  // The same cart opened again and left unpaid: the first payment fits it as well, but is taken.
  const { checkoutId: twin } = await startCheckout(buyer);
  assert.equal((await recordOrder(paid, buyer)).status, 200);
  const answer = await recordOrder(twin, buyer);
  assert.equal(answer.status, 409, JSON.stringify(answer.body));
  assert.equal(answer.body.error.code, 'payment_not_completed');
  assert.deepEqual(await ordersFor(twin), []);
});
