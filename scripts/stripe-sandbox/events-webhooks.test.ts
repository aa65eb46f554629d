// Events and webhooks: the endpoints (the secret given once, the refusals of an endpoint off this
// machine or of an event the double never emits), events listed a page at a time and filtered by
// type and creation time, kept 30 days; deliveries to the endpoints subscribed, retried with the
// schedule while the endpoint answers 500, held while it is down, and sent again on request; an
// attempt awaited by a test, made already or to come.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, deliveryAttempts, nextDeliveryAttempt, pauseDeliveries, redeliverEvent, resumeDeliveries } from './sandbox-controls.ts';
import { deliveryOf, openSession, paidSession, startWebhookReceiver, useStripeSandbox, type WebhookReceiver } from './test-support.ts';

const fixture = useStripeSandbox();
let receivers: WebhookReceiver[] = [];

async function receiverWithEndpoint(stripe: Stripe, enabledEvents: Stripe.WebhookEndpointCreateParams.EnabledEvent[] = ['*']) {
  const receiver = await startWebhookReceiver();
  receivers.push(receiver);
  const endpoint = await stripe.webhookEndpoints.create({ url: receiver.url, enabled_events: enabledEvents });
  return { receiver, endpoint };
}

afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  receivers = [];
});

describe('webhook endpoints', () => {
  it('are created with their secret, which only the creation answers, listed, and deleted', async () => {
    const { stripe } = fixture();
    const { endpoint } = await receiverWithEndpoint(stripe, ['checkout.session.completed', 'charge.refunded']);
    expect(endpoint).toMatchObject({ object: 'webhook_endpoint', status: 'enabled', enabled_events: ['checkout.session.completed', 'charge.refunded'], livemode: false });
    expect(endpoint.id).toMatch(/^we_/);
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(await stripe.webhookEndpoints.retrieve(endpoint.id)).not.toHaveProperty('secret');
    const listed = await stripe.webhookEndpoints.list();
    expect(listed.data.map((item) => item.id)).toContain(endpoint.id);
    expect(listed.data.every((item) => item.secret === undefined)).toBe(true);
    expect(await stripe.webhookEndpoints.del(endpoint.id)).toMatchObject({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
    await expect(stripe.webhookEndpoints.retrieve(endpoint.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('must be on this machine and subscribe to events the double emits', async () => {
    const { stripe } = fixture();
    await expect(stripe.webhookEndpoints.create({ url: 'https://shop.example.com/hook', enabled_events: ['*'] })).rejects.toMatchObject({ code: 'url_invalid', param: 'url' });
    await expect(stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:9/hook', enabled_events: ['invoice.paid'] })).rejects.toMatchObject({ param: 'enabled_events[0]' });
  });
});

describe('events', () => {
  it('are listed newest first, a page at a time, by type and creation time', async () => {
    const { stripe, sandbox } = fixture();
    // What came before is an hour older on the double's clock.
    await advanceClock(sandbox.url, 60 * 60);
    const since = (await advanceClock(sandbox.url, 1)).now;
    const sessions = [await paidSession(stripe), await paidSession(stripe), await paidSession(stripe)];
    const completed = await stripe.events.list({ type: 'checkout.session.completed', created: { gte: since } });
    expect(completed.data.map((event) => (event.data.object as Stripe.Checkout.Session).id)).toEqual(sessions.map((session) => session.id).reverse());

    const all = await stripe.events.list({ created: { gte: since }, limit: 100 });
    expect(all.data).toHaveLength(12);
    expect(all.data.every((event) => event.created >= since)).toBe(true);
    const first = await stripe.events.list({ created: { gte: since }, limit: 5 });
    expect(first.has_more).toBe(true);
    const second = await stripe.events.list({ created: { gte: since }, limit: 5, starting_after: first.data.at(-1)!.id });
    const third = await stripe.events.list({ created: { gte: since }, limit: 5, starting_after: second.data.at(-1)!.id });
    expect(third.has_more).toBe(false);
    expect([...first.data, ...second.data, ...third.data].map((event) => event.id)).toEqual(all.data.map((event) => event.id));
    const before = await stripe.events.list({ created: { gte: since }, limit: 5, ending_before: second.data[0]!.id });
    expect(before.data.map((event) => event.id)).toEqual(first.data.map((event) => event.id));

    const charges = await stripe.events.list({ type: 'charge.*', created: { gte: since } });
    expect(new Set(charges.data.map((event) => event.type))).toEqual(new Set(['charge.succeeded']));
    const two = await stripe.events.list({ types: ['payment_intent.created', 'charge.succeeded'], created: { gte: since }, limit: 100 });
    expect(two.data).toHaveLength(6);
    await expect(stripe.events.list({ limit: 101 })).rejects.toMatchObject({ param: 'limit' });
    await expect(stripe.events.list({ starting_after: 'evt_nothing' })).rejects.toMatchObject({ code: 'resource_missing', param: 'starting_after' });
  });

  it('are kept 30 days', async () => {
    const { stripe, sandbox } = fixture();
    await paidSession(stripe);
    const [newest] = (await stripe.events.list({ limit: 1 })).data;
    expect((await stripe.events.retrieve(newest!.id)).id).toBe(newest!.id);
    await advanceClock(sandbox.url, 29 * 24 * 60 * 60);
    expect((await stripe.events.retrieve(newest!.id)).id).toBe(newest!.id);
    await advanceClock(sandbox.url, 2 * 24 * 60 * 60);
    await expect(stripe.events.retrieve(newest!.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', message: `No such event: '${newest!.id}'` });
  });
});

describe('deliveries', () => {
  let receiver: WebhookReceiver;
  let endpoint: Stripe.WebhookEndpoint;
  beforeAll(async () => {
    ({ receiver, endpoint } = await receiverWithEndpoint(fixture().stripe));
  });

  it('go only to the endpoints subscribed to the event', async () => {
    const { stripe } = fixture();
    const { receiver: refundsOnly } = await receiverWithEndpoint(stripe, ['charge.refunded']);
    const session = await paidSession(stripe);
    await receiver.waitFor(deliveryOf('checkout.session.completed', session.id));
    const refund = await stripe.refunds.create({ payment_intent: session.payment_intent as string });
    const delivered = await refundsOnly.waitFor(deliveryOf('charge.refunded', refund.charge as string));
    expect(delivered.event.data.object).toMatchObject({ refunded: true });
    expect(refundsOnly.received.map((delivery) => delivery.event.type)).toEqual(['charge.refunded']);
  });

  it('are retried on the schedule while the endpoint answers 500, then delivered once, each answer kept as the Dashboard shows it', async () => {
    const { stripe, sandbox } = fixture();
    receiver.failNext(2, 500);
    const session = await openSession(stripe);
    await stripe.checkout.sessions.expire(session.id);
    const delivery = await receiver.waitFor(deliveryOf('checkout.session.expired', session.id));
    const attempts = await deliveryAttempts(sandbox.url, { event: delivery.event.id, endpoint: endpoint.id });
    expect(attempts.map(({ attempt, status, response, delivered }) => [attempt, status, response, delivered])).toEqual([
      [1, 500, 'down', false],
      [2, 500, 'down', false],
      [3, 200, 'ok', true],
    ]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(20);
    expect(receiver.received.filter((received) => received.event.id === delivery.event.id)).toHaveLength(1);
    expect((await stripe.events.retrieve(delivery.event.id)).pending_webhooks).toBe(0);
  });

  it('give up once the attempts run out, an endpoint that does not answer included', async () => {
    const { stripe, sandbox } = fixture();
    const gone = await startWebhookReceiver();
    const url = gone.url;
    await gone.close();
    const dead = await stripe.webhookEndpoints.create({ url, enabled_events: ['checkout.session.expired'] });
    const session = await openSession(stripe);
    await stripe.checkout.sessions.expire(session.id);
    const [event] = (await stripe.events.list({ type: 'checkout.session.expired', limit: 1 })).data;
    await expect.poll(async () => (await deliveryAttempts(sandbox.url, { endpoint: dead.id })).length).toBe(4);
    const attempts = await deliveryAttempts(sandbox.url, { endpoint: dead.id });
    expect(attempts.every((attempt) => attempt.status === null && attempt.error !== null && !attempt.delivered)).toBe(true);
    expect((await stripe.events.retrieve(event!.id)).pending_webhooks).toBe(1);
    await stripe.webhookEndpoints.del(dead.id);
  });

  it('wait while the endpoint is down, and go out when it is back', async () => {
    const { stripe, sandbox } = fixture();
    await pauseDeliveries(sandbox.url, endpoint.id);
    const session = await paidSession(stripe);
    const [completed] = (await stripe.events.list({ type: 'checkout.session.completed', limit: 1 })).data;
    expect(await deliveryAttempts(sandbox.url, { event: completed!.id })).toEqual([]);
    expect(completed!.pending_webhooks).toBe(1);
    await resumeDeliveries(sandbox.url, endpoint.id);
    await receiver.waitFor(deliveryOf('checkout.session.completed', session.id));
    await receiver.waitFor(deliveryOf('charge.succeeded', (await stripe.paymentIntents.retrieve(session.payment_intent as string)).latest_charge as string));
  });

  it('can be awaited: the attempt made already, the one to come once the endpoint is back, or null past the wait', async () => {
    const { stripe, sandbox } = fixture();
    await pauseDeliveries(sandbox.url, endpoint.id);
    const session = await openSession(stripe);
    await stripe.checkout.sessions.expire(session.id);
    const [expired] = (await stripe.events.list({ type: 'checkout.session.expired', limit: 1 })).data;
    expect(await nextDeliveryAttempt(sandbox.url, { event: expired!.id, endpoint: endpoint.id }, 50)).toBeNull();
    const awaited = nextDeliveryAttempt(sandbox.url, { event: expired!.id, endpoint: endpoint.id, delivered: true });
    await resumeDeliveries(sandbox.url, endpoint.id);
    const attempt = await awaited;
    expect(attempt).toMatchObject({ event: expired!.id, endpoint: endpoint.id, type: 'checkout.session.expired', status: 200, delivered: true });
    expect(receiver.received.some((delivery) => delivery.event.id === expired!.id)).toBe(true);
    expect(await nextDeliveryAttempt(sandbox.url, { event: expired!.id, endpoint: endpoint.id }, 50)).toEqual(attempt);
    await expect(nextDeliveryAttempt(sandbox.url, { event: expired!.id }, 0)).rejects.toThrow(/timeout_ms/);
  });

  it('are sent again on request, the same event a second time', async () => {
    const { stripe, sandbox } = fixture();
    const session = await paidSession(stripe);
    const first = await receiver.waitFor(deliveryOf('checkout.session.completed', session.id));
    const before = receiver.received.length;
    expect(await redeliverEvent(sandbox.url, first.event.id, endpoint.id)).toEqual({ event: first.event.id, endpoints: [endpoint.id] });
    const again = await receiver.waitFor((delivery) => delivery.event.id === first.event.id && receiver.received.indexOf(delivery) >= before);
    expect(again.body).not.toBe('');
    expect(JSON.parse(again.body)).toMatchObject({ id: first.event.id, type: 'checkout.session.completed' });
    const attempts = await deliveryAttempts(sandbox.url, { event: first.event.id, endpoint: endpoint.id });
    expect(attempts.map(({ redelivery, delivered }) => [redelivery, delivered])).toEqual([
      [false, true],
      [true, true],
    ]);
  });
});
