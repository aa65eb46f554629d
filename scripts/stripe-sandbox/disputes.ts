// Disputes, which only the cardholder's bank opens and only Stripe closes: the tests-only controls
// play both. Opening one on a succeeded charge marks the charge `disputed` and emits
// `charge.dispute.created` (status `needs_response`); closing it won or lost emits
// `charge.dispute.closed`. While it is open or once lost, the charge cannot be refunded (refunds.ts).
import type Stripe from 'stripe';
import { apiErrors } from './errors.ts';
import { noRequest } from './events.ts';
import { newDispute } from './objects.ts';
import type { Params } from './params.ts';
import type { SandboxState } from './state.ts';

/** The reasons a bank gives, as Stripe lists them. */
const reasons = [
  'bank_cannot_process', 'check_returned', 'credit_not_processed', 'customer_initiated', 'debit_not_authorized', 'duplicate', 'fraudulent',
  'general', 'incorrect_account_details', 'insufficient_funds', 'product_not_received', 'product_unacceptable', 'subscription_canceled', 'unrecognized',
] as const;

/** The cardholder disputes the payment of a PaymentIntent (`reason`, by default `fraudulent`; `amount`, by default what was not refunded). */
export function openDispute(state: SandboxState, paymentIntentId: string, params: Params): Stripe.Dispute {
  const reason = params.enumValue('reason', reasons) ?? 'fraudulent';
  const amount = params.integer('amount');
  params.refuseUnread();
  const paymentIntent = state.paymentIntents.get(paymentIntentId);
  if (!paymentIntent) throw apiErrors.resourceMissing('payment_intent', paymentIntentId, 'payment_intent');
  const charge = typeof paymentIntent.latest_charge === 'string' ? state.charges.get(paymentIntent.latest_charge) : undefined;
  if (!charge || charge.status !== 'succeeded') throw apiErrors.state(`This PaymentIntent (${paymentIntentId}) has no succeeded charge to dispute.`);
  if (charge.disputed) throw apiErrors.state(`Charge ${charge.id} is already disputed.`);
  const dispute = newDispute(charge, amount ?? charge.amount - charge.amount_refunded, reason, state.clock.now());
  state.disputes.set(dispute.id, dispute);
  charge.disputed = true;
  state.emit('charge.dispute.created', dispute, noRequest);
  return dispute;
}

const closedStatuses: ReadonlySet<Stripe.Dispute.Status> = new Set(['won', 'lost', 'warning_closed']);

/** The bank decides: the dispute `won` (the money stays with the shop) or `lost`. */
export function closeDispute(state: SandboxState, disputeId: string, params: Params): Stripe.Dispute {
  const outcome = params.enumValue('outcome', ['won', 'lost'] as const);
  params.refuseUnread();
  if (outcome === undefined) throw apiErrors.state('Say how the dispute ends: outcome "won" or "lost".', { param: 'outcome' });
  const dispute = state.disputes.get(disputeId);
  if (!dispute) throw apiErrors.resourceMissing('dispute', disputeId, 'dispute');
  if (closedStatuses.has(dispute.status)) throw apiErrors.state(`Dispute ${disputeId} is already closed (${dispute.status}).`);
  dispute.status = outcome;
  state.emit('charge.dispute.closed', dispute, noRequest);
  return dispute;
}
