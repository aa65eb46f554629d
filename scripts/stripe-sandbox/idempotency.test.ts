// Idempotent requests through the SDK's `idempotencyKey`: the same key and parameters answer the
// first answer again (Idempotent-Replayed: true) and do nothing twice; other parameters, or another
// endpoint, are refused with Stripe's idempotency_error; a request refused before it ran is not kept.
import { describe, expect, it } from 'vitest';
import { line, openSession, paidSession, useStripeSandbox } from './test-support.ts';

const fixture = useStripeSandbox();

describe('an idempotency key', () => {
  it('replays the first answer for the same parameters, and makes nothing twice', async () => {
    const { stripe } = fixture();
    const first = await openSession(stripe, {}, { idempotencyKey: 'panier-42' });
    const again = await openSession(stripe, {}, { idempotencyKey: 'panier-42' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(again.lastResponse.headers['original-request']).toBe(first.lastResponse.requestId);
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect((await stripe.checkout.sessions.list({ limit: 100 })).data.filter((session) => session.id === first.id)).toHaveLength(1);
  });

  it('refunds once, however often the refund is sent', async () => {
    const { stripe } = fixture();
    const session = await paidSession(stripe);
    const paymentIntent = session.payment_intent as string;
    const first = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 700 }, { idempotencyKey: 'remboursement-1' });
    const again = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 700 }, { idempotencyKey: 'remboursement-1' });
    expect(again.id).toBe(first.id);
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data).toHaveLength(1);
  });

  it('is refused with other parameters or on another endpoint', async () => {
    const { stripe } = fixture();
    await openSession(stripe, {}, { idempotencyKey: 'panier-43' });
    await expect(openSession(stripe, { line_items: [line('Encens sacré', 1250)] }, { idempotencyKey: 'panier-43' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
      message: "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'panier-43' if you meant to execute a different request.",
    });
    await expect(stripe.refunds.create({ payment_intent: 'pi_nothing' }, { idempotencyKey: 'panier-43' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      message: expect.stringMatching(/^Keys for idempotent requests can only be used for the same endpoint they were first used for/),
    });
  });

  it('keeps an answer refused after the request ran, and forgets one refused before', async () => {
    const { stripe } = fixture();
    await expect(stripe.refunds.create({ payment_intent: 'pi_nothing' }, { idempotencyKey: 'inconnu' })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(stripe.refunds.create({ payment_intent: 'pi_nothing' }, { idempotencyKey: 'inconnu' })).rejects.toMatchObject({
      code: 'resource_missing',
      headers: { 'idempotent-replayed': 'true' },
    });

    await expect(openSession(stripe, { expires_at: 1 }, { idempotencyKey: 'trop-tot' })).rejects.toMatchObject({ param: 'expires_at' });
    const corrected = await openSession(stripe, { expires_at: Math.floor(Date.now() / 1000) + 3600 }, { idempotencyKey: 'trop-tot' });
    expect(corrected.status).toBe('open');
  });
});
