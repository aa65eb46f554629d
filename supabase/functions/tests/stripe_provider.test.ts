// The Stripe provider against the stack's Stripe double, spoken to only through the official SDK
// (`stripe` 12.3.0, fetch and SubtleCrypto) as the functions configure it. A checkout opens one
// Checkout Session (payment mode, French, lines priced by `price_data`, tied to the shop's checkout
// by `client_reference_id`, for the buyer's e-mail, `{CHECKOUT_SESSION_ID}` beside `checkout=` in
// the return address, expiring in an hour), once per checkout whatever the retries. A session is
// the checkout's payment only when Stripe says it is paid and its lines and amounts are those
// priced; a SEPA debit on its way is `processing`, one that failed or a session expired is
// `closed`; a session of another checkout, another price, or no session at all, `not_found`.
// Refunds go through `POST /v1/refunds` once per request key; refunds made in the Dashboard and
// disputes come back from `GET /v1/events`; a failing Stripe is a CommerceError without the key.
import assert from 'node:assert/strict';
import type { CheckoutToOpen, PricedCheckout } from '../_shared/commerce-provider.ts';
import { CommerceError } from '../_shared/errors.ts';
import { stripeClient } from '../_shared/stripe/client.ts';
import { StripeProvider } from '../_shared/stripe/provider.ts';
import { closeDispute, expireSessionNow, openDispute, refundInDashboard, settleDebit } from '../../../scripts/stripe-sandbox/sandbox-controls.ts';
import { env } from './helpers.ts';
import { payOnStripe, stripe, stripeEnv } from './stripe_sandbox.ts';

const provider = (budget = 60) => new StripeProvider(stripe, budget);
const noneTaken = () => Promise.resolve(new Map<string, string>());
const noneSettled = () => Promise.resolve(new Set<string>());

/** A two-line cart as create-checkout prices it: a teaching twice at 29,00 €, a meditation at 15,00 €. */
function pricedCart(): CheckoutToOpen {
  const id = crypto.randomUUID();
  return {
    id,
    pricedAt: new Date(),
    lines: [
      { variant_id: 'v-eveil-pdf', quantity: 2, unit_price_cents: 2900, product_title: 'L’Éveil du Cœur', variant_title: 'PDF' },
      { variant_id: 'v-souffle-mp3', quantity: 1, unit_price_cents: 1500, product_title: 'Le Souffle Sacré', variant_title: 'Audio' },
    ],
    currency: 'eur',
    buyerEmail: `acheteuse-${id.slice(0, 8)}@example.test`,
    successUrl: `${env.siteUrl}/success?checkout=${id}`,
    cancelUrl: `${env.siteUrl}/store`,
    locale: 'fr-FR',
    timeZone: 'Europe/Paris',
  };
}

interface Opened {
  cart: CheckoutToOpen;
  /** The pending checkout as the shop records it. */
  checkout: PricedCheckout;
  url: string;
}

async function opened(): Promise<Opened> {
  const cart = pricedCart();
  const { url, providerCheckoutId } = await provider().openCheckout(cart);
  assert.ok(providerCheckoutId, 'Stripe answers its session id');
  const items = cart.lines.map(({ variant_id, quantity, unit_price_cents }) => ({ variant_id, quantity, unit_price_cents }));
  const checkout: PricedCheckout = {
    id: cart.id,
    items,
    total_amount_cents: items.reduce((sum, line) => sum + line.quantity * line.unit_price_cents, 0),
    currency: 'eur',
    created_at: new Date().toISOString(),
    buyer_email: cart.buyerEmail,
    provider_checkout_id: providerCheckoutId,
  };
  return { cart, checkout, url };
}

async function lookupOf(checkout: PricedCheckout) {
  return (await provider().findPayments([checkout], noneTaken)).get(checkout.id);
}

async function paid(choice: 'card' | 'sepa_debit' = 'card'): Promise<Opened & { paymentId: string }> {
  const bought = await opened();
  const answer = await payOnStripe(bought.url, choice);
  assert.equal(answer.status, 303, 'the hosted page takes the payment and sends the buyer back');
  const session = await stripe.checkout.sessions.retrieve(bought.checkout.provider_checkout_id!);
  return { ...bought, paymentId: session.payment_intent as string };
}

