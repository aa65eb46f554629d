// The shop taking its payments through Stripe, through the real functions of the stack once they
// run with COMMERCE_PROVIDER=stripe (scripts/test.ts switches them): create-checkout opens a
// Checkout Session priced from the catalogue and tied to the shop's checkout; the buyer pays and
// closes the tab, and the webhook has recorded the order; record-order finds it. A SEPA debit is
// « Paiement en cours de traitement » until the bank answers. « Rembourser » refunds through
// Stripe's API, one credit note. With the webhook down, the schedule records the payment and the
// Dashboard's refund, and the late deliveries add nothing.
import assert from 'node:assert/strict';
import { pauseDeliveries, refundInDashboard, resumeDeliveries, settleDebit } from '../../../../scripts/stripe-sandbox/sandbox-controls.ts';
import { recordOrder, startCheckout } from '../checkouts.ts';
import { callFunction, type Customer, env, service, signUpAdmin, signUpCustomer } from '../helpers.ts';
import { checkoutState, handledByWebhook } from '../stripe_checkouts.ts';
import { payOnStripe, stripe, stripeEnv } from '../stripe_sandbox.ts';

assert.equal(Deno.env.get('COMMERCE_PROVIDER'), 'stripe', 'these tests need the stack\'s functions on Stripe: run them through `npm test -- deno`');

const admin = await signUpAdmin();

/** create-checkout for `buyer`, paid on Stripe's page by `choice`. */
async function paidThroughTheShop(buyer: Customer, choice: 'card' | 'sepa_debit' = 'card') {
  const { url, checkoutId } = await startCheckout(buyer);
  const { data: row } = await service.from('checkout_sessions').select('provider_checkout_id, total_amount_cents').eq('id', checkoutId).single();
  const sessionId = row!.provider_checkout_id as string;
  assert.match(sessionId, /^cs_test_/, 'the checkout is recorded with its Stripe session');
  assert.equal(url, (await stripe.checkout.sessions.retrieve(sessionId)).url, 'the buyer is sent to Stripe\'s page');
  const paid = await payOnStripe(url, choice);
  assert.equal(paid.location, `${env.siteUrl}/success?checkout=${checkoutId}&session_id=${sessionId}`);
  const paymentId = (await stripe.checkout.sessions.retrieve(sessionId)).payment_intent as string;
  return { checkoutId, sessionId, paymentId, total: row!.total_amount_cents as number };
}

Deno.test('paid on Stripe\'s page and the tab closed: the webhook has recorded the order, record-order finds it', async () => {
  const buyer = await signUpCustomer('on-stripe');
  const paid = await paidThroughTheShop(buyer);
  const session = await stripe.checkout.sessions.retrieve(paid.sessionId, { expand: ['line_items'] });
  assert.equal(session.amount_total, paid.total, 'Stripe charges what the catalogue priced');
  assert.equal(session.client_reference_id, paid.checkoutId);
  await handledByWebhook('checkout.session.completed', paid.sessionId);
  const state = await checkoutState(paid.checkoutId);
  assert.equal(state.order?.payment_id, paid.paymentId, 'recorded before the buyer is back');
  const back = await recordOrder(paid.checkoutId, buyer);
  assert.deepEqual([back.status, back.body], [200, { order_id: state.order?.id }]);
});

Deno.test('a SEPA debit: « Paiement en cours de traitement » until the bank answers, then the order', async () => {
  const buyer = await signUpCustomer('on-stripe-sepa');
  const paid = await paidThroughTheShop(buyer, 'sepa_debit');
  await handledByWebhook('checkout.session.completed', paid.sessionId);
  const waiting = await recordOrder(paid.checkoutId, buyer);
  assert.equal(waiting.status, 409, JSON.stringify(waiting.body));
  assert.equal(waiting.body.error.code, 'payment_processing');
  assert.equal(waiting.body.error.message, 'Paiement en cours de traitement');
  await settleDebit(stripeEnv.apiUrl, paid.paymentId, 'succeeded');
  await handledByWebhook('checkout.session.async_payment_succeeded', paid.sessionId);
  assert.equal((await recordOrder(paid.checkoutId, buyer)).status, 200);
});

Deno.test('« Rembourser » refunds through Stripe\'s API: one credit note, whatever the retries and the event', async () => {
  const buyer = await signUpCustomer('on-stripe-refund');
  const paid = await paidThroughTheShop(buyer);
  await handledByWebhook('checkout.session.completed', paid.sessionId);
  const { order } = await checkoutState(paid.checkoutId);
  const request = { order_id: order!.id, reason: 'Achat en double', request_id: crypto.randomUUID() };
  const refunded = await callFunction('refund-order', request, admin.token);
  assert.equal(refunded.status, 200, JSON.stringify(refunded.body));
  const again = await callFunction('refund-order', request, admin.token);
  assert.deepEqual([again.status, again.body.number, again.body.repeated], [200, refunded.body.number, true], 'a retry answers the same credit note');
  const refunds = await stripe.refunds.list({ payment_intent: paid.paymentId });
  assert.deepEqual(refunds.data.map((refund) => refund.amount), [paid.total], 'Stripe refunded the whole order, once');
  await handledByWebhook('charge.refunded', refunds.data[0]!.charge as string);
  const { data: notes } = await service.from('credit_notes').select('refund_id').eq('order_id', order!.id);
  assert.deepEqual(notes!.map((note) => note.refund_id), [`stripe:${refunds.data[0]!.id}`]);
  assert.equal((await checkoutState(paid.checkoutId)).order?.payment_status, 'refunded');
});

