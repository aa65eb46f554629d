// stripe-webhook: Stripe's signed events, so that an order is recorded seconds after its payment
// rather than at the next minute's reconciliation, and refunds and disputes made at Stripe reach
// the shop at once (events.ts says what each event does). Stripe is the only caller, and its
// signature the only credential: `verify_jwt` is off (supabase/config.toml).
// - The `Stripe-Signature` header is verified on the raw body with the endpoint's secret
//   (STRIPE_WEBHOOK_SECRET) by the SDK's `constructEventAsync`, 300 s of tolerance: a bad or stale
//   signature is refused with 400 and a log line naming why, never the secret.
// - An event is handled once (`claim_stripe_webhook_event`, a table no API role reads): a delivery
//   of one handled already, Stripe's retry or a replay, is answered 200 `{ duplicate: true }`.
// - An event it does not handle is answered 200 `{ ignored: true }`, so Stripe does not retry it.
// - A handling that fails answers 500 (or 502 when Stripe itself failed): Stripe retries for three
//   days, and the reconciliation reads the same from Stripe every minute meanwhile.
// Secrets: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL (unset in production), and mail.
import type Stripe from 'stripe';
import { limitBody } from '../_shared/body-limit.ts';
import { HttpError, errorResponse, jsonResponse } from '../_shared/errors.ts';
import { requestsPerCall } from '../_shared/commerce-provider.ts';
import { stripeFromEnv, webCrypto } from '../_shared/stripe/client.ts';
import { StripeProvider } from '../_shared/stripe/provider.ts';
import { requireEnv, serviceClient } from '../_shared/supabase.ts';
import { handleEvent, NotYet } from './events.ts';
import { handledEventTypes } from './handled-events.ts';

/** Stripe's own default: a signature older than five minutes is a replay. */
const toleranceSeconds = 300;

const badSignature = (reason: string) =>
  new HttpError(400, 'invalid_signature', 'The Stripe-Signature header does not sign this body with the endpoint\'s secret within 300 s.', { cause: reason });

async function verifiedEvent(stripe: Stripe, request: Request): Promise<Stripe.Event> {
  // Unset, the shop is misconfigured (500), not the caller refused.
  const secret = requireEnv('STRIPE_WEBHOOK_SECRET');
  const signature = request.headers.get('stripe-signature');
  if (!signature) throw badSignature('no Stripe-Signature header');
  const body = await request.text();
  try {
    return await stripe.webhooks.constructEventAsync(body, signature, secret, toleranceSeconds, webCrypto);
  } catch (error) {
    // The SDK's reason (no matching signature, a timestamp outside the tolerance) holds no secret.
    throw badSignature((error as Error).message);
  }
}

async function claimed(eventId: string, type: string): Promise<boolean> {
  const { data, error } = await serviceClient().rpc('claim_stripe_webhook_event', { p_event_id: eventId, p_type: type });
  if (error) throw new Error(`claiming Stripe event ${eventId}: ${error.message}`);
  return data === true;
}

async function markHandled(eventId: string): Promise<void> {
  const { error } = await serviceClient().rpc('stripe_webhook_event_handled', { p_event_id: eventId });
  if (error) throw new Error(`marking Stripe event ${eventId} handled: ${error.message}`);
}

Deno.serve(limitBody(async (request) => {
  try {
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Stripe POSTs its events.');
    const stripe = stripeFromEnv();
    const event = await verifiedEvent(stripe, request);
    if (!(handledEventTypes as readonly string[]).includes(event.type)) return jsonResponse({ received: true, ignored: true });
    if (!(await claimed(event.id, event.type))) return jsonResponse({ received: true, duplicate: true });
    let outcome;
    try {
      outcome = await handleEvent(serviceClient(), new StripeProvider(stripe, requestsPerCall), event);
    } catch (error) {
      if (!(error instanceof NotYet)) throw error;
      throw new HttpError(409, 'not_yet', `${event.type} ${event.id}: ${error.message}; Stripe retries`);
    }
    await markHandled(event.id);
    console.log(`${event.type} ${event.id}: ${outcome}`);
    return jsonResponse({ received: true, outcome });
  } catch (error) {
    return errorResponse(error);
  }
}));
