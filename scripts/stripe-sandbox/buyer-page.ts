// The buyer's side of the double's hosted Checkout page (checkout-page.ts): its form submitted over
// HTTP as a browser does, with the buyer's choice (card, declined card, SEPA debit). Web APIs only,
// so that the function tests under Deno (supabase/functions/tests/stripe_sandbox.ts) and the Node
// tools (bench:load's Stripe step) pay through this one client.
export type PaymentChoice = 'card' | 'card_declined' | 'sepa_debit';

/** Submits the session's hosted page with `choice`, as the buyer does; the redirect is not followed. */
export async function payOnStripe(sessionUrl: string, choice: PaymentChoice, email?: string): Promise<{ status: number; location: string | null }> {
  const form = new URLSearchParams({ choice, ...(email ? { email } : {}) });
  const answer = await fetch(sessionUrl, { method: 'POST', body: form, redirect: 'manual' });
  await answer.body?.cancel();
  return { status: answer.status, location: answer.headers.get('location') };
}