Deno.test('a checkout opens one Checkout Session as the shop prices it, in French, tied to the shop\'s checkout', async () => {
  const before = Math.floor(Date.now() / 1000);
  const { cart, checkout, url } = await opened();
  const session = await stripe.checkout.sessions.retrieve(checkout.provider_checkout_id!, { expand: ['line_items'] });
  assert.equal(url, session.url);
  assert.equal(session.mode, 'payment');
  assert.equal(session.locale, 'fr');
  assert.equal(session.client_reference_id, cart.id);
  assert.equal(session.customer_email, cart.buyerEmail);
  assert.equal(session.success_url, `${cart.successUrl}&session_id={CHECKOUT_SESSION_ID}`);
  assert.equal(session.cancel_url, cart.cancelUrl);
  assert.deepEqual(session.metadata, { checkout_id: cart.id });
  assert.ok(session.expires_at >= before + 3600 && session.expires_at <= before + 3600 + 60, 'it can be paid for an hour');
  assert.equal(session.consent_collection, null, 'the shop\'s own consent boxes were ticked before: Stripe asks nothing more');
  assert.equal(session.amount_total, 7300);
  assert.deepEqual(
    session.line_items!.data.map((line) => [line.description, line.quantity, line.price?.unit_amount, line.currency]),
    [['L’Éveil du Cœur (PDF)', 2, 2900, 'eur'], ['Le Souffle Sacré (Audio)', 1, 1500, 'eur']],
  );

  // As a retry asks, whenever it comes: the same parameters, the session's expiry (from `pricedAt`) included.
  const again = await provider().openCheckout({ ...cart, lines: cart.lines.map((line) => ({ ...line })) });
  assert.equal(again.providerCheckoutId, checkout.provider_checkout_id, 'the same checkout asked again is the same session (its idempotency key)');
});

Deno.test('a session is the checkout\'s payment once paid by card, and the buyer comes back to both ids', async () => {
  const { checkout, url, cart } = await opened();
  assert.deepEqual(await lookupOf(checkout), { status: 'not_found' }, 'an open session is no payment');
  const answer = await payOnStripe(url, 'card');
  assert.equal(answer.location, `${cart.successUrl}&session_id=${checkout.provider_checkout_id}`);
  const lookup = await lookupOf(checkout);
  assert.equal(lookup?.status, 'paid');
  if (lookup?.status !== 'paid') return;
  assert.match(lookup.payment.id, /^pi_/, 'the payment is the session\'s PaymentIntent');
  assert.equal(lookup.payment.reference, lookup.payment.id);
  assert.equal(lookup.payment.email, cart.buyerEmail);
  assert.equal(lookup.payment.total_cents, 7300);
  assert.equal(lookup.payment.currency, 'eur');
  assert.deepEqual(lookup.payment.lines, [
    { variant_id: 'v-eveil-pdf', quantity: 2, unit_price_cents: 2900, title: 'L’Éveil du Cœur (PDF)' },
    { variant_id: 'v-souffle-mp3', quantity: 1, unit_price_cents: 1500, title: 'Le Souffle Sacré (Audio)' },
  ]);
  assert.ok(Math.abs(Date.parse(lookup.payment.paid_at) - Date.now()) < 60_000);
});

Deno.test('a declined card is no payment; the session stays open to be paid', async () => {
  const { checkout, url } = await opened();
  assert.equal((await payOnStripe(url, 'card_declined')).status, 200);
  assert.deepEqual(await lookupOf(checkout), { status: 'not_found' });
});

Deno.test('a SEPA debit is processing until the bank answers: then paid, or declined when it fails', async () => {
  const succeeding = await paid('sepa_debit');
  assert.deepEqual(await lookupOf(succeeding.checkout), { status: 'processing' }, 'completed, not paid yet');
  await settleDebit(stripeEnv.apiUrl, succeeding.paymentId, 'succeeded');
  assert.equal((await lookupOf(succeeding.checkout))?.status, 'paid');

  const failing = await paid('sepa_debit');
  await settleDebit(stripeEnv.apiUrl, failing.paymentId, 'failed');
  assert.deepEqual(await lookupOf(failing.checkout), { status: 'declined' }, 'a failed debit will never pay');
});

