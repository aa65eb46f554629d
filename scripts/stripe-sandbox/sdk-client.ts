// The official SDK pointed at a Stripe API by its URL, as the functions configure it for Stripe
// itself (supabase/functions/_shared/stripe/client.ts): the double's API version, and no retries of
// the SDK's own, so that a failure shows at once. For the double's tests and the local stack (the
// double's URL), and for `npm run smoke` (Stripe's own, https://api.stripe.com, unless told).
import Stripe from 'stripe';
import { apiVersion } from './api-version.ts';

export const stripeApiUrl = 'https://api.stripe.com';

export function stripeAt(url: string, secretKey: string): Stripe {
  const { hostname, port, protocol } = new URL(url);
  const scheme = protocol === 'https:' ? 'https' : 'http';
  return new Stripe(secretKey, { apiVersion, host: hostname, port: Number(port || (scheme === 'https' ? 443 : 80)), protocol: scheme, maxNetworkRetries: 0 });
}
