// Stripe Checkout Sessions as the shop uses them: one per pending checkout, and what a session
// says of its payment. A session is opened in payment mode, in French, each line priced by
// `price_data` from what create-checkout priced (never a Price of Stripe's catalogue), tied to the
// shop's checkout by `client_reference_id` (and the buyer back on `/success?checkout=<id>&session_id=`
// with Stripe's `{CHECKOUT_SESSION_ID}`), for the buyer's account e-mail, expiring in an hour.
// Stripe's own `consent_collection` is not used: the buyer ticked the shop's two boxes (the CGV in
// force, the waiver of withdrawal) before the session was opened, and their record is the shop's.
//
// A session is the checkout's payment only when it is the checkout's (`client_reference_id`), its
// `payment_status` is `paid`, and its lines, quantities, unit amounts, total and currency are
// exactly what was priced. A session completed but unpaid is a debit on its way (`processing`),
// unless its PaymentIntent says the debit failed (`declined`; an expired session is `closed`).
import type Stripe from 'stripe';
import type { CheckoutToOpen, PaymentLookup, PricedCheckout, ProviderPayment } from '../commerce-provider.ts';

/** How long a session can be paid: an hour (Stripe takes 30 minutes to 24 hours). */
export const sessionLifetimeSeconds = 60 * 60;

/** What a session is read with: its lines, and its PaymentIntent (when it was paid, whether its debit failed). */
export const sessionExpansions = ['line_items', 'payment_intent'];

/** The line's name on Stripe's page, its receipts and its Dashboard: « Produit (variante) ». */
const lineName = (line: CheckoutToOpen['lines'][number]) => `${line.product_title} (${line.variant_title})`;

/** `success_url`: the shop's return address, plus the session's id as Stripe fills it in. */
function successUrlOf(successUrl: string): string {
  // Not through URLSearchParams, which would encode the braces Stripe looks for.
  return `${successUrl}${successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
}

export function sessionParams(checkout: CheckoutToOpen): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    locale: 'fr',
    line_items: checkout.lines.map((line) => ({
      quantity: line.quantity,
      price_data: { currency: checkout.currency, unit_amount: line.unit_price_cents, product_data: { name: lineName(line), metadata: { variant_id: line.variant_id } } },
    })),
    client_reference_id: checkout.id,
    ...(checkout.buyerEmail ? { customer_email: checkout.buyerEmail } : {}),
    success_url: successUrlOf(checkout.successUrl),
    cancel_url: checkout.cancelUrl,
    expires_at: Math.floor(checkout.pricedAt.getTime() / 1000) + sessionLifetimeSeconds,
    metadata: { checkout_id: checkout.id },
  };
}

/** The id of an object Stripe may answer expanded or not. */
export const idOf = (value: string | { id: string } | null) => (value === null || typeof value === 'string' ? value : value.id);

/** The session's payment, its lines as Stripe lists them (variants from the checkout when it is known). */
export function paymentOfSession(session: Stripe.Checkout.Session, checkout?: PricedCheckout): ProviderPayment | null {
  const paymentIntent = session.payment_intent;
  const paymentIntentId = idOf(paymentIntent);
  if (paymentIntentId === null) return null;
  const paidAt = typeof paymentIntent === 'object' && paymentIntent !== null ? paymentIntent.created : session.created;
  const lines = session.line_items?.data ?? [];
  return {
    id: paymentIntentId,
    reference: paymentIntentId,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    paid_at: new Date(paidAt * 1000).toISOString(),
    total_cents: session.amount_total ?? 0,
    currency: session.currency ?? '',
    lines: lines.map((line, i) => ({
      variant_id: checkout?.items[i]?.variant_id ?? '',
      quantity: line.quantity ?? 0,
      unit_price_cents: line.price?.unit_amount ?? 0,
      title: line.description,
    })),
  };
}

/** Same lines in the same order, same quantities and unit amounts, same total and currency. */
function paysFor(session: Stripe.Checkout.Session, checkout: PricedCheckout): boolean {
  const lines = session.line_items?.data;
  return (
    lines !== undefined &&
    !session.line_items!.has_more &&
    lines.length === checkout.items.length &&
    lines.every((line, i) => line.quantity === checkout.items[i]!.quantity && line.price?.unit_amount === checkout.items[i]!.unit_price_cents && line.currency === checkout.currency) &&
    session.amount_total === checkout.total_amount_cents &&
    session.currency === checkout.currency
  );
}

/** What the session, read with its expansions, says of the checkout's payment. */
export function lookupOfSession(session: Stripe.Checkout.Session, checkout: PricedCheckout): PaymentLookup {
  if (session.client_reference_id !== checkout.id) {
    console.error(`Stripe session ${session.id} is not checkout ${checkout.id}'s (client_reference_id ${session.client_reference_id})`);
    return { status: 'not_found' };
  }
  if (session.status === 'expired') return { status: 'closed' };
  if (session.status !== 'complete') return { status: 'not_found' };
  if (session.payment_status !== 'paid') {
    const intent = session.payment_intent;
    const failed = typeof intent === 'object' && intent !== null && (intent.status === 'requires_payment_method' || intent.status === 'canceled');
    return { status: failed ? 'declined' : 'processing' };
  }
  const payment = paymentOfSession(session, checkout);
  if (!payment || !paysFor(session, checkout)) {
    // Paid, but not what was priced: filed for the administrator as a payment no checkout claims.
    console.error(`Stripe session ${session.id} of checkout ${checkout.id} is paid, but not as priced; left to the administrator`);
    return { status: 'not_found' };
  }
  return { status: 'paid', payment };
}
