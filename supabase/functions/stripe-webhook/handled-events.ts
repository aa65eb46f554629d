// The Stripe events stripe-webhook acts on (events.ts), and so the ones its endpoint subscribes to:
// in Stripe's Dashboard (docs/deploy.md) and on the local stack (scripts/stack/stripe.ts). Any
// other event that reaches it is acknowledged and left alone. No import: the stack reads it too.
export const handledEventTypes = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;
