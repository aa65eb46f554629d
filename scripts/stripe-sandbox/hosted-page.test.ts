// The hosted Checkout page, as a buyer uses it, and what it makes happen through the API and the
// webhooks: a card payment (the session paid, the redirect with its id, the events listed and
// delivered signed as Stripe signs, which the SDK's constructEventAsync accepts and refuses when
// tampered with), a declined card, SEPA Direct Debit settling later either way, the way back to
// the shop, the terms to accept, and a session that expires at its expires_at.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { advanceClock, expireSessionNow, settleDebit } from './sandbox-controls.ts';
import { buyerEmail, cancelUrl, deliveryOf, line, openSession, startWebhookReceiver, submitPage, useStripeSandbox, type WebhookReceiver } from './test-support.ts';

const fixture = useStripeSandbox();
let receiver: WebhookReceiver;
let secret: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const endpoint = await fixture().stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: ['*'] });
  secret = endpoint.secret!;
});
afterAll(() => receiver.close());

const eventTypesAbout = async (stripe: Stripe, objectIds: string[]) =>
  (await stripe.events.list({ limit: 100 })).data.filter((event) => objectIds.includes((event.data.object as { id: string }).id)).map((event) => event.type);

describe('paying by card', () => {
  it('completes and pays the session, redirects with its id, and sends checkout.session.completed signed', async () => {
    const { stripe } = fixture();
    const session = await openSession(stripe, { line_items: [line('Bougie de méditation', 2900), line('Encens sacré', 1250, 2)] });

    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Bougie de méditation');
    expect(html).toContain('29,00\u00a0€');
    expect(html).toContain('54,00\u00a0€');
    expect(html).toMatch(new RegExp(`value="${buyerEmail}" readonly`));
    expect(html).toContain('value="card"');
    expect(html).toContain('value="sepa_debit"');
    expect(html).toContain('value="card_declined"');
    expect(html).toContain(`href="${cancelUrl}"`);

    const paid = await submitPage(session.url!, 'card');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://shop.test/commande/merci?session_id=${session.id}`);

    const read = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(read).toMatchObject({ status: 'complete', payment_status: 'paid', url: null, customer_details: { email: buyerEmail } });
    const paymentIntent = read.payment_intent as Stripe.PaymentIntent;
    expect(paymentIntent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 5400, amount_received: 5400, currency: 'eur' });
    const charge = await stripe.charges.retrieve(paymentIntent.latest_charge as string);
    expect(charge).toMatchObject({ status: 'succeeded', paid: true, captured: true, amount: 5400, payment_intent: paymentIntent.id, payment_method_details: { type: 'card' } });
    expect(await eventTypesAbout(stripe, [session.id, paymentIntent.id, charge.id])).toEqual([
      'checkout.session.completed',
      'payment_intent.succeeded',
      'charge.succeeded',
      'payment_intent.created',
    ]);

    const delivery = await receiver.waitFor(deliveryOf('checkout.session.completed', session.id));
    expect(delivery.contentType).toBe('application/json; charset=utf-8');
    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = await stripe.webhooks.constructEventAsync(delivery.body, delivery.signature, secret);
    expect(event).toMatchObject({ type: 'checkout.session.completed', api_version: '2022-11-15', livemode: false, data: { object: { id: session.id, payment_status: 'paid' } } });
  });

  it('has its webhooks refused by constructEventAsync when tampered with checked with another secret, or stale', async () => {
    const { stripe } = fixture();
    const session = await openSession(stripe);
    await submitPage(session.url!, 'card');
    const { body, signature } = await receiver.waitFor(deliveryOf('checkout.session.completed', session.id));
    await expect(stripe.webhooks.constructEventAsync(body.replace('"paid"', '"unpaid"'), signature, secret)).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
    await expect(stripe.webhooks.constructEventAsync(body, signature, 'whsec_anotherEndpointsSecret')).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
    const timestamp = Number(/^t=(\d+)/.exec(signature)![1]);
    // Replayed more than five minutes after it was signed: stale (the SDK reads the time from Date.now()).
    const later = vi.spyOn(Date, 'now').mockReturnValue((timestamp + 301) * 1000);
    try {
      await expect(stripe.webhooks.constructEventAsync(body, signature, secret, 300)).rejects.toThrow(/Timestamp outside the tolerance zone/);
    } finally {
      later.mockRestore();
    }
  });

  it('shows a declined card in French and leaves the session open, with no checkout.session event', async () => {
    const { stripe } = fixture();
    const session = await openSession(stripe);
    const declined = await submitPage(session.url!, 'card_declined');
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('Votre carte a été refusée.');
    const read = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(read).toMatchObject({ status: 'open', payment_status: 'unpaid', url: session.url });
    const paymentIntent = read.payment_intent as Stripe.PaymentIntent;
    expect(paymentIntent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } });
    expect(await eventTypesAbout(stripe, [session.id])).toEqual([]);
    expect(await eventTypesAbout(stripe, [paymentIntent.id])).toEqual(['payment_intent.payment_failed', 'payment_intent.created']);

    // Another card then goes through, on the same PaymentIntent.
    expect((await submitPage(session.url!, 'card')).status).toBe(303);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ payment_status: 'paid', payment_intent: paymentIntent.id });
  });
});

