// The official SDK pointed at the double by its URL, as the functions configure it for Stripe
// itself (supabase/functions/_shared/stripe/client.ts): the double's API version, and no retries of
// the SDK's own, so that a failure shows at once. For the double's tests and the local stack.
import Stripe from 'stripe';
import { apiVersion } from './api-version.ts';

export function sandboxClient(url: string, secretKey: string): Stripe {
  const { hostname, port, protocol } = new URL(url);
  return new Stripe(secretKey, { apiVersion, host: hostname, port: Number(port), protocol: protocol === 'https:' ? 'https' : 'http', maxNetworkRetries: 0 });
}
