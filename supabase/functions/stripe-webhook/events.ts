// What stripe-webhook does with each event it handles. An event says that something changed, not
// what is true now: events come late, twice, or out of order, so each is acted on from what Stripe
// and the database hold now, and every write is idempotent.
// - `checkout.session.completed`, `.async_payment_succeeded`, `.async_payment_failed`, `.expired`:
//   the checkout whose session it is (`provider_checkout_id`) is settled from the session as Stripe
//   holds it (the provider's findPayments): paid as priced, the order is recorded and confirmed
//   (fulfilCheckout, as record-order does); a debit on its way, it stays pending (the buyer reads
//   « Paiement en cours de traitement »); expired or its debit failed, it is `expired`.
// - `charge.refunded`: what the charge was given back in all, read from Stripe, less what the shop
//   recorded, becomes one credit note (a refund made in the Dashboard). An administrator's own, made
//   through the API, is refund-order's to record: its event adds nothing, and one that arrives before
//   refund-order has recorded it waits (Stripe retries), lest it be counted twice.
// - `charge.dispute.created`, `.closed`: access suspended, then restored (won) or revoked (lost); a
//   dispute recorded closed is never reopened by an older event.
// A refund or a dispute of a payment whose order is not recorded yet fails the delivery: Stripe
// retries it, and the reconciliation reads the same from the events.
import type { SupabaseClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import type { PricedCheckout } from '../_shared/commerce-provider.ts';
import { markPending } from '../_shared/reconcile-checkouts.ts';
import { fulfilCheckout, pricedCheckoutColumns, takenPayments } from '../_shared/record-payment.ts';
import { recordProviderDispute, recordRefundState } from '../_shared/refunds.ts';
import { disputeOf } from '../_shared/stripe/events.ts';
import type { StripeProvider } from '../_shared/stripe/provider.ts';

/** What came of an event, for the answer and the log. */
export type Outcome = 'recorded' | 'already_recorded' | 'waiting' | 'expired' | 'not_the_shops' | 'refund_recorded' | 'nothing_new' | 'dispute_recorded';

/** Stripe's delivery is to be retried: what it tells cannot be recorded yet. */
export class NotYet extends Error {}

type Checkout = PricedCheckout & { user_id: string | null; status: string };

async function checkoutOfSession(service: SupabaseClient, sessionId: string): Promise<Checkout | null> {
  const { data, error } = await service.from('checkout_sessions').select(`${pricedCheckoutColumns}, user_id, status`).eq('provider_checkout_id', sessionId).maybeSingle<Checkout>();
  if (error) throw new Error(`reading the checkout of session ${sessionId}: ${error.message}`);
  return data;
}

async function settleCheckout(service: SupabaseClient, provider: StripeProvider, sessionId: string): Promise<Outcome> {
  const checkout = await checkoutOfSession(service, sessionId);
  // A session the shop did not open (a Payment Link, another site on the same account): not ours.
  if (!checkout) return 'not_the_shops';
  if (checkout.status === 'completed') return 'already_recorded';
  const lookup = (await provider.findPayments([checkout], takenPayments(service))).get(checkout.id);
  if (lookup?.status === 'paid') {
    if (!(await fulfilCheckout(service, checkout, lookup.payment))) throw new Error(`the payment of session ${sessionId} is recorded for another checkout`);
    return 'recorded';
  }
  if (lookup?.status === 'closed' || lookup?.status === 'declined') {
    await markPending(service, [checkout.id], 'expired');
    return 'expired';
  }
  return 'waiting';
}

async function recordRefunds(service: SupabaseClient, provider: StripeProvider, charge: Stripe.Charge): Promise<Outcome> {
  const state = await provider.refundStateOfCharge(charge.id);
  if (!state) return 'not_the_shops';
  const ownRefunds = await provider.shopRefundIds(state.paymentId);
  if (ownRefunds.length > 0) {
    const { count, error } = await service.from('credit_notes').select('id', { count: 'exact', head: true }).in('refund_id', ownRefunds);
    if (error) throw new Error(`reading the credit notes of payment ${state.paymentId}: ${error.message}`);
    if (count !== ownRefunds.length) throw new NotYet(`a refund of payment ${state.paymentId} made by refund-order is not recorded yet`);
  }
  const outcome = await recordRefundState(service, provider.name, state);
  if (outcome === 'no_order') throw new NotYet(`refund of payment ${state.paymentId}: no recorded order yet`);
  return outcome === 'recorded' ? 'refund_recorded' : 'nothing_new';
}

async function recordDisputeOf(service: SupabaseClient, stripeDispute: Stripe.Dispute): Promise<Outcome> {
  const dispute = disputeOf(stripeDispute);
  if (!dispute) return 'not_the_shops';
  const outcome = await recordProviderDispute(service, dispute);
  if (outcome === 'no_order') throw new NotYet(`dispute ${dispute.id} of payment ${dispute.paymentId}: no recorded order yet`);
  return outcome === 'recorded' ? 'dispute_recorded' : 'nothing_new';
}

/** Acts on one event of `handledEventTypes` (handled-events.ts). */
export function handleEvent(service: SupabaseClient, provider: StripeProvider, event: Stripe.Event): Promise<Outcome> {
  if (event.type.startsWith('checkout.session.')) return settleCheckout(service, provider, (event.data.object as Stripe.Checkout.Session).id);
  if (event.type === 'charge.refunded') return recordRefunds(service, provider, event.data.object as Stripe.Charge);
  return recordDisputeOf(service, event.data.object as Stripe.Dispute);
}