describe('paying by SEPA Direct Debit', () => {
  it('completes the session unpaid, then pays it when the debit succeeds', async () => {
    const { stripe, sandbox } = fixture();
    const session = await openSession(stripe);
    const submitted = await submitPage(session.url!, 'sepa_debit');
    expect(submitted.status).toBe(303);
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid', payment_intent: { status: 'processing' } });
    const delivered = await receiver.waitFor(deliveryOf('checkout.session.completed', session.id));
    expect(delivered.event.data.object.payment_status).toBe('unpaid');

    const paymentIntentId = (completed.payment_intent as Stripe.PaymentIntent).id;
    await settleDebit(sandbox.url, paymentIntentId, 'succeeded');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const succeeded = await receiver.waitFor(deliveryOf('checkout.session.async_payment_succeeded', session.id));
    expect(succeeded.event.data.object.payment_status).toBe('paid');
    expect((await stripe.paymentIntents.retrieve(paymentIntentId)).status).toBe('succeeded');
  });

  it('leaves the session unpaid when the debit fails', async () => {
    const { stripe, sandbox } = fixture();
    const session = await openSession(stripe);
    await submitPage(session.url!, 'sepa_debit');
    const paymentIntentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    await settleDebit(sandbox.url, paymentIntentId, 'failed');
    const failed = await receiver.waitFor(deliveryOf('checkout.session.async_payment_failed', session.id));
    expect(failed.event.data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(await stripe.paymentIntents.retrieve(paymentIntentId)).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'insufficient_funds' } });
    await expect(settleDebit(sandbox.url, paymentIntentId, 'succeeded')).rejects.toThrow(/HTTP 400/);
  });

  it('is not offered when the session takes cards only', async () => {
    const { stripe } = fixture();
    const session = await openSession(stripe, { payment_method_types: ['card'] });
    expect(await (await fetch(session.url!)).text()).not.toContain('value="sepa_debit"');
    expect((await submitPage(session.url!, 'sepa_debit')).status).toBe(400);
  });
});

describe('the page', () => {
  it('asks the e-mail when the shop gave none, and the terms when the session requires them', async () => {
    const { stripe } = fixture();
    const session = await openSession(stripe, { customer_email: undefined, consent_collection: { terms_of_service: 'required' } });
    const noEmail = await submitPage(session.url!, 'card', { terms: 'accepted' });
    expect(noEmail.status).toBe(400);
    expect(await noEmail.text()).toContain('Veuillez indiquer une adresse e-mail valide');
    const noTerms = await submitPage(session.url!, 'card', { email: 'paul@example.test' });
    expect(noTerms.status).toBe(400);
    expect(await noTerms.text()).toContain('Veuillez accepter les conditions générales de vente');
    expect((await submitPage(session.url!, 'card', { email: 'paul@example.test', terms: 'accepted' })).status).toBe(303);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      customer_email: null,
      customer_details: { email: 'paul@example.test' },
      consent: { terms_of_service: 'accepted' },
    });
  });

  it('says when a session is paid, expired or unknown', async () => {
    const { stripe, sandbox } = fixture();
    const paid = await openSession(stripe);
    await submitPage(paid.url!, 'card');
    const paidPage = await fetch(paid.url!);
    expect(paidPage.status).toBe(409);
    expect(await paidPage.text()).toContain('Ce paiement a déjà été effectué.');
    expect((await submitPage(paid.url!, 'card')).status).toBe(409);

    const expired = await openSession(stripe);
    await stripe.checkout.sessions.expire(expired.id);
    expect(await (await fetch(expired.url!)).text()).toContain('Cette session de paiement a expiré.');

    const unknown = await fetch(`${sandbox.url}/c/pay/cs_test_nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Ce lien de paiement n’existe pas.');
  });
});

describe('expiry', () => {
  it('comes at expires_at, on the double’s clock, with checkout.session.expired', async () => {
    const { stripe, sandbox } = fixture();
    const session = await openSession(stripe, { expires_at: Math.floor(Date.now() / 1000) + 31 * 60 });
    await advanceClock(sandbox.url, 30 * 60);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    await advanceClock(sandbox.url, 2 * 60);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'expired', url: null });
    const delivery = await receiver.waitFor(deliveryOf('checkout.session.expired', session.id));
    expect(delivery.event).toMatchObject({ request: { id: null, idempotency_key: null } });
    await stripe.webhooks.constructEventAsync(delivery.body, delivery.signature, secret);
  });

  it('comes at once when a test says so', async () => {
    const { stripe, sandbox } = fixture();
    const session = await openSession(stripe);
    expect(await expireSessionNow(sandbox.url, session.id)).toMatchObject({ id: session.id, status: 'expired' });
    await receiver.waitFor(deliveryOf('checkout.session.expired', session.id));
    expect((await submitPage(session.url!, 'card')).status).toBe(409);
  });
});
