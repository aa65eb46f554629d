// The check every answer and webhook goes through (answer-check.ts over openapi/schemas.ts): the
// objects the double builds pass it, a deliberately wrong one is caught, and a wrong answer becomes
// a loud 500 that the SDK raises, with the problems in its message, instead of reaching the shop.
import { createServer } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checked, checkedList, SchemaDrift } from './answer-check.ts';
import { route, serveApi } from './api.ts';
import { EventLog, noRequest } from './events.ts';
import { newCharge, newCheckoutSession, newLineItem, newPaymentIntent } from './objects.ts';
import { SandboxState } from './state.ts';
import { stripeClient } from './test-support.ts';
import { listen } from '../lib/listen.ts';

const now = 1_800_000_000;
const lineItem = newLineItem({ currency: 'eur', unitAmount: 2900, quantity: 1, productName: 'Bougie' }, now);
const session = newCheckoutSession(
  {
    lineItems: [lineItem],
    currency: 'eur',
    successUrl: 'http://shop.test/merci',
    cancelUrl: null,
    clientReferenceId: null,
    customerEmail: null,
    locale: null,
    expiresAt: now + 3600,
    metadata: {},
    paymentMethodTypes: ['card'],
    consentCollection: null,
  },
  now,
  (id) => `http://127.0.0.1/c/pay/${id}`,
);
const charge = newCharge(newPaymentIntent(session, now), 'card', 'a@b.test', now);

describe('the check', () => {
  it('passes the objects the double builds', () => {
    expect(checked('checkout.session', session)).toBe(session);
    expect(checked('item', lineItem)).toBe(lineItem);
    expect(checked('charge', charge)).toBe(charge);
    expect(checkedList('GET /v1/checkout/sessions', { object: 'list', data: [session], has_more: false, url: '/v1/checkout/sessions' })).toBeDefined();
  });

  it('catches a wrong value, a missing property and one Stripe does not document', () => {
    const wrong = { ...charge, status: 'paid', amount: undefined, ui_mode: 'hosted' };
    let drift: unknown;
    try {
      checked('charge', wrong);
    } catch (error) {
      drift = error;
    }
    expect(drift).toBeInstanceOf(SchemaDrift);
    const { problems } = drift as SchemaDrift;
    // One problem a line, each naming the property (the wording is the validator's).
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/\bamount\b/), expect.stringMatching(/\bui_mode\b/), expect.stringMatching(/\/status\b/)]));
    expect(problems).toHaveLength(3);
    expect(() => checkedList('GET /v1/events', { object: 'list', data: [{}], has_more: false, url: '/v1/events' })).toThrow(SchemaDrift);
  });

  it('stops a webhook event whose object drifts before it is kept or sent', () => {
    const log = new EventLog();
    expect(() => log.record('charge.succeeded', { ...charge, paid: 'yes' } as unknown as typeof charge, now, noRequest, 0)).toThrow(/\/paid\b/);
    expect(log.newestFirst()).toEqual([]);
  });
});

describe('an answer that drifts', () => {
  const secretKey = 'sk_test_driftCheck';
  const state = new SandboxState({ retryDelaysMs: [], timeoutMs: 1000 });
  const routes = [route('GET', '/v1/refunds/{id}', ({ id }) => ({ body: { id, object: 'refund', amount: 'beaucoup' }, schema: 'refund' }))];
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://sandbox');
    void serveApi(req, res, url.pathname, url.search.slice(1), { state, secretKey, routes });
  });
  let stripe: Stripe;
  beforeAll(async () => {
    const url = await listen(server, 0);
    stripe = stripeClient({ url, secretKey, close: async () => undefined });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('is a 500 with the problems in its message, and the console says why', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    try {
      await expect(stripe.refunds.retrieve('re_drift')).rejects.toMatchObject({
        type: 'StripeAPIError',
        statusCode: 500,
        message: expect.stringMatching(/^the Stripe sandbox built a refund that Stripe's published schema refuses: (?=.*\bcreated\b)(?=.*\/amount\b)/),
      });
      expect(console).toHaveBeenCalledWith(expect.stringMatching(/^\[stripe-sandbox\] the Stripe sandbox built a refund/));
    } finally {
      console.mockRestore();
    }
  });
});
