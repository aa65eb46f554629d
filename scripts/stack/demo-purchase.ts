// `npm start`'s demo customer owns a teaching (PDF), a meditation (audio) and a ritual (video) from
// the first start, so a newcomer sees the library, the download and the viewer at once. They are
// bought through the path of a real purchase: create-checkout, the hosted payment page of the
// provider that takes the payments (Hostinger's or Stripe's double, its form submitted as a browser
// does), record-order, with both consent boxes ticked on the CGV the seed publishes. A customer who
// already has an order is left as is.
import { checkoutConsent } from '../lib/checkout-consent.ts';
import { nodeClient } from '../lib/supabase-client.ts';

const demoCart = [
  { variant_id: 'var_eveil_du_coeur', quantity: 1 },
  { variant_id: 'var_gratitude', quantity: 1 },
  { variant_id: 'var_rituel_aube', quantity: 1 },
];

export interface DemoPurchaseOptions {
  apiUrl: string;
  anonKey: string;
  siteUrl: string;
  customer: { email: string; password: string };
  /** Who takes the payments on that stack; Hostinger unless told. */
  commerceProvider?: 'hostinger' | 'stripe';
}

/** What each double's page submits to pay: Hostinger's asks the e-mail; Stripe's has the account's, and pays by card. */
const payingForm = (options: DemoPurchaseOptions) =>
  options.commerceProvider === 'stripe' ? new URLSearchParams({ choice: 'card' }) : new URLSearchParams({ email: options.customer.email, action: 'pay' });

/**
 * Resolves with the new order's id, 'in-place' when the customer already had one, or 'signed-out'
 * when the demo customer no longer signs in: they erased their account (« Supprimer mon compte »)
 * or changed their password, and the start goes on without them.
 */
export async function ensureDemoPurchase(options: DemoPurchaseOptions): Promise<string> {
  const supabase = nodeClient(options.apiUrl, options.anonKey);
  const signIn = await supabase.auth.signInWithPassword(options.customer);
  if (signIn.error?.code === 'invalid_credentials') return 'signed-out';
  if (signIn.error) throw new Error(`the demo customer cannot sign in: ${signIn.error.message}`);
  try {
    const { count, error } = await supabase.from('orders').select('id', { count: 'exact', head: true });
    if (error) throw new Error(`the demo customer's orders cannot be read: ${error.message}`);
    if (count) return 'in-place';

    const checkout = await supabase.functions.invoke<{ url: string }>('create-checkout', {
      body: { items: demoCart, successUrl: `${options.siteUrl}/success`, cancelUrl: `${options.siteUrl}/store`, locale: 'fr', timeZone: 'Europe/Paris', consent: await checkoutConsent(supabase) },
    });
    if (checkout.error || !checkout.data) throw new Error(`the demo checkout failed: ${checkout.error?.message}`);
    const payment = await fetch(checkout.data.url, { method: 'POST', body: payingForm(options), redirect: 'manual' });
    const checkoutId = new URL(payment.headers.get('location') ?? '', options.siteUrl).searchParams.get('checkout');
    if (payment.status !== 303 || !checkoutId) throw new Error(`the demo payment failed: HTTP ${payment.status}`);
    const recorded = await supabase.functions.invoke<{ order_id: string }>('record-order', { body: { checkout_id: checkoutId } });
    if (recorded.error || !recorded.data) throw new Error(`the demo order was not recorded: ${recorded.error?.message}`);
    return recorded.data.order_id;
  } finally {
    await supabase.auth.signOut();
  }
}
