// Refunds through the SDK (whole, in parts, never beyond what is left) and in the Dashboard (the
// tests-only control), what they do to the charge and the events they emit; disputes opened by the
// cardholder's bank and closed won or lost, and the refunds a dispute forbids.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { closeDispute, openDispute, refundInDashboard } from './sandbox-controls.ts';
import { paidSession, useStripeSandbox } from './test-support.ts';

const fixture = useStripeSandbox();

/** A session paid by card (29,00 €), its PaymentIntent and charge. */
async function payment(stripe: Stripe) {
  const session = await paidSession(stripe);
  const paymentIntent = await stripe.paymentIntents.retrieve(session.payment_intent as string);
  return { session, paymentIntentId: paymentIntent.id, chargeId: paymentIntent.latest_charge as string };
}

const eventsAbout = async (stripe: Stripe, objectId: string) =>
  (await stripe.events.list({ limit: 100 })).data.filter((event) => (event.data.object as { id: string }).id === objectId);

describe('a refund', () => {
  it('of the whole payment refunds the charge, with refund.created and charge.refunded', async () => {
    const { stripe } = fixture();
    const { paymentIntentId, chargeId } = await payment(stripe);
    const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, reason: 'requested_by_customer', metadata: { order_id: '1042' } });
    expect(refund).toMatchObject({ object: 'refund', amount: 2900, currency: 'eur', status: 'succeeded', charge: chargeId, payment_intent: paymentIntentId, reason: 'requested_by_customer', metadata: { order_id: '1042' } });
    expect(refund.id).toMatch(/^re_/);
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 2900, refunded: true });
    expect((await eventsAbout(stripe, refund.id)).map((event) => event.type)).toEqual(['refund.created']);
    const [refunded] = (await eventsAbout(stripe, chargeId)).filter((event) => event.type === 'charge.refunded');
    expect(refunded?.data).toMatchObject({ object: { amount_refunded: 2900, refunded: true }, previous_attributes: { amount_refunded: 0, refunded: false } });
    expect(refunded?.request?.id).toBe(refund.lastResponse.requestId);
    await expect(stripe.refunds.create({ payment_intent: paymentIntentId })).rejects.toMatchObject({ statusCode: 400, code: 'charge_already_refunded', message: `Charge ${chargeId} has already been refunded.` });
  });

  it('in parts, up to what is left and never beyond', async () => {
    const { stripe } = fixture();
    const { paymentIntentId, chargeId } = await payment(stripe);
    const first = await stripe.refunds.create({ charge: chargeId, amount: 1000 });
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 1000, refunded: false });
    await expect(stripe.refunds.create({ payment_intent: paymentIntentId, amount: 2000 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'amount',
      message: 'Refund amount (€20.00) is greater than unrefunded amount on charge (€19.00)',
    });
    const rest = await stripe.refunds.create({ payment_intent: paymentIntentId });
    expect(rest.amount).toBe(1900);
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 2900, refunded: true });

    const listed = await stripe.refunds.list({ payment_intent: paymentIntentId });
    expect(listed.data.map((refund) => refund.id)).toEqual([rest.id, first.id]);
    expect(await stripe.refunds.retrieve(first.id)).toMatchObject({ id: first.id, amount: 1000 });
    await expect(stripe.refunds.retrieve('re_nothing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'refund' });
  });

  it('made in the Dashboard is the same refund, from a request without an idempotency key', async () => {
    const { stripe, sandbox } = fixture();
    const { paymentIntentId, chargeId } = await payment(stripe);
    const refund = await refundInDashboard(sandbox.url, { payment_intent: paymentIntentId, amount: 500 });
    expect(refund).toMatchObject({ object: 'refund', amount: 500, status: 'succeeded', charge: chargeId });
    expect(await stripe.charges.retrieve(chargeId)).toMatchObject({ amount_refunded: 500, refunded: false });
    const [created] = await eventsAbout(stripe, refund.id);
    expect(created).toMatchObject({ type: 'refund.created', request: { id: expect.stringMatching(/^req_/), idempotency_key: null } });
  });

  it('is refused for a debit still processing', async () => {
    const { stripe } = fixture();
    const session = await paidSession(stripe, 'sepa_debit');
    await expect(stripe.refunds.create({ payment_intent: session.payment_intent as string })).rejects.toMatchObject({ statusCode: 400, param: 'payment_intent' });
  });
});

describe('a dispute', () => {
  it('opened by the bank marks the charge disputed, forbids refunds, and closes won', async () => {
    const { stripe, sandbox } = fixture();
    const { paymentIntentId, chargeId } = await payment(stripe);
    const dispute = await openDispute(sandbox.url, paymentIntentId, { reason: 'product_not_received' });
    expect(dispute).toMatchObject({ object: 'dispute', status: 'needs_response', amount: 2900, charge: chargeId, payment_intent: paymentIntentId, reason: 'product_not_received' });
    expect(dispute.id).toMatch(/^dp_/);
    expect((await stripe.charges.retrieve(chargeId)).disputed).toBe(true);
    await expect(stripe.refunds.create({ payment_intent: paymentIntentId })).rejects.toMatchObject({ code: 'charge_disputed' });

    const won = await closeDispute(sandbox.url, dispute.id, 'won');
    expect(won.status).toBe('won');
    expect((await eventsAbout(stripe, dispute.id)).map((event) => [event.type, (event.data.object as Stripe.Dispute).status])).toEqual([
      ['charge.dispute.closed', 'won'],
      ['charge.dispute.created', 'needs_response'],
    ]);
    await expect(closeDispute(sandbox.url, dispute.id, 'lost')).rejects.toThrow(/already closed/);
    expect((await stripe.refunds.create({ payment_intent: paymentIntentId, amount: 100 })).amount).toBe(100);
  });

  it('closes lost, and the payment stays unrefundable', async () => {
    const { stripe, sandbox } = fixture();
    const { paymentIntentId } = await payment(stripe);
    await stripe.refunds.create({ payment_intent: paymentIntentId, amount: 900 });
    const dispute = await openDispute(sandbox.url, paymentIntentId);
    expect(dispute).toMatchObject({ amount: 2000, reason: 'fraudulent' });
    await expect(openDispute(sandbox.url, paymentIntentId)).rejects.toThrow(/already disputed/);
    expect(await closeDispute(sandbox.url, dispute.id, 'lost')).toMatchObject({ status: 'lost' });
    expect((await stripe.events.list({ type: 'charge.dispute.*', limit: 2 })).data.map((event) => event.type)).toEqual(['charge.dispute.closed', 'charge.dispute.created']);
    await expect(stripe.refunds.create({ payment_intent: paymentIntentId })).rejects.toMatchObject({ code: 'charge_disputed' });
  });
});