Deno.test('the webhook down for a while: the schedule records the payment and the Dashboard\'s refund; the late deliveries add nothing', async () => {
  const buyer = await signUpCustomer('on-stripe-down');
  await pauseDeliveries(stripeEnv.apiUrl, stripeEnv.webhookEndpointId);
  let paid;
  try {
    paid = await paidThroughTheShop(buyer);
    assert.deepEqual(await checkoutState(paid.checkoutId), { status: 'pending', order: null });
    const run = await callFunction('reconcile-checkouts', { scope: 'all' }, env.reconcileJobSecret);
    assert.equal(run.status, 200, JSON.stringify(run.body));
    assert.equal(run.body.provider_failed, false, JSON.stringify(run.body));
    const { order } = await checkoutState(paid.checkoutId);
    assert.equal(order?.payment_id, paid.paymentId, 'the schedule recorded it');

    await refundInDashboard(stripeEnv.apiUrl, { payment_intent: paid.paymentId, amount: 100 });
    const next = await callFunction('reconcile-checkouts', { scope: 'all' }, env.reconcileJobSecret);
    assert.ok(next.body.refunds >= 1, JSON.stringify(next.body));
    const { data: notes } = await service.from('credit_notes').select('refund_id').eq('order_id', order!.id);
    assert.deepEqual(notes!.map((note) => note.refund_id), [`stripe:${paid.paymentId}:100`]);
  } finally {
    await resumeDeliveries(stripeEnv.apiUrl, stripeEnv.webhookEndpointId);
  }
  await handledByWebhook('checkout.session.completed', paid.sessionId);
  await handledByWebhook('charge.refunded', (await stripe.paymentIntents.retrieve(paid.paymentId)).latest_charge as string);
  const { count } = await service.from('credit_notes').select('*', { count: 'exact', head: true }).eq('refund_id', `stripe:${paid.paymentId}:100`);
  assert.equal(count, 1, 'one credit note');
});

Deno.test('a debit the bank answers days later, its webhook lost: the schedule records the order, or expires the checkout when the debit failed', async () => {
  const succeeding = await signUpCustomer('on-stripe-late-debit');
  const failing = await signUpCustomer('on-stripe-late-debit-failed');
  await pauseDeliveries(stripeEnv.apiUrl, stripeEnv.webhookEndpointId);
  let paid, unpaid;
  try {
    [paid, unpaid] = [await paidThroughTheShop(succeeding, 'sepa_debit'), await paidThroughTheShop(failing, 'sepa_debit')];
    // Three days on: past the day of checkouts the schedule reads by age.
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600_000).toISOString();
    const { error } = await service.from('checkout_sessions').update({ created_at: threeDaysAgo }).in('id', [paid.checkoutId, unpaid.checkoutId]);
    assert.equal(error, null);
    await settleDebit(stripeEnv.apiUrl, paid.paymentId, 'succeeded');
    await settleDebit(stripeEnv.apiUrl, unpaid.paymentId, 'failed');
    const run = await callFunction('reconcile-checkouts', { scope: 'all' }, env.reconcileJobSecret);
    assert.equal(run.status, 200, JSON.stringify(run.body));
    const { status, order } = await checkoutState(paid.checkoutId);
    assert.deepEqual([status, order?.payment_id], ['completed', paid.paymentId], 'the schedule recorded the debit that succeeded');
    const { count } = await service.from('unmatched_payments').select('*', { count: 'exact', head: true }).eq('payment_id', paid.paymentId);
    assert.equal(count, 0, 'not filed for the administrator: the payment names its checkout');
    assert.deepEqual(await checkoutState(unpaid.checkoutId), { status: 'expired', order: null }, 'the failed debit\'s checkout is given up');
    const back = await recordOrder(unpaid.checkoutId, failing);
    assert.deepEqual([back.status, back.body.error?.code], [409, 'payment_declined'], 'the buyer is told the bank refused it');
  } finally {
    await resumeDeliveries(stripeEnv.apiUrl, stripeEnv.webhookEndpointId);
  }
  await handledByWebhook('checkout.session.async_payment_succeeded', paid.sessionId);
  await handledByWebhook('checkout.session.async_payment_failed', unpaid.sessionId);
  const { count } = await service.from('orders').select('*', { count: 'exact', head: true }).eq('checkout_session_id', paid.checkoutId);
  assert.equal(count, 1, 'the late deliveries add nothing');
});
