// The smoke check's reading of Stripe, without a network: the key's mode by its prefix, the
// webhook endpoints an account lists, Stripe's refusals of the key, and stripe-webhook's answers to
// a signed, an unsigned and a forged event; each failure says what to fix.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { handledEventTypes } from '../../supabase/functions/stripe-webhook/handled-events.ts';
import { endpointProblems, forgeryProblems, keyKind, keyRefusal, signedEventProblems, smokeEventType, stripeChecks, webhookUrlOf } from './stripe-check.ts';

const webhookUrl = webhookUrlOf('https://ref.supabase.co/');
const endpoint = (overrides: Partial<Stripe.WebhookEndpoint> = {}) => ({ id: 'we_1', url: webhookUrl, status: 'enabled', enabled_events: [...handledEventTypes], ...overrides });

it('tells the key mode by its prefix, and nothing else for what is not a secret key', () => {
  expect(keyKind('sk_test_51Abc')).toBe('test-mode secret key');
  expect(keyKind('sk_live_51Abc')).toBe('live-mode secret key');
  expect(keyKind('rk_test_51Abc')).toBe('test-mode restricted key');
  expect(keyKind('rk_live_51Abc')).toBe('live-mode restricted key');
  expect(keyKind('pk_live_51Abc')).toBeUndefined();
  expect(keyKind('whsec_abc')).toBeUndefined();
});

it('posts an event stripe-webhook does not handle', () => {
  expect(handledEventTypes).not.toContain(smokeEventType);
  expect(webhookUrl).toBe('https://ref.supabase.co/functions/v1/stripe-webhook');
});

describe('the webhook endpoints', () => {
  it('pass with one enabled endpoint at the function, with every handled event or all events', () => {
    expect(endpointProblems([endpoint()], webhookUrl)).toEqual([]);
    expect(endpointProblems([endpoint({ enabled_events: ['*'] }), endpoint({ id: 'we_2', url: 'https://elsewhere.example/hook' })], webhookUrl)).toEqual([]);
  });

  it('name the URL expected and the ones the account has when none is at the function', () => {
    const [problem] = endpointProblems([endpoint({ url: 'https://old.supabase.co/functions/v1/stripe-webhook' })], webhookUrl);
    expect(problem).toMatch(/^no webhook endpoint at https:\/\/ref\.supabase\.co\/functions\/v1\/stripe-webhook .*Add endpoint.*old\.supabase\.co/);
    expect(endpointProblems([], webhookUrl)[0]).not.toMatch(/this account has/);
  });

  it('name the events missing, exactly', () => {
    const [problem] = endpointProblems([endpoint({ enabled_events: handledEventTypes.filter((type) => !type.startsWith('charge.dispute')) })], webhookUrl);
    expect(problem).toBe('the endpoint we_1 does not subscribe to charge.dispute.created, charge.dispute.closed: add them (Developers › Webhooks › the endpoint › Update details)');
  });

  it('say when the endpoint is disabled, or when two are enabled (one secret cannot verify both)', () => {
    expect(endpointProblems([endpoint({ status: 'disabled' })], webhookUrl)[0]).toMatch(/we_1 .* is disabled: enable it/);
    expect(endpointProblems([endpoint(), endpoint({ id: 'we_2' })], webhookUrl)[0]).toMatch(/^2 enabled endpoints .*we_1, we_2.*delete all but one/);
    expect(endpointProblems([endpoint({ status: 'disabled' }), endpoint({ id: 'we_2' })], webhookUrl)).toEqual([]);
  });
});

it("advises where to find the key when Stripe refuses it, and says when Stripe cannot be reached", () => {
  const refused = new Stripe.errors.StripeAuthenticationError({ type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***…1234' });
  expect(keyRefusal(refused, 'https://api.stripe.com')).toMatch(/^Stripe refuses STRIPE_SECRET_KEY \(401\): .*Developers › API keys.*STRIPE_SECRET_KEY \(docs\/deploy\.md#stripe\)/);
  const restricted = new Stripe.errors.StripePermissionError({ type: 'invalid_request_error', message: 'no permission' });
  expect(keyRefusal(restricted, 'https://api.stripe.com')).toMatch(/restricted key .*\(403\)/);
  expect(keyRefusal(new Error('fetch failed'), 'http://127.0.0.1:1')).toBe("Stripe's API at http://127.0.0.1:1 did not answer: fetch failed");
});

describe("stripe-webhook's answers", () => {
  it('to the event signed with the operator secret: 2xx passes, invalid_signature names the secret to set', () => {
    expect(signedEventProblems({ status: 200, code: undefined })).toEqual([]);
    expect(signedEventProblems({ status: 400, code: 'invalid_signature' })[0]).toMatch(/does not hold this signing secret .*set STRIPE_WEBHOOK_SECRET .*whsec_….*docs\/deploy\.md#stripe/);
    expect(signedEventProblems({ status: 404, code: 'not_found' })[0]).toMatch(/not deployed/);
    expect(signedEventProblems({ status: 500, code: 'internal_error' })[0]).toMatch(/failed \(500 internal_error\).*secrets list/);
  });

  it('to an unsigned and a forged event: both refused with invalid_signature, or the function does not verify', () => {
    const refused = { status: 400, code: 'invalid_signature' };
    expect(forgeryProblems(refused, refused)).toEqual([]);
    expect(forgeryProblems({ status: 200, code: undefined }, refused)).toEqual(["stripe-webhook accepted an unsigned event (200): it does not verify Stripe's signature"]);
    expect(forgeryProblems(refused, { status: 400, code: 'invalid_json' })).toEqual(['an event signed with another secret: stripe-webhook answered 400 invalid_json']);
  });
});

it('makes no check, and no request, without a Stripe secret: a note says what to set', async () => {
  const { checks, notes } = await stripeChecks({ supabaseUrl: 'http://127.0.0.1:1' });
  expect(checks).toEqual([]);
  expect(notes).toEqual([expect.stringMatching(/set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/)]);
});
