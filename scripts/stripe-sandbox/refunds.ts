// Refunds: `POST /v1/refunds` (a `payment_intent` or a `charge`, an `amount` that defaults to what
// is left, `reason`, `metadata`), `GET /v1/refunds/{id}` and `GET /v1/refunds` (newest first,
// filtered by payment_intent, charge, created). A refund succeeds at once, adds to the charge's
// `amount_refunded` (`refunded` once nothing is left) and emits `refund.created` then
// `charge.refunded`. The same request made in the Dashboard is the `/__sandbox/refunds` control.
import type Stripe from 'stripe';
import type { ApiAnswer, ApiCall } from './api-types.ts';
import { apiErrors, paramErrors } from './errors.ts';
import type { RequestOrigin } from './events.ts';
import { listPage } from './lists.ts';
import { newRefund } from './objects.ts';
import { inRange, type Params } from './params.ts';
import type { SandboxState } from './state.ts';
import type { WireCharge } from './wire-types.ts';

const reasons = ['duplicate', 'fraudulent', 'requested_by_customer'] as const satisfies readonly Stripe.RefundCreateParams.Reason[];

const currencySymbols: Record<string, string> = { eur: '€', usd: '$', gbp: '£' };

/** An amount as Stripe's messages write it: `€29.00`. */
const written = (amount: number, currency: string) => `${currencySymbols[currency] ?? `${currency.toUpperCase()} `}${(amount / 100).toFixed(2)}`;

/** The succeeded charge a refund request names, by its PaymentIntent or itself. */
function chargeToRefund(state: SandboxState, params: Params): WireCharge {
  const paymentIntentId = params.string('payment_intent');
  const chargeId = params.string('charge');
  if (paymentIntentId !== undefined && chargeId !== undefined) throw paramErrors.invalid('charge', 'You may only specify one of these parameters: charge, payment_intent.');
  if (paymentIntentId !== undefined) {
    const paymentIntent = state.paymentIntents.get(paymentIntentId);
    if (!paymentIntent) throw apiErrors.resourceMissing('payment_intent', paymentIntentId, 'payment_intent');
    const charge = typeof paymentIntent.latest_charge === 'string' ? state.charges.get(paymentIntent.latest_charge) : undefined;
    if (paymentIntent.status !== 'succeeded' || !charge) {
      throw apiErrors.state(`This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`, { param: 'payment_intent' });
    }
    return charge;
  }
  if (chargeId === undefined) throw paramErrors.invalid('payment_intent', 'One of the following params should be provided for this request: payment_intent or charge.', 'parameter_missing');
  const charge = state.charges.get(chargeId);
  if (!charge) throw apiErrors.resourceMissing('charge', chargeId, 'charge');
  if (charge.status !== 'succeeded') throw apiErrors.state(`Charge ${chargeId} has not succeeded and cannot be refunded.`, { param: 'charge' });
  return charge;
}

/** Refunds part or all of what is left of a charge, from the API or the Dashboard. */
export function createRefund(state: SandboxState, params: Params, origin: RequestOrigin): Stripe.Refund {
  const charge = chargeToRefund(state, params);
  const amount = params.integer('amount');
  const reason = params.enumValue('reason', reasons) ?? null;
  const metadata = params.metadata('metadata') ?? {};
  params.refuseUnread();
  if (amount !== undefined && amount < 1) throw paramErrors.invalid('amount', 'Invalid positive integer');
  const lostOrOpen = [...state.disputes.values()].some((dispute) => dispute.charge === charge.id && dispute.status !== 'won');
  if (lostOrOpen) throw apiErrors.state(`Charge ${charge.id} has been charged back; cannot issue a refund.`, { code: 'charge_disputed' });
  const left = charge.amount - charge.amount_refunded;
  if (left === 0) throw apiErrors.state(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  if (amount !== undefined && amount > left) {
    throw apiErrors.state(`Refund amount (${written(amount, charge.currency)}) is greater than unrefunded amount on charge (${written(left, charge.currency)})`, { param: 'amount' });
  }
  const refund = newRefund(charge, amount ?? left, reason, metadata, state.clock.now());
  state.refunds.set(refund.id, refund);
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += refund.amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  state.emit('refund.created', refund, origin);
  state.emit('charge.refunded', charge, origin, charge.refunded === previous.refunded ? { amount_refunded: previous.amount_refunded } : previous);
  return refund;
}

export function refundsApi(state: SandboxState) {
  return {
    create({ params, origin }: ApiCall): ApiAnswer {
      return { body: createRefund(state, params, origin), schema: 'refund' };
    },

    retrieve({ params, id }: ApiCall): ApiAnswer {
      params.refuseUnread();
      const refund = state.refunds.get(id);
      if (!refund) throw apiErrors.resourceMissing('refund', id, 'refund');
      return { body: refund, schema: 'refund' };
    },

    list({ params }: ApiCall): ApiAnswer {
      const paymentIntent = params.string('payment_intent');
      const charge = params.string('charge');
      const created = params.range('created');
      const matching = [...state.refunds.values()]
        .reverse()
        .filter((refund) => (paymentIntent === undefined || refund.payment_intent === paymentIntent) && (charge === undefined || refund.charge === charge) && inRange(refund.created, created));
      const page = listPage(matching, params, '/v1/refunds', 'refund');
      params.refuseUnread();
      return { body: page, list: 'GET /v1/refunds' };
    },
  };
}