Deno.test('an expired session is closed: it can no longer be paid', async () => {
  const { checkout } = await opened();
  await expireSessionNow(stripeEnv.apiUrl, checkout.provider_checkout_id!);
  assert.deepEqual(await lookupOf(checkout), { status: 'closed' });
});

Deno.test('only the checkout\'s own session, paid as priced, is its payment', async () => {
  const { checkout } = await paid();
  assert.deepEqual(await lookupOf({ ...checkout, items: [{ ...checkout.items[0]!, unit_price_cents: 100 }, checkout.items[1]!], total_amount_cents: 1700 }), { status: 'not_found' }, 'another price');
  assert.deepEqual(await lookupOf({ ...checkout, items: checkout.items.slice(0, 1), total_amount_cents: 5800 }), { status: 'not_found' }, 'other lines');
  assert.deepEqual(await lookupOf({ ...checkout, id: crypto.randomUUID() }), { status: 'not_found' }, 'another checkout\'s session (client_reference_id)');
  assert.deepEqual(await lookupOf({ ...checkout, provider_checkout_id: null }), { status: 'not_found' }, 'a checkout opened without a session');
  assert.deepEqual(await lookupOf({ ...checkout, provider_checkout_id: 'cs_test_a1unknown' }), { status: 'not_found' }, 'a session Stripe does not have');
  const takenByAnother = await provider().findPayments([checkout], (ids) => Promise.resolve(new Map(ids.map((id) => [id, 'another-checkout']))));
  assert.deepEqual(takenByAnother.get(checkout.id), { status: 'not_found' }, 'a payment recorded for another checkout');
  const takenByItself = await provider().findPayments([checkout], (ids) => Promise.resolve(new Map(ids.map((id) => [id, checkout.id]))));
  assert.equal(takenByItself.get(checkout.id)?.status, 'paid', 'recorded for this very checkout meanwhile: still its payment');
});

Deno.test('past the run\'s budget of requests, the younger checkouts wait for the next run', async () => {
  const older = await paid();
  const younger = await paid();
  const found = await provider(1).findPayments([{ ...younger.checkout, created_at: new Date(Date.now() + 1000).toISOString() }, older.checkout], noneTaken);
  assert.equal(found.get(older.checkout.id)?.status, 'paid');
  assert.deepEqual(found.get(younger.checkout.id), { status: 'not_asked' });
});

Deno.test('refunds through POST /v1/refunds: by line amounts, once per request key, refused when nothing is left', async () => {
  const { paymentId } = await paid();
  const stripeProvider = provider();
  const key = crypto.randomUUID();
  const lines = [{ variant_id: 'v-souffle-mp3', amount_cents: 1500 }];
  const first = await stripeProvider.refund(paymentId, { lines, reason: 'Le fichier ne s’ouvre pas', idempotencyKey: key });
  assert.match(first?.id ?? '', /^stripe:re_/, 'a refund id named after the provider');
  assert.deepEqual(first?.lines, lines);
  const retried = await provider().refund(paymentId, { lines: [{ variant_id: 'v-souffle-mp3', amount_cents: 0 }], reason: 'Le fichier ne s’ouvre pas', idempotencyKey: key });
  assert.equal(retried?.id, first?.id, 'a retry, even once the lines are recorded refunded, is answered the same refund');
  const refunds = await stripe.refunds.list({ payment_intent: paymentId });
  assert.deepEqual(refunds.data.map((refund) => [refund.amount, refund.reason, refund.metadata?.request]), [[1500, 'requested_by_customer', key]], 'Stripe made one refund');

  const rest = await stripeProvider.refund(paymentId, { lines: [{ variant_id: 'v-eveil-pdf', amount_cents: 5800 }], reason: 'Commande annulée', idempotencyKey: crypto.randomUUID() });
  assert.ok(rest);
  const refused = await stripeProvider.refund(paymentId, { lines: [{ variant_id: 'v-eveil-pdf', amount_cents: 100 }], reason: 'Encore', idempotencyKey: crypto.randomUUID() });
  assert.equal(refused, null, 'nothing left to refund: Stripe refuses, and the administrator is told');
});

