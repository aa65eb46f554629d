// Checkout Sessions through the official SDK: created with price_data lines and read back
// expanded, their line items a page at a time, listed and filtered, expired on request; and the
// refusals Stripe makes (expires_at out of range, an unknown parameter, a bad key, an unknown id),
// and the double's own of an API version other than 2022-11-15.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cancelUrl, line, openSession, stripeClient, submitPage, successUrl, useStripeSandbox } from './test-support.ts';

const fixture = useStripeSandbox();
const now = () => Math.floor(Date.now() / 1000);

describe('a Checkout Session', () => {
  it('is created from price_data lines and read back with its lines expanded', async () => {
    const { stripe, sandbox } = fixture();
    const expiresAt = now() + 60 * 60;
    const created = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [line('Bougie de méditation', 2900, 2), line('Encens sacré', 1250)],
      success_url: successUrl,
      cancel_url: cancelUrl,
      client_reference_id: 'order-1042',
      customer_email: 'marie@example.test',
      locale: 'fr',
      expires_at: expiresAt,
      metadata: { order_id: '1042' },
      payment_method_types: ['card'],
    });
    expect(created).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: 7050,
      amount_total: 7050,
      currency: 'eur',
      client_reference_id: 'order-1042',
      customer_email: 'marie@example.test',
      locale: 'fr',
      expires_at: expiresAt,
      metadata: { order_id: '1042' },
      payment_method_types: ['card'],
      payment_intent: null,
      success_url: successUrl,
      cancel_url: cancelUrl,
      livemode: false,
    });
    expect(created.id).toMatch(/^cs_test_/);
    expect(created.url).toBe(`${sandbox.url}/c/pay/${created.id}`);
    expect(created.line_items).toBeUndefined();

    const read = await stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items'] });
    expect(read.line_items).toMatchObject({ object: 'list', has_more: false, url: `/v1/checkout/sessions/${created.id}/line_items` });
    expect(read.line_items!.data.map((item) => [item.description, item.quantity, item.price?.unit_amount, item.amount_total])).toEqual([
      ['Bougie de méditation', 2, 2900, 5800],
      ['Encens sacré', 1, 1250, 1250],
    ]);
    expect(read.line_items!.data[0]!.id).toMatch(/^li_/);
    expect(read.line_items!.data[0]!.price).toMatchObject({ object: 'price', type: 'one_time', currency: 'eur', active: false });
  });

  it('takes card and SEPA Direct Debit when it names no payment method, in euros', async () => {
    const session = await openSession(fixture().stripe);
    expect(session.payment_method_types).toEqual(['card', 'sepa_debit']);
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);
  });

  it('gives its line items a page at a time', async () => {
    const { stripe } = fixture();
    const session = await openSession(stripe, { line_items: [line('Bougie', 900), line('Encens', 500), line('Huile', 1500)] });
    const first = await stripe.checkout.sessions.listLineItems(session.id, { limit: 2 });
    expect(first.data.map((item) => item.description)).toEqual(['Bougie', 'Encens']);
    expect(first.has_more).toBe(true);
    const second = await stripe.checkout.sessions.listLineItems(session.id, { limit: 2, starting_after: first.data[1]!.id });
    expect(second.data.map((item) => item.description)).toEqual(['Huile']);
    expect(second.has_more).toBe(false);
  });

  it('is listed newest first, filtered by payment intent and e-mail', async () => {
    const { stripe } = fixture();
    const older = await openSession(stripe, { client_reference_id: 'older' });
    const paid = await openSession(stripe, { client_reference_id: 'paid', customer_email: 'liste@example.test' });
    expect((await submitPage(paid.url!, 'card')).status).toBe(303);
    const newer = await openSession(stripe, { client_reference_id: 'newer' });
    const ours = (sessions: Stripe.Checkout.Session[]) => sessions.map((session) => session.id).filter((id) => [older.id, paid.id, newer.id].includes(id));

    expect(ours((await stripe.checkout.sessions.list({ limit: 100 })).data)).toEqual([newer.id, paid.id, older.id]);
    const byEmail = await stripe.checkout.sessions.list({ customer_details: { email: 'liste@example.test' } });
    expect(byEmail.data.map((session) => session.id)).toEqual([paid.id]);
    const paymentIntent = (await stripe.checkout.sessions.retrieve(paid.id)).payment_intent as string;
    const byPaymentIntent = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, expand: ['data.line_items'] });
    expect(byPaymentIntent.data.map((session) => [session.id, session.line_items?.data.length])).toEqual([[paid.id, 1]]);
    // Filters API version 2022-11-15 does not have (the SDK's types refuse them too).
    for (const later of [{ status: 'open' }, { created: { gte: 0 } }]) {
      await expect(stripe.checkout.sessions.list(later as Stripe.Checkout.SessionListParams)).rejects.toMatchObject({ code: 'parameter_unknown', param: Object.keys(later)[0] });
    }

    const first = await stripe.checkout.sessions.list({ limit: 2 });
    expect(first.has_more).toBe(true);
    expect(first.data.map((session) => session.id)).toEqual([newer.id, paid.id]);
    const next = await stripe.checkout.sessions.list({ limit: 1, starting_after: first.data[1]!.id });
    expect(next.data.map((session) => session.id)).toEqual([older.id]);
    const back = await stripe.checkout.sessions.list({ limit: 2, ending_before: older.id });
    expect(back.data.map((session) => session.id)).toEqual([newer.id, paid.id]);
  });

  it('expires on request, once, with checkout.session.expired', async () => {
    const { stripe } = fixture();
    const session = await openSession(stripe);
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null, payment_status: 'unpaid' });
    const events = await stripe.events.list({ type: 'checkout.session.expired' });
    const event = events.data.find((candidate) => (candidate.data.object as Stripe.Checkout.Session).id === session.id);
    expect(event?.request?.id).toBe(expired.lastResponse.requestId);
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: 'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `expired`.',
    });
  });
});

