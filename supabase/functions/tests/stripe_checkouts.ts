// A buyer's checkout taken by Stripe on the shared stack, where Hostinger takes create-checkout's:
// priced from the stack's catalogue as create-checkout prices it, opened as a Checkout Session by
// the Stripe provider, and recorded pending with the buyer's consent as create-checkout records it
// (the same columns, the session's id beside the shop's); then paid on Stripe's hosted page. What
// the webhook and the reconciliation turn into orders. And the double's deliveries to the stack's
// stripe-webhook, awaited rather than polled.
import assert from 'node:assert/strict';
import type Stripe from 'stripe';
import { recordedConsent, type CheckoutTerms } from '../create-checkout/consent.ts';
import { requestsPerCall } from '../_shared/commerce-provider.ts';
import { StripeProvider } from '../_shared/stripe/provider.ts';
import { deliveryAttempts, nextDeliveryAttempt } from '../../../scripts/stripe-sandbox/sandbox-controls.ts';
import { catalogue, effectivePrice } from './commerce_sandbox.ts';
import { type Customer, env, service } from './helpers.ts';
import { payOnStripe, stripe, stripeEnv } from './stripe_sandbox.ts';

/** The provider as the functions build it with COMMERCE_PROVIDER=stripe. */
export const stripeProvider = () => new StripeProvider(stripe, requestsPerCall);

const sellable = (await catalogue()).filter((entry) => entry.purchasable && entry.stock === null);
const { data: files } = await service.from('product_files').select('variant_id, file_type');
const delivered = new Set((files ?? []).map((file) => file.variant_id));
/** Two variants the stack sells and delivers: a PDF teaching and another format when there is one. */
export const twoVariants = sellable.filter((entry) => delivered.has(entry.variantId)).slice(0, 2);

export interface StripeCheckout {
  checkoutId: string;
  sessionId: string;
  url: string;
  total: number;
}

/** create-checkout's work for `buyer`, with Stripe taking the payment. */
export async function openStripeCheckout(buyer: Customer, entries = twoVariants): Promise<StripeCheckout> {
  const lines = entries.map((entry) => ({
    variant_id: entry.variantId,
    product_id: entry.productId,
    product_title: entry.productTitle,
    variant_title: entry.variantTitle,
    image_url: null,
    unit_price_cents: effectivePrice(entry),
    currency: 'eur',
    quantity: 1,
  }));
  const checkoutId = crypto.randomUUID();
  const opened = await stripeProvider().openCheckout({
    id: checkoutId,
    pricedAt: new Date(),
    lines,
    currency: 'eur',
    buyerEmail: buyer.email,
    successUrl: `${env.siteUrl}/success?checkout=${checkoutId}`,
    cancelUrl: `${env.siteUrl}/store`,
    locale: 'fr-FR',
    timeZone: 'Europe/Paris',
  });
  const { data: terms, error: termsError } = await service.rpc('checkout_terms');
  assert.equal(termsError, null);
  const total = lines.reduce((sum, line) => sum + line.unit_price_cents, 0);
  const { error } = await service.from('checkout_sessions').insert({
    id: checkoutId,
    user_id: buyer.user.id,
    buyer_email: buyer.email,
    provider_checkout_id: opened.providerCheckoutId,
    items: lines,
    total_amount_cents: total,
    currency: 'eur',
    status: 'pending',
    ...recordedConsent(terms as CheckoutTerms),
  });
  assert.equal(error, null, JSON.stringify(error));
  return { checkoutId, sessionId: opened.providerCheckoutId!, url: opened.url, total };
}

/** A Stripe checkout of `buyer`'s paid on the hosted page by `choice`; answers it with its PaymentIntent. */
export async function paidStripeCheckout(buyer: Customer, choice: 'card' | 'sepa_debit' = 'card'): Promise<StripeCheckout & { paymentId: string }> {
  const checkout = await openStripeCheckout(buyer);
  const answer = await payOnStripe(checkout.url, choice);
  assert.equal(answer.status, 303, 'Stripe\'s page takes the payment');
  assert.equal(answer.location, `${env.siteUrl}/success?checkout=${checkout.checkoutId}&session_id=${checkout.sessionId}`, 'the buyer comes back to both ids');
  const session = await stripe.checkout.sessions.retrieve(checkout.sessionId);
  return { ...checkout, paymentId: session.payment_intent as string };
}

/** The newest event of `type` about the object `objectId`. */
export async function eventAbout(type: string, objectId: string): Promise<Stripe.Event> {
  const events = await stripe.events.list({ type, limit: 100 });
  const event = events.data.find((candidate) => (candidate.data.object as { id: string }).id === objectId);
  assert.ok(event, `Stripe emitted ${type} about ${objectId}`);
  return event;
}

/**
 * The event of `type` about `objectId`, once the stack's stripe-webhook has answered its delivery
 * with a 2xx: awaited at the double, which knows when it has.
 */
export async function handledByWebhook(type: string, objectId: string): Promise<Stripe.Event> {
  const event = await eventAbout(type, objectId);
  const attempt = await nextDeliveryAttempt(stripeEnv.apiUrl, { event: event.id, endpoint: stripeEnv.webhookEndpointId, delivered: true }, 20_000);
  assert.ok(attempt, `stripe-webhook took ${type} ${event.id}: ${JSON.stringify(await deliveryAttempts(stripeEnv.apiUrl, { event: event.id }))}`);
  return event;
}

/** The shop's checkout and its order, as the service role sees them. */
export async function checkoutState(checkoutId: string): Promise<{ status: string; order: { id: string; payment_id: string; payment_status: string; dispute_status: string | null } | null }> {
  const { data: checkout, error } = await service.from('checkout_sessions').select('status').eq('id', checkoutId).single();
  assert.equal(error, null);
  const { data: order } = await service.from('orders').select('id, payment_id, payment_status, dispute_status').eq('checkout_session_id', checkoutId).maybeSingle();
  return { status: checkout!.status, order };
}
