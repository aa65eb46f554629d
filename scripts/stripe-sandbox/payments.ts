// What paying on the hosted page does to the objects, and the events it causes, in the order
// Stripe emits them. The first submission makes the session's PaymentIntent
// (`payment_intent.created`); then:
// - a card: a succeeded charge, the PaymentIntent `succeeded`, the session `complete` and `paid`
//   (`charge.succeeded`, `payment_intent.succeeded`, `checkout.session.completed`);
// - a declined card: a failed charge, the PaymentIntent back to `requires_payment_method` with the
//   decline as `last_payment_error`, the session still open (`charge.failed`,
//   `payment_intent.payment_failed`, and no `checkout.session.*` event);
// - SEPA Direct Debit: a pending charge, the PaymentIntent `processing`, the session `complete`
//   but `unpaid` (`payment_intent.processing`, `charge.pending`, `checkout.session.completed`),
//   until the debit settles (a tests-only control): `…succeeded` and
//   `checkout.session.async_payment_succeeded`, or `…failed` and
//   `checkout.session.async_payment_failed`.
// And the two reads of what they made: `GET /v1/payment_intents/{id}`, `GET /v1/charges/{id}`.
import type { ApiAnswer, ApiCall } from './api-types.ts';
import { apiErrors } from './errors.ts';
import { noRequest } from './events.ts';
import { newCharge, newPaymentIntent, type ChargeKind } from './objects.ts';
import type { SandboxState, SessionRecord } from './state.ts';
import type { WireCharge, WirePaymentIntent } from './wire-types.ts';

function paymentIntentOf(state: SandboxState, record: SessionRecord): WirePaymentIntent {
  const existing = typeof record.session.payment_intent === 'string' ? state.paymentIntents.get(record.session.payment_intent) : undefined;
  if (existing) return existing;
  const paymentIntent = newPaymentIntent(record.session, state.clock.now());
  state.paymentIntents.set(paymentIntent.id, paymentIntent);
  record.session.payment_intent = paymentIntent.id;
  state.emit('payment_intent.created', paymentIntent, noRequest);
  return paymentIntent;
}

function completeSession(record: SessionRecord, email: string, paid: boolean): void {
  const { session } = record;
  session.status = 'complete';
  session.payment_status = paid ? 'paid' : 'unpaid';
  session.url = null;
  session.customer_details = { address: { city: null, country: 'FR', line1: null, line2: null, postal_code: null, state: null }, email, name: null, phone: null, tax_exempt: 'none', tax_ids: [] };
  if (session.consent_collection?.terms_of_service === 'required') session.consent = { promotions: null, terms_of_service: 'accepted' };
}

/** The customer submits the hosted page with one of its choices, under `email`. */
export function payOnPage(state: SandboxState, record: SessionRecord, kind: ChargeKind, email: string): void {
  const paymentIntent = paymentIntentOf(state, record);
  const charge = newCharge(paymentIntent, kind, email, state.clock.now());
  state.charges.set(charge.id, charge);
  paymentIntent.latest_charge = charge.id;
  paymentIntent.payment_method = charge.payment_method;
  if (kind === 'card_declined') {
    record.declined = true;
    paymentIntent.status = 'requires_payment_method';
    paymentIntent.last_payment_error = {
      type: 'card_error',
      charge: charge.id,
      code: 'card_declined',
      decline_code: 'generic_decline',
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      message: 'Your card was declined.',
      payment_method_type: 'card',
    };
    state.emit('charge.failed', charge, noRequest);
    state.emit('payment_intent.payment_failed', paymentIntent, noRequest);
    return;
  }
  record.declined = false;
  paymentIntent.last_payment_error = null;
  if (kind === 'card') {
    paymentIntent.status = 'succeeded';
    paymentIntent.amount_received = paymentIntent.amount;
    completeSession(record, email, true);
    state.emit('charge.succeeded', charge, noRequest);
    state.emit('payment_intent.succeeded', paymentIntent, noRequest);
  } else {
    paymentIntent.status = 'processing';
    completeSession(record, email, false);
    state.emit('payment_intent.processing', paymentIntent, noRequest);
    state.emit('charge.pending', charge, noRequest);
  }
  state.emit('checkout.session.completed', record.session, noRequest);
}

type DebitOutcome = 'succeeded' | 'failed';

/** A SEPA debit in `processing` settles, as the bank answers days later in real life. */
export function settleDebit(state: SandboxState, paymentIntentId: string, outcome: DebitOutcome): WirePaymentIntent {
  const paymentIntent = state.paymentIntents.get(paymentIntentId);
  if (!paymentIntent) throw apiErrors.resourceMissing('payment_intent', paymentIntentId, 'payment_intent');
  const record = state.sessionOfPaymentIntent(paymentIntentId);
  const charge = typeof paymentIntent.latest_charge === 'string' ? state.charges.get(paymentIntent.latest_charge) : undefined;
  if (paymentIntent.status !== 'processing' || !record || !charge) {
    throw apiErrors.state(`This PaymentIntent's status is ${paymentIntent.status}: only a debit in processing can settle.`, { param: 'payment_intent' });
  }
  if (outcome === 'succeeded') {
    charge.status = 'succeeded';
    charge.paid = true;
    paymentIntent.status = 'succeeded';
    paymentIntent.amount_received = paymentIntent.amount;
    record.session.payment_status = 'paid';
    state.emit('charge.succeeded', charge, noRequest);
    state.emit('payment_intent.succeeded', paymentIntent, noRequest);
    state.emit('checkout.session.async_payment_succeeded', record.session, noRequest);
  } else {
    failDebit(charge);
    paymentIntent.status = 'requires_payment_method';
    paymentIntent.last_payment_error = {
      type: 'card_error',
      charge: charge.id,
      code: 'insufficient_funds',
      doc_url: 'https://stripe.com/docs/error-codes/insufficient-funds',
      message: charge.failure_message!,
      payment_method_type: 'sepa_debit',
    };
    state.emit('charge.failed', charge, noRequest);
    state.emit('payment_intent.payment_failed', paymentIntent, noRequest);
    state.emit('checkout.session.async_payment_failed', record.session, noRequest);
  }
  return paymentIntent;
}

function failDebit(charge: WireCharge): void {
  charge.status = 'failed';
  charge.captured = false;
  charge.amount_captured = 0;
  charge.failure_code = 'insufficient_funds';
  charge.failure_message = "The customer's account has insufficient funds to cover this payment.";
  charge.outcome = { network_status: 'declined_by_network', reason: null, risk_level: 'not_assessed', seller_message: 'The bank returned the decline code `insufficient_funds`.', type: 'issuer_declined' };
}

/** The reads of the objects payments make. */
export function paymentsApi(state: SandboxState) {
  return {
    retrievePaymentIntent({ params, id }: ApiCall): ApiAnswer {
      params.refuseUnread();
      const paymentIntent = state.paymentIntents.get(id);
      if (!paymentIntent) throw apiErrors.resourceMissing('payment_intent', id, 'intent');
      return { body: paymentIntent, schema: 'payment_intent' };
    },

    retrieveCharge({ params, id }: ApiCall): ApiAnswer {
      params.refuseUnread();
      const charge = state.charges.get(id);
      if (!charge) throw apiErrors.resourceMissing('charge', id, 'charge');
      return { body: charge, schema: 'charge' };
    },
  };
}
