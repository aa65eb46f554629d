// A buyer's checkout of a two-line cart through create-checkout, paid (or not) on the sandbox's
// payment page: what record-order and reconcile-checkouts turn into orders.
import assert from 'node:assert/strict';
import { catalogue, effectivePrice, pressPaymentButton } from './commerce_sandbox.ts';
import { checkoutConsent } from '../../../scripts/lib/checkout-consent.ts';
import { callFunction, type Customer, env, service } from './helpers.ts';

const entries = (await catalogue()).filter((e) => e.purchasable && e.stock === null);
export const cart = [
  { entry: entries[0]!, quantity: 2 },
  { entry: entries[1]!, quantity: 1 },
];
export const cartTotal = cart.reduce((sum, { entry, quantity }) => sum + effectivePrice(entry) * quantity, 0);
const cartItems = cart.map(({ entry, quantity }) => ({ variant_id: entry.variantId, quantity }));
/** Both boxes of the cart panel ticked on the CGV in force (the seed publishes one). */
export const consent = await checkoutConsent(service);

/** create-checkout for `buyer` (the two-line cart unless told); returns the payment page URL and the shop's checkout id. */
export async function startCheckout(buyer: Customer, items = cartItems): Promise<{ url: string; checkoutId: string }> {
  const answer = await callFunction('create-checkout', {
    items,
    successUrl: `${env.siteUrl}/success`,
    cancelUrl: `${env.siteUrl}/store`,
    locale: 'fr-FR',
    timeZone: 'Europe/Paris',
    consent,
  }, buyer.token);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const { data, error } = await buyer.client.from('checkout_sessions').select('id').eq('status', 'pending').order('created_at', { ascending: false }).limit(1);
  assert.equal(error, null);
  assert.equal(data!.length, 1, 'the pending checkout is recorded');
  return { url: answer.body.url, checkoutId: data![0]!.id };
}

/** Pays `buyer`'s new checkout on the hosted page under `email` (their account's unless told); returns the shop's checkout id. */
export async function paidCheckout(buyer: Customer, items = cartItems, email = buyer.email): Promise<string> {
  const { url, checkoutId } = await startCheckout(buyer, items);
  const paid = await pressPaymentButton(url, 'Payer', { email });
  assert.ok(paid.status >= 300 && paid.status < 400, `paying redirects (got ${paid.status})`);
  const success = new URL(paid.location!, url);
  assert.equal(`${success.origin}${success.pathname}`, `${env.siteUrl}/success`);
  assert.equal(success.searchParams.get('checkout'), checkoutId, 'the buyer comes back to the shop\'s own checkout id');
  return checkoutId;
}

export const recordOrder = (checkoutId: string, buyer: Customer) => callFunction('record-order', { checkout_id: checkoutId }, buyer.token);

export async function ordersFor(checkoutId: string): Promise<{ id: string; items: number }[]> {
  const { data, error } = await service.from('orders').select('id, order_items(id)').eq('checkout_session_id', checkoutId);
  if (error) throw new Error(error.message);
  return data.map((order) => ({ id: order.id, items: order.order_items.length }));
}
