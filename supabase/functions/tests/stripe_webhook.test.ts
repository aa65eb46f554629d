// stripe-webhook through the stack, as Stripe calls it: the Stripe double delivers its signed
// events to the function's URL (the endpoint registered at the stack's start), and each test
// awaits the delivery the function answered. Paid by card, the order is recorded and its
// confirmation mailed before the buyer is back; a SEPA debit waits, then is recorded, or the
// checkout expires when it fails, as when the session expires; a refund made in Stripe's Dashboard
// becomes one credit note, an administrator's own refund none more; a dispute suspends access, then
// restores or revokes it. What a broken verifier would let through is refused: a forged signature,
// a stale one, a body changed on the way, an event replayed (answered, not handled again), an
// older event arriving after a newer one. With the webhook down, the reconciliation records the
// payment, and the late delivery adds nothing.
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import { reconcileCheckouts } from '../_shared/reconcile-checkouts.ts';
import { readOrder } from '../_shared/refunds.ts';
import { refundOrder } from '../refund-order/refund.ts';
import { closeDispute, expireSessionNow, nextDeliveryAttempt, openDispute, pauseDeliveries, refundInDashboard, resumeDeliveries, settleDebit } from '../../../scripts/stripe-sandbox/sandbox-controls.ts';
import { signatureHeader } from '../../../scripts/stripe-sandbox/signature.ts';
import { type Customer, env, service, signUpAdmin, signUpCustomer } from './helpers.ts';
import { mailsTo } from './mail_outbox.ts';
import { checkoutState, eventAbout, handledByWebhook, openStripeCheckout, paidStripeCheckout, stripeProvider } from './stripe_checkouts.ts';
import { stripe, stripeEnv } from './stripe_sandbox.ts';

const webhookUrl = `${env.supabaseUrl}/functions/v1/stripe-webhook`;

const now = () => Math.floor(Date.now() / 1000);

/** POSTs `body` to stripe-webhook as Stripe would, signed with `secret` at `timestamp` (seconds) as Stripe signs (the double's signer). */
async function deliver(body: string, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const signature = options.signature !== undefined ? options.signature : signatureHeader(body, options.secret ?? stripeEnv.webhookSecret, options.timestamp ?? now());
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'Stripe-Signature': signature }) },
    body,
  });
  return { status: response.status, body: await response.json() };
}

/** An event as Stripe sends it: its JSON, as `GET /v1/events/{id}` answers it. */
const bodyOf = (event: Stripe.Event) => JSON.stringify(event, null, 2);

async function creditNotesOf(orderId: string): Promise<{ refund_id: string; amount_cents: number; source: string }[]> {
  const { data, error } = await service.from('credit_notes').select('refund_id, amount_cents, source').eq('order_id', orderId).order('created_at');
  assert.equal(error, null);
  return data!;
}

async function boughtWithStripe(): Promise<{ buyer: Customer; checkoutId: string; paymentId: string; orderId: string; total: number }> {
  const buyer = await signUpCustomer('stripe');
  const paid = await paidStripeCheckout(buyer);
  await handledByWebhook('checkout.session.completed', paid.sessionId);
  const { order } = await checkoutState(paid.checkoutId);
  assert.ok(order, 'the webhook recorded the order');
  return { buyer, checkoutId: paid.checkoutId, paymentId: paid.paymentId, orderId: order.id, total: paid.total };
}

