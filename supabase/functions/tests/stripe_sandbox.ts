// The Stripe double as the function tests see it: its address and key (the stack's, STRIPE_*), the
// SDK as the functions configure it, and its hosted page submitted over HTTP as a browser does
// (the buyer's choice of card, declined card or SEPA debit: scripts/stripe-sandbox/buyer-page.ts,
// which the Node tools share). Its tests-only controls are scripts/stripe-sandbox/sandbox-controls.ts.
import { stripeClient } from '../_shared/stripe/client.ts';

export { payOnStripe } from '../../../scripts/stripe-sandbox/buyer-page.ts';

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set: the stack runs the Stripe double when started with \`stripe: true\` (npm test does, for the Deno suite).`);
  return value;
}

export const stripeEnv = {
  apiUrl: required('STRIPE_API_URL'),
  secretKey: required('STRIPE_SECRET_KEY'),
  webhookSecret: required('STRIPE_WEBHOOK_SECRET'),
  webhookEndpointId: required('STRIPE_WEBHOOK_ENDPOINT_ID'),
};

/** The official SDK on the double, as the functions have it. */
export const stripe = stripeClient(stripeEnv.secretKey, stripeEnv.apiUrl);
