// Stripe for the local stack: the Stripe double (../stripe-sandbox/) in a process of its own, as
// the outside service it plays, and the shop's webhook endpoint registered there through Stripe's
// API with the official SDK, as an owner registers it in Stripe's Dashboard: the functions' URL of
// stripe-webhook and the events it handles. The functions get the double's address
// (STRIPE_API_URL), its key (STRIPE_SECRET_KEY, fresh each start) and the endpoint's signing
// secret (STRIPE_WEBHOOK_SECRET). Nothing of it leaves the machine.
import { startStripeSandboxProcess } from '../stripe-sandbox/process.ts';
import { stripeAt } from '../stripe-sandbox/sdk-client.ts';
import { newLocalSecretKey } from '../stripe-sandbox/ids.ts';
import { handledEventTypes } from '../../supabase/functions/stripe-webhook/handled-events.ts';

export interface StripeDouble {
  /** The double's base URL (its API under /v1, its hosted pages, its tests-only controls under /__sandbox). */
  url: string;
  secretKey: string;
  close(): Promise<void>;
}

export interface WebhookEndpoint {
  id: string;
  /** The endpoint's signing secret (`whsec_…`), given once, at its creation. */
  secret: string;
}

/** The double on `port` (0: one the system gives), with a fresh key. */
export async function startStripeDouble(port: number): Promise<StripeDouble> {
  const secretKey = newLocalSecretKey();
  const sandbox = await startStripeSandboxProcess({ port, secretKey });
  return { url: sandbox.url, secretKey, close: () => sandbox.close() };
}

/** The shop's endpoint at `webhookUrl` (stripe-webhook's), for the events it handles. */
export async function registerWebhook(stripe: StripeDouble, webhookUrl: string): Promise<WebhookEndpoint> {
  const endpoint = await stripeAt(stripe.url, stripe.secretKey).webhookEndpoints.create({
    url: webhookUrl,
    enabled_events: [...handledEventTypes],
    description: 'Lumière Sacrée: stripe-webhook',
  });
  return { id: endpoint.id, secret: endpoint.secret! };
}