Deno.test('paid by card: the webhook records the order and mails its confirmation before the buyer is back', async () => {
  const buyer = await signUpCustomer('stripe-card');
  const paid = await paidStripeCheckout(buyer);
  await handledByWebhook('checkout.session.completed', paid.sessionId);
  const state = await checkoutState(paid.checkoutId);
  assert.equal(state.status, 'completed');
  assert.equal(state.order?.payment_id, paid.paymentId, 'the order names the PaymentIntent');
  assert.equal(state.order?.payment_status, 'paid');
  assert.ok((await mailsTo(buyer.email)).some((mail) => /^Votre commande n° .+ est confirmée$/.test(mail.subject)), 'the confirmation is mailed');
  const back = await fetch(`${env.supabaseUrl}/functions/v1/record-order`, {
    method: 'POST',
    headers: { apikey: env.anonKey, Authorization: `Bearer ${buyer.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ checkout_id: paid.checkoutId }),
  });
  assert.deepEqual(await back.json(), { order_id: state.order?.id }, 'back on /success, the buyer finds the order recorded');
});

Deno.test('a SEPA debit waits while the bank answers: recorded once it succeeds; a failed one expires the checkout', async () => {
  const buyer = await signUpCustomer('stripe-sepa');
  const succeeding = await paidStripeCheckout(buyer, 'sepa_debit');
  await handledByWebhook('checkout.session.completed', succeeding.sessionId);
  assert.deepEqual(await checkoutState(succeeding.checkoutId), { status: 'pending', order: null }, 'completed but not paid: still pending');
  await settleDebit(stripeEnv.apiUrl, succeeding.paymentId, 'succeeded');
  await handledByWebhook('checkout.session.async_payment_succeeded', succeeding.sessionId);
  const recorded = await checkoutState(succeeding.checkoutId);
  assert.equal(recorded.status, 'completed');
  assert.equal(recorded.order?.payment_id, succeeding.paymentId);

  const failing = await paidStripeCheckout(buyer, 'sepa_debit');
  await handledByWebhook('checkout.session.completed', failing.sessionId);
  await settleDebit(stripeEnv.apiUrl, failing.paymentId, 'failed');
  await handledByWebhook('checkout.session.async_payment_failed', failing.sessionId);
  assert.deepEqual(await checkoutState(failing.checkoutId), { status: 'expired', order: null });
});

Deno.test('a session that expires unpaid expires its checkout', async () => {
  const buyer = await signUpCustomer('stripe-expired');
  const checkout = await openStripeCheckout(buyer);
  await expireSessionNow(stripeEnv.apiUrl, checkout.sessionId);
  await handledByWebhook('checkout.session.expired', checkout.sessionId);
  assert.deepEqual(await checkoutState(checkout.checkoutId), { status: 'expired', order: null });
});

Deno.test('a refund made in Stripe\'s Dashboard becomes one credit note, however often it is told', async () => {
  const bought = await boughtWithStripe();
  const refund = await refundInDashboard(stripeEnv.apiUrl, { payment_intent: bought.paymentId, amount: 500 });
  const event = await handledByWebhook('charge.refunded', refund.charge as string);
  assert.deepEqual(await creditNotesOf(bought.orderId), [{ refund_id: `stripe:${bought.paymentId}:500`, amount_cents: 500, source: 'commerce' }]);
  const again = await deliver(bodyOf(await stripe.events.retrieve(event.id)));
  assert.deepEqual(again, { status: 200, body: { received: true, duplicate: true } }, 'the same event again is acknowledged only');
  assert.equal((await creditNotesOf(bought.orderId)).length, 1);
});

Deno.test('an administrator\'s refund through Stripe\'s API is one credit note, and its event adds none', async () => {
  const bought = await boughtWithStripe();
  const admin = await signUpAdmin();
  const order = await readOrder(service, { id: bought.orderId });
  const line = order!.order_items[0]!;
  const recorded = await refundOrder(service, stripeProvider(), { order_id: bought.orderId, order_item_ids: [line.id], reason: 'Fichier illisible', request_id: crypto.randomUUID(), offline: false }, admin.user.id);
  assert.match(recorded.number, /^AV-\d{4}-\d{6}$/);
  const refunds = await stripe.refunds.list({ payment_intent: bought.paymentId });
  assert.deepEqual(refunds.data.map((refund) => refund.amount), [line.price_per_item_cents * line.quantity], 'Stripe refunded the line');
  await handledByWebhook('charge.refunded', refunds.data[0]!.charge as string);
  const notes = await creditNotesOf(bought.orderId);
  assert.deepEqual(notes.map((note) => note.refund_id), [`stripe:${refunds.data[0]!.id}`], 'the event of the shop\'s own refund adds no credit note');
});

Deno.test('the event of an administrator\'s refund that arrives before refund-order has recorded it waits, and is then counted once', async () => {
  const bought = await boughtWithStripe();
  const admin = await signUpAdmin();
  const order = await readOrder(service, { id: bought.orderId });
  const line = order!.order_items[0]!;
  const requestId = crypto.randomUUID();
  // Stripe has made the refund refund-order asked for, whose answer has not been recorded yet.
  const made = await stripe.refunds.create({ payment_intent: bought.paymentId, amount: line.price_per_item_cents * line.quantity, metadata: { request: requestId } });
  const refunded = await eventAbout('charge.refunded', made.charge as string);
  const early = await nextDeliveryAttempt(stripeEnv.apiUrl, { event: refunded.id, endpoint: stripeEnv.webhookEndpointId }, 20_000);
  assert.equal(early?.status, 409, 'not yet: Stripe retries');
  assert.equal((await creditNotesOf(bought.orderId)).length, 0);
  const recorded = await refundOrder(service, stripeProvider(), { order_id: bought.orderId, order_item_ids: [line.id], reason: 'Fichier illisible', request_id: requestId, offline: false }, admin.user.id);
  assert.match(recorded.number, /^AV-\d{4}-\d{6}$/);
  await handledByWebhook('charge.refunded', made.charge as string);
  assert.deepEqual((await creditNotesOf(bought.orderId)).map((note) => note.refund_id), [`stripe:${made.id}`], 'one credit note, refund-order\'s');
});

Deno.test('a dispute suspends the order; won, it is restored; lost, it is revoked with a credit note', async () => {
  const won = await boughtWithStripe();
  const lost = await boughtWithStripe();
  const wonDispute = await openDispute(stripeEnv.apiUrl, won.paymentId);
  const lostDispute = await openDispute(stripeEnv.apiUrl, lost.paymentId);
  await handledByWebhook('charge.dispute.created', wonDispute.id);
  await handledByWebhook('charge.dispute.created', lostDispute.id);
  for (const bought of [won, lost]) assert.deepEqual((await checkoutState(bought.checkoutId)).order?.dispute_status, 'open');
  await closeDispute(stripeEnv.apiUrl, wonDispute.id, 'won');
  await closeDispute(stripeEnv.apiUrl, lostDispute.id, 'lost');
  await handledByWebhook('charge.dispute.closed', wonDispute.id);
  await handledByWebhook('charge.dispute.closed', lostDispute.id);
  assert.equal((await checkoutState(won.checkoutId)).order?.dispute_status, 'won');
  assert.equal((await checkoutState(lost.checkoutId)).order?.dispute_status, 'lost');
  assert.deepEqual((await creditNotesOf(lost.orderId)).map((note) => [note.refund_id, note.source, note.amount_cents]), [[`dispute:${lostDispute.id}`, 'dispute', lost.total]]);
  assert.deepEqual(await creditNotesOf(won.orderId), []);
});

Deno.test('a forged, stale, missing or mismatched signature is refused with 400 and changes nothing', async () => {
  const buyer = await signUpCustomer('stripe-forged');
  const checkout = await openStripeCheckout(buyer);
  await pauseDeliveries(stripeEnv.apiUrl, stripeEnv.webhookEndpointId);
  try {
    // A completed session's event, as an attacker would make one up for a checkout never paid.
    const session = await stripe.checkout.sessions.retrieve(checkout.sessionId);
    const forged = JSON.stringify({ id: `evt_forged${crypto.randomUUID().replaceAll('-', '')}`, object: 'event', api_version: '2022-11-15', created: now(), type: 'checkout.session.completed', data: { object: { ...session, status: 'complete', payment_status: 'paid' } } });
    const refusals = [
      await deliver(forged, { secret: 'whsec_not_the_endpoints_secret' }),
      await deliver(forged, { timestamp: now() - 301 }),
      await deliver(forged, { signature: null }),
      await deliver(forged, { signature: 't=1,v1=00' }),
      await deliver(forged.replace('"type":', ' "type":'), { signature: signatureHeader(forged, stripeEnv.webhookSecret, now()) }),
    ];
    for (const refusal of refusals) {
      assert.equal(refusal.status, 400, JSON.stringify(refusal.body));
      assert.equal(refusal.body.error.code, 'invalid_signature');
      assert.ok(!JSON.stringify(refusal.body).includes(stripeEnv.webhookSecret));
    }
    assert.deepEqual(await checkoutState(checkout.checkoutId), { status: 'pending', order: null });
    // Signed right, the made-up event is still checked against Stripe: the session is not paid.
    assert.deepEqual(await deliver(forged), { status: 200, body: { received: true, outcome: 'waiting' } });
    assert.deepEqual(await checkoutState(checkout.checkoutId), { status: 'pending', order: null });
  } finally {
    await resumeDeliveries(stripeEnv.apiUrl, stripeEnv.webhookEndpointId);
  }
});

Deno.test('an event it does not handle is acknowledged, so Stripe does not retry it', async () => {
  const buyer = await signUpCustomer('stripe-other');
  const paid = await paidStripeCheckout(buyer);
  const event = await eventAbout('payment_intent.succeeded', paid.paymentId);
  assert.deepEqual(await deliver(bodyOf(event)), { status: 200, body: { received: true, ignored: true } });
});

Deno.test('events out of order: a debit\'s success before its completion, a dispute\'s close before its opening', async () => {
  const buyer = await signUpCustomer('stripe-order');
  await pauseDeliveries(stripeEnv.apiUrl, stripeEnv.webhookEndpointId);
  let debit, dispute;
  try {
    debit = await paidStripeCheckout(buyer, 'sepa_debit');
    await settleDebit(stripeEnv.apiUrl, debit.paymentId, 'succeeded');
    const succeeded = await deliver(bodyOf(await eventAbout('checkout.session.async_payment_succeeded', debit.sessionId)));
    assert.deepEqual(succeeded.body, { received: true, outcome: 'recorded' });
    const completed = await deliver(bodyOf(await eventAbout('checkout.session.completed', debit.sessionId)));
    assert.deepEqual(completed.body, { received: true, outcome: 'already_recorded' }, 'the older event, arriving last, changes nothing');

    dispute = await openDispute(stripeEnv.apiUrl, debit.paymentId);
    await closeDispute(stripeEnv.apiUrl, dispute.id, 'won');
    assert.deepEqual((await deliver(bodyOf(await eventAbout('charge.dispute.closed', dispute.id)))).body, { received: true, outcome: 'dispute_recorded' });
    assert.deepEqual((await deliver(bodyOf(await eventAbout('charge.dispute.created', dispute.id)))).body, { received: true, outcome: 'nothing_new' }, 'a dispute closed is not reopened by its older event');
    assert.equal((await checkoutState(debit.checkoutId)).order?.dispute_status, 'won');
  } finally {
    await resumeDeliveries(stripeEnv.apiUrl, stripeEnv.webhookEndpointId);
  }
  // Stripe's own deliveries, held meanwhile, come in after: each acknowledged, nothing changed.
  await handledByWebhook('charge.dispute.created', dispute.id);
  assert.equal((await checkoutState(debit.checkoutId)).order?.dispute_status, 'won');
});

Deno.test('the webhook down for a while: the reconciliation records the payment, and the late delivery adds nothing', async () => {
  const buyer = await signUpCustomer('stripe-down');
  await pauseDeliveries(stripeEnv.apiUrl, stripeEnv.webhookEndpointId);
  let paid;
  try {
    paid = await paidStripeCheckout(buyer);
    assert.deepEqual(await checkoutState(paid.checkoutId), { status: 'pending', order: null }, 'no webhook, no order yet');
    const summary = await reconcileCheckouts(service, stripeProvider(), buyer.user.id);
    assert.equal(summary.recorded, 1, JSON.stringify(summary));
    assert.equal((await checkoutState(paid.checkoutId)).order?.payment_id, paid.paymentId);
  } finally {
    await resumeDeliveries(stripeEnv.apiUrl, stripeEnv.webhookEndpointId);
  }
  await handledByWebhook('checkout.session.completed', paid.sessionId);
  const { count } = await service.from('orders').select('*', { count: 'exact', head: true }).eq('checkout_session_id', paid.checkoutId);
  assert.equal(count, 1, 'one order');
});
