// What the reconciliation reads of Stripe's events (`GET /v1/events`, newest first, kept 30 days by
// Stripe): the safety net under the webhooks. From the events of a window, the newest state of each
// object: the payments made (the sessions completed paid, or paid later by their debit), the
// checkouts whose debit was settled or failed, what each charge was given back in all
// (`charge.refunded`), and where each dispute stands (`charge.dispute.created`, `.closed`). Each
// page is one of the run's requests; past 20 pages of 100 the oldest wait for a later run.
import type Stripe from 'stripe';
import type { ProviderDispute, ProviderPayment, RefundState } from '../commerce-provider.ts';
import type { RequestBudget } from '../request-budget.ts';
import { stripeCall } from './calls.ts';
import { idOf, paymentOfSession } from './sessions.ts';

/** Stripe keeps events 30 days: a window reaching further back reads what there is. */
const horizonMs = 30 * 24 * 60 * 60 * 1000;
const pageSize = 100;
const maxPages = 20;

export const paymentEventTypes = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];
/** A SEPA debit's outcome, days after its session completed `unpaid`. */
export const debitOutcomeEventTypes = ['checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed'];
export const refundEventTypes = ['charge.refunded'];
export const disputeEventTypes = ['charge.dispute.created', 'charge.dispute.closed'];

/** The events of these types since a time (at most 30 days ago), newest first. */
export async function eventsSince(stripe: Stripe, budget: RequestBudget, types: string[], since: Date): Promise<Stripe.Event[]> {
  const gte = Math.floor(Math.max(since.getTime(), Date.now() - horizonMs) / 1000);
  const events: Stripe.Event[] = [];
  for (let page = 0; page < maxPages; page++) {
    const after = events.at(-1)?.id;
    const answer = await stripeCall('Stripe events list', budget, () => stripe.events.list({ types, created: { gte }, limit: pageSize, ...(after ? { starting_after: after } : {}) }));
    events.push(...answer.data);
    if (!answer.has_more) return events;
  }
  console.warn(`Stripe events list: more than ${maxPages} pages; the oldest wait for a later run`);
  return events;
}

/** The paid sessions of these events, one payment each (without lines: an event's session has none). */
export function paymentsOf(events: Stripe.Event[]): ProviderPayment[] {
  const payments = new Map<string, ProviderPayment>();
  for (const event of events) {
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.payment_status !== 'paid') continue;
    const payment = paymentOfSession(session);
    // The event's time is the payment's: the session holds no time of payment of its own.
    if (payment && !payments.has(payment.id)) payments.set(payment.id, { ...payment, paid_at: new Date(event.created * 1000).toISOString() });
  }
  return [...payments.values()];
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The shop's checkout ids these sessions' events carry (`client_reference_id`): other sessions of the account carry none, or another's. */
export function checkoutIdsOf(events: Stripe.Event[]): string[] {
  const ids = events.map((event) => (event.data.object as Stripe.Checkout.Session).client_reference_id);
  return [...new Set(ids.filter((id): id is string => id !== null && uuid.test(id)))];
}

/** A charge as the refund state of its payment: what it was given back in all. */
export function refundStateOf(charge: Stripe.Charge): RefundState | null {
  const paymentId = idOf(charge.payment_intent);
  return paymentId === null ? null : { paymentId, refundedCents: charge.amount_refunded, returned: [] };
}

/** The newest refund state of each payment the events gave money back on. */
export function refundStatesOf(events: Stripe.Event[]): RefundState[] {
  const states = new Map<string, RefundState>();
  for (const event of events) {
    const state = refundStateOf(event.data.object as Stripe.Charge);
    if (state && !states.has(state.paymentId)) states.set(state.paymentId, state);
  }
  return [...states.values()];
}

/**
 * A dispute as the shop records it: open until Stripe closes it. An inquiry closed without a
 * chargeback (`warning_closed`) leaves the money with the shop, as a dispute won; one closed by a
 * refund (`charge_refunded`) gave it back, as a dispute lost.
 */
export function disputeOf(dispute: Stripe.Dispute): ProviderDispute | null {
  const paymentId = idOf(dispute.payment_intent);
  if (paymentId === null) return null;
  const won: Stripe.Dispute.Status[] = ['won', 'warning_closed'];
  const lost: Stripe.Dispute.Status[] = ['lost', 'charge_refunded'];
  return { id: dispute.id, paymentId, status: won.includes(dispute.status) ? 'won' : lost.includes(dispute.status) ? 'lost' : 'open' };
}

/** Where each dispute of these events stands now: its newest event's. */
export function disputesOf(events: Stripe.Event[]): ProviderDispute[] {
  const disputes = new Map<string, ProviderDispute>();
  for (const event of events) {
    const dispute = disputeOf(event.data.object as Stripe.Dispute);
    if (dispute && !disputes.has(dispute.id)) disputes.set(dispute.id, dispute);
  }
  return [...disputes.values()];
}
