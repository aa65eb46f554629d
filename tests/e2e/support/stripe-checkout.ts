// Stripe as the journeys of tests/e2e/on-stripe/ meet it: a payment by the means a journey chooses
// on its hosted page (payment-page.ts), and what a journey reads at Stripe meanwhile: the
// SDK pointed at this site's double, the shop's webhook endpoint there, the deliveries of an event
// to stripe-webhook awaited at the double (which knows when the function has answered), and the
// orders the shop recorded for a checkout.
import type { Page } from 'playwright-core';
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { deliveryAttempts, nextDeliveryAttempt } from '../../../scripts/stripe-sandbox/sandbox-controls.ts';
import { stripeAt } from '../../../scripts/stripe-sandbox/sdk-client.ts';
import { client, type ShopEnv } from '../../support/shop.ts';
import { openPaymentPage } from './cart.ts';
import { paymentPage, stripePayButton } from './payment-page.ts';

export interface StripeDouble {
  /** Its address: the API's and its tests-only controls' (sandbox-controls.ts). */
  url: string;
  /** The endpoint the stack registered for its stripe-webhook. */
  webhookEndpointId: string;
  /** The official SDK on it, as the functions configure it. */
  stripe: Stripe;
}

/** The double of this worker's site, whose functions take their payments through Stripe. */
export function stripeDouble(): StripeDouble {
  const { STRIPE_API_URL: url, STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_ENDPOINT_ID: webhookEndpointId, COMMERCE_PROVIDER: provider } = process.env;
  if (!url || !key || !webhookEndpointId || provider !== 'stripe') {
    throw new Error('these journeys need a site whose functions take payments through Stripe: run them through `npm test -- e2e`');
  }
  return { url, webhookEndpointId, stripe: stripeAt(url, key) };
}

/**
 * Checks out the cart of a signed-in customer, pays on Stripe's page by `choice` and follows Stripe
 * back to /success: the shop's checkout and Stripe's session it names.
 */
export async function payOnStripe(page: Page, choice: Parameters<typeof stripePayButton>[1]): Promise<{ checkoutId: string; sessionId: string }> {
  await openPaymentPage(page);
  await stripePayButton(page, choice).click();
  await page.waitForURL(paymentPage.successAddress);
  return checkoutOf(page.url());
}

/** The shop's checkout and Stripe's session an address back from Stripe names. */
export function checkoutOf(successAddress: string): { checkoutId: string; sessionId: string } {
  const query = new URL(successAddress, 'http://shop.invalid').searchParams;
  return { checkoutId: query.get('checkout')!, sessionId: query.get('session_id')! };
}

/** The PaymentIntent of a session: the order's payment, what refunds and disputes name. */
export async function paymentOf(double: StripeDouble, sessionId: string): Promise<string> {
  const session = await double.stripe.checkout.sessions.retrieve(sessionId);
  return session.payment_intent as string;
}

/** The newest event of `type` about the object `objectId`. */
async function eventAbout(double: StripeDouble, type: string, objectId: string): Promise<Stripe.Event> {
  const events = await double.stripe.events.list({ type, limit: 100 });
  const event = events.data.find((candidate) => (candidate.data.object as { id: string }).id === objectId);
  if (!event) throw new Error(`Stripe emitted no ${type} about ${objectId}`);
  return event;
}

/** What the shop's stripe-webhook answered the first delivery of an event it took (its `outcome`), as Stripe's Dashboard shows it. */
export async function webhookAnswerTo(double: StripeDouble, eventId: string): Promise<unknown> {
  const attempt = await nextDeliveryAttempt(double.url, { event: eventId, endpoint: double.webhookEndpointId, delivered: true }, 30_000);
  expect(attempt?.response, `stripe-webhook answered ${eventId}`).toBeTruthy();
  return JSON.parse(attempt!.response!);
}

/** The event of `type` about `objectId`, once the shop's stripe-webhook has answered its delivery with a 2xx. */
export async function handledByWebhook(double: StripeDouble, type: string, objectId: string): Promise<Stripe.Event> {
  const event = await eventAbout(double, type, objectId);
  const attempt = await nextDeliveryAttempt(double.url, { event: event.id, endpoint: double.webhookEndpointId, delivered: true }, 30_000);
  expect(attempt, `stripe-webhook took ${type} ${event.id}: ${JSON.stringify(await deliveryAttempts(double.url, { event: event.id }))}`).not.toBeNull();
  return event;
}

/** The orders recorded for the shop's checkout, as the service role reads them. */
export async function recordedOrders(checkoutId: string): Promise<Array<{ id: string; payment_id: string }>> {
  const env = process.env as unknown as ShopEnv;
  const { data, error } = await client(env, env.SUPABASE_SECRET_KEY).from('orders').select('id, payment_id').eq('checkout_session_id', checkoutId);
  expect(error).toBeNull();
  return data!;
}
