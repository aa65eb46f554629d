// Shop flows for Node tests, through the real HTTP paths: a signed-up customer with the
// unmodified supabase-js, a checkout through create-checkout, the payment provider's hosted page.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FaultMode } from '../../scripts/commerce-sandbox/server.ts';
import { checkoutConsent } from '../../scripts/lib/checkout-consent.ts';
import { nodeClient } from '../../scripts/lib/supabase-client.ts';
import { payOnStripe } from '../../scripts/stripe-sandbox/buyer-page.ts';
import { signUpConfirmed } from './confirmed-customer.ts';

export interface ShopEnv {
  SUPABASE_URL: string;
  SUPABASE_PUBLISHABLE_KEY: string;
  SUPABASE_SECRET_KEY: string;
  COMMERCE_API_URL: string;
  COMMERCE_STORE_ID: string;
  SITE_URL: string;
}

export function client(env: ShopEnv, key = env.SUPABASE_PUBLISHABLE_KEY): SupabaseClient {
  return nodeClient(env.SUPABASE_URL, key);
}

/** A newly signed-up customer, confirmed and signed in. */
export async function newCustomer(env: ShopEnv, label: string): Promise<{ supabase: SupabaseClient; userId: string; email: string }> {
  const supabase = client(env);
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const user = await signUpConfirmed(env, supabase, email, 'shop-test-2026', { full_name: label });
  return { supabase, userId: user.id, email };
}

export async function createCheckout(env: ShopEnv, supabase: SupabaseClient, items: Array<{ variant_id: string; quantity: number }>) {
  return supabase.functions.invoke<{ url: string }>('create-checkout', {
    body: { items, successUrl: `${env.SITE_URL}/success`, cancelUrl: `${env.SITE_URL}/store`, locale: 'fr', timeZone: 'Europe/Paris', consent: await checkoutConsent(supabase) },
  });
}

/** The signed-in buyer's e-mail, from the session the client holds (no request). */
export async function emailOf(supabase: SupabaseClient): Promise<string> {
  const email = (await supabase.auth.getSession()).data.session?.user.email;
  if (!email) throw new Error('the client has no signed-in user with an e-mail');
  return email;
}

/**
 * Submits the hosted payment page's form as a browser would, under the buyer's e-mail: Hostinger's
 * (the sandbox's), or Stripe's by card when Stripe takes the payments (COMMERCE_PROVIDER); returns
 * the shop's checkout id the buyer comes back with.
 */
export async function pay(paymentUrl: string, email: string): Promise<string> {
  const { status, location } =
    process.env.COMMERCE_PROVIDER === 'stripe'
      ? await payOnStripe(paymentUrl, 'card', email)
      : await fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ email, action: 'pay' }), redirect: 'manual' }).then((response) => ({ status: response.status, location: response.headers.get('location') }));
  if (status !== 303 || !location) throw new Error(`payment failed: ${status}`);
  return new URL(location).searchParams.get('checkout')!;
}

/** Sets the commerce sandbox's fault mode (loopback-only admin endpoint). */
export async function commerceFault(env: ShopEnv, mode: FaultMode): Promise<void> {
  const response = await fetch(`${env.COMMERCE_API_URL}/__sandbox/fault`, { method: 'POST', body: JSON.stringify({ mode }) });
  if (!response.ok) throw new Error(`fault mode not set: ${response.status}`);
}

/** What the schedule does every minute, now: reconcile-checkouts with the job's own secret; its summary. */
export async function runScheduledReconciliation(env: ShopEnv & { RECONCILE_CHECKOUTS_SECRET: string }): Promise<Record<string, unknown>> {
  const response = await fetch(`${env.SUPABASE_URL}/functions/v1/reconcile-checkouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.RECONCILE_CHECKOUTS_SECRET}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ scope: 'all' }),
  });
  if (!response.ok) throw new Error(`reconcile-checkouts: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}
