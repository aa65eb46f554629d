// Where the objects the double sends differ from the SDK's own types, and only there. The SDK
// (stripe 12.3.0) and the schema every answer is checked against at run time (openapi/schemas.ts,
// stripe/openapi's spec3 of v309) are of one API version, 2022-11-15, and agree on every other
// property of the objects the double sends (Checkout Sessions, line items and their Prices,
// PaymentIntents, Charges, Refunds, Disputes, events, webhook endpoints): those are typed with the
// SDK's types unchanged (`Stripe.Checkout.Session`, `Stripe.LineItem`, `Stripe.Refund`,
// `Stripe.Dispute`, `Stripe.WebhookEndpoint`; events.ts narrows `Stripe.Event`).
//
// What differs, and how the double answers (the schema, which is what runs, and what Stripe sends):
// - a PaymentIntent's `source`: required by the SDK's type, absent from the schema; left out;
// - a Charge's `destination`, `dispute` and `source`: the same; left out;
// - a Charge's `refunds`: required by the SDK's type (a list, or null), optional in the schema;
//   left out, as Stripe leaves it out since 2022-11-15 unless asked for (`expand[]=refunds`, which
//   the double does not take);
// - a recurring Price's `recurring.trial_period_days`: required by the SDK's type, absent from the
//   schema; no adaptation, since the double makes only one-time Prices (`recurring: null`).
// The other way round, the SDK declares some properties the schema lacks as optional (a Charge's
// `authorization_code`, `level3`, a card's `iin`, `issuer`, …): the double does not send them.
// The schema documents nothing the SDK lacks. A newer pair of schema and SDK may change this list:
// the compiler and the schema check say where.
import type Stripe from 'stripe';

export type WirePaymentIntent = Omit<Stripe.PaymentIntent, 'source'>;

export type WireCharge = Omit<Stripe.Charge, 'destination' | 'dispute' | 'source' | 'refunds'>;

/** A Checkout Session, its `payment_intent` expanded (`expand[]=payment_intent`) to a PaymentIntent as the double sends it. */
export type WireCheckoutSession = Omit<Stripe.Checkout.Session, 'payment_intent'> & {
  payment_intent: string | WirePaymentIntent | null;
};