describe('what Stripe refuses', () => {
  it('an expires_at less than 30 minutes or more than 24 hours away', async () => {
    const { stripe } = fixture();
    await expect(openSession(stripe, { expires_at: now() + 10 * 60 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'expires_at',
      message: 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
    });
    await expect(openSession(stripe, { expires_at: now() + 25 * 60 * 60 })).rejects.toMatchObject({
      param: 'expires_at',
      message: 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
    });
  });

  it('an unknown parameter, named in full', async () => {
    const { stripe } = fixture();
    await expect(openSession(stripe, { colour: 'violet' } as Partial<Stripe.Checkout.SessionCreateParams>)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'colour',
      message: 'Received unknown parameter: colour',
      raw: { doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown' },
    });
    const nested = { price_data: { currency: 'eur', unit_amount: 900, product_data: { name: 'Bougie', colour: 'violet' } }, quantity: 1 };
    await expect(openSession(stripe, { line_items: [nested as Stripe.Checkout.SessionCreateParams.LineItem] })).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'line_items[0][price_data][product_data][colour]',
    });
  });

  it('a missing or malformed parameter, and a mode the double does not play', async () => {
    const { stripe } = fixture();
    await expect(stripe.checkout.sessions.create({ mode: 'payment', success_url: successUrl })).rejects.toMatchObject({ code: 'parameter_missing', param: 'line_items' });
    await expect(openSession(stripe, { success_url: 'pas une adresse' })).rejects.toMatchObject({ code: 'url_invalid', param: 'success_url' });
    await expect(openSession(stripe, { customer_email: 'marie' })).rejects.toMatchObject({ code: 'email_invalid', param: 'customer_email' });
    await expect(openSession(stripe, { mode: 'subscription' })).rejects.toMatchObject({ code: 'parameter_unknown', param: 'mode' });
  });

  it('any API version but 2022-11-15, the one stripe 12.3.0 sends by default', async () => {
    const { sandbox } = fixture();
    const port = Number(new URL(sandbox.url).port);
    // No apiVersion given: the SDK sends its own, 2022-11-15, and reads it back from the answer.
    const byDefault = new Stripe(sandbox.secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 } as Stripe.StripeConfig);
    expect((await byDefault.checkout.sessions.list()).lastResponse.apiVersion).toBe('2022-11-15');
    const noVersion = await fetch(`${sandbox.url}/v1/checkout/sessions`, { headers: { Authorization: `Bearer ${sandbox.secretKey}` } });
    expect([noVersion.status, noVersion.headers.get('stripe-version')]).toEqual([200, '2022-11-15']);
    await expect(byDefault.checkout.sessions.list({}, { apiVersion: '2023-08-16' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: 'The Stripe sandbox answers in API version 2022-11-15 only; this request asked for 2023-08-16.',
    });
  });

  it('a bad key or none, with Stripe’s 401', async () => {
    const { sandbox } = fixture();
    await expect(stripeClient(sandbox, 'sk_test_notTheKeyAtAll1234').checkout.sessions.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
      message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+1234$/),
    });
    const anonymous = await fetch(`${sandbox.url}/v1/checkout/sessions`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { type: string; message: string } }).error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringMatching(/^You did not provide an API key\./),
    });
  });

  it('an unknown session, and a route Stripe does not have', async () => {
    const { stripe, sandbox } = fixture();
    await expect(stripe.checkout.sessions.retrieve('cs_test_nothing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'session',
      message: "No such checkout.session: 'cs_test_nothing'",
    });
    const unknown = await fetch(`${sandbox.url}/v1/orders`, { headers: { Authorization: `Bearer ${sandbox.secretKey}` } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: expect.stringMatching(/^Unrecognized request URL \(GET: \/v1\/orders\)/) } });
  });
});
