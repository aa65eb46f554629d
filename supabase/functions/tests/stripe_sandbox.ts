// The Stripe double as the function tests see it: its address and key (the stack's, STRIPE_*), the
// SDK as the functions configure it, and its hosted page submitted over HTTP as a browser does
// (the buyer's choice of card, declined card or SEPA debit). Its tests-only controls are
// scripts/stripe-sandbox/sandbox-controls.ts.
import { stripeClient } from '../_shared/stripe/client.ts';

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

/** Submits the session's hosted page with `choice`, as the buyer does; the redirect is not followed. */
export async function payOnStripe(sessionUrl: string, choice: 'card' | 'card_declined' | 'sepa_debit', email?: string): Promise<{ status: number; location: string | null }> {
  const form = new URLSearchParams({ choice, ...(email ? { email } : {}) });
  const answer = await fetch(sessionUrl, { method: 'POST', body: form, redirect: 'manual' });
  await answer.body?.cancel();
  return { status: answer.status, location: answer.headers.get('location') };
}
