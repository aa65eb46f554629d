// The official Stripe SDK as the functions use it: `stripe` 12.3.0, pinned (its Deno build speaks
// through fetch and signs with SubtleCrypto), on API version 2022-11-15, the SDK's own and the one
// the Stripe double under scripts/stripe-sandbox/ plays. STRIPE_SECRET_KEY authorises it (a secret:
// `sk_live_…` or, in test mode, `sk_test_…`); STRIPE_API_URL, unset in production, points it at
// another server by its protocol, host and port (the double, locally). No retries of the SDK's own:
// a call that fails is a CommerceError, and the caller's next run (or Stripe's next delivery) asks again.
import Stripe from 'stripe';
import { requireEnv } from '../supabase.ts';

export const stripeApiVersion = '2022-11-15' satisfies Stripe.LatestApiVersion;

/** Signatures checked with SubtleCrypto, as Deno has no Node crypto to offer the SDK's default. */
export const webCrypto = Stripe.createSubtleCryptoProvider();

const timeoutMs = 10_000;

/** The server STRIPE_API_URL names, as the SDK takes it; Stripe's own when unset. */
function server(url: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!url) return {};
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  return new Stripe(secretKey, {
    apiVersion: stripeApiVersion,
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
    timeout: timeoutMs,
    ...server(apiUrl),
  });
}

/** The client of the function secrets: STRIPE_SECRET_KEY, and STRIPE_API_URL where set. */
export const stripeFromEnv = () => stripeClient(requireEnv('STRIPE_SECRET_KEY'), Deno.env.get('STRIPE_API_URL') || undefined);