Deno.test('refunds made in the Dashboard and disputes come back from the events, each at its newest state', async () => {
  const since = new Date(Date.now() - 60_000);
  const refunded = await paid();
  await refundInDashboard(stripeEnv.apiUrl, { payment_intent: refunded.paymentId, amount: 1000 });
  await refundInDashboard(stripeEnv.apiUrl, { payment_intent: refunded.paymentId, amount: 500 });
  const won = await paid();
  const wonDispute = await openDispute(stripeEnv.apiUrl, won.paymentId);
  await closeDispute(stripeEnv.apiUrl, wonDispute.id, 'won');
  const lost = await paid();
  const lostDispute = await openDispute(stripeEnv.apiUrl, lost.paymentId);
  await closeDispute(stripeEnv.apiUrl, lostDispute.id, 'lost');
  const open = await paid();
  const openDisputeId = (await openDispute(stripeEnv.apiUrl, open.paymentId)).id;

  const changes = await provider().changesSince(since, noneSettled);
  assert.deepEqual(changes.refunds.find((state) => state.paymentId === refunded.paymentId), { paymentId: refunded.paymentId, refundedCents: 1500, returned: [] }, 'what was given back in all');
  const statusOf = (id: string) => changes.disputes.find((dispute) => dispute.id === id);
  assert.deepEqual(statusOf(wonDispute.id), { id: wonDispute.id, paymentId: won.paymentId, status: 'won' });
  assert.deepEqual(statusOf(lostDispute.id), { id: lostDispute.id, paymentId: lost.paymentId, status: 'lost' });
  assert.deepEqual(statusOf(openDisputeId), { id: openDisputeId, paymentId: open.paymentId, status: 'open' });

  const settled = await provider().changesSince(since, (ids) => Promise.resolve(new Set(ids.filter((id) => id === refunded.paymentId))));
  assert.equal(settled.refunds.some((state) => state.paymentId === refunded.paymentId), false, 'a payment the shop recorded as all given back is not read again');
});

Deno.test('the payments of a window, and one in full by its PaymentIntent', async () => {
  const since = new Date(Date.now() - 60_000);
  const { paymentId, cart } = await paid();
  const listed = (await provider().paymentsSince(since)).find((payment) => payment.id === paymentId);
  assert.equal(listed?.email, cart.buyerEmail);
  assert.equal(listed?.total_cents, 7300);
  const full = await provider().payment(paymentId);
  assert.deepEqual(full?.lines.map((line) => [line.title, line.quantity, line.unit_price_cents]), [['L’Éveil du Cœur (PDF)', 2, 2900], ['Le Souffle Sacré (Audio)', 1, 1500]]);
  assert.equal(await provider().payment('pi_unknown'), null);
});

Deno.test('a Stripe that refuses the key or cannot be reached is a CommerceError that never shows the key', async () => {
  const wrongKey = `sk_test_wrong${crypto.randomUUID().replaceAll('-', '')}`;
  const { checkout } = await opened();
  await assert.rejects(new StripeProvider(stripeClient(wrongKey, stripeEnv.apiUrl), 5).findPayments([checkout], noneTaken), (error: unknown) => {
    assert.ok(error instanceof CommerceError);
    assert.match(error.message, /HTTP 401/);
    assert.ok(!error.message.includes(wrongKey) && !error.message.includes(stripeEnv.secretKey), error.message);
    return true;
  });
  const closed = Deno.listen({ hostname: '127.0.0.1', port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  await assert.rejects(new StripeProvider(stripeClient(stripeEnv.secretKey, `http://127.0.0.1:${port}`), 5).openCheckout(pricedCart()), CommerceError);
});
