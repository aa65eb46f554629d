// The smoke check's reading of the provider's failures: each status Hostinger or Stripe may refuse
// the functions' credential with says what to fix, advised for the provider the error names; a
// success says nothing.
import { expect, it } from 'vitest';
import { providerOfEnvironment, providerProblems, reachCheckName } from './provider-check.ts';

it('passes when the functions reached the provider', () => {
  expect(providerProblems(200, { provider_failed: false }, 'hostinger')).toEqual([]);
  expect(providerProblems(200, { provider_failed: false }, 'stripe')).toEqual([]);
});

it.each([
  ['Hostinger orders list: HTTP 401: Unauthorized (Unauthenticated)', /refuses the token \(401\).*HOSTINGER_API_TOKEN/],
  ['Hostinger orders list: HTTP 403: Forbidden', /may not read this store's orders \(403\)/],
  ['Hostinger orders list: HTTP 404: Not Found (Store not found.)', /knows no store COMMERCE_STORE_ID.*\(404\)/],
  ['Hostinger orders list: unreachable (fetch failed)', /cannot reach the provider: Hostinger orders list: unreachable/],
  [
    'Stripe checkout session: HTTP 401: StripeAuthenticationError: Invalid API Key provided: sk_live_***…1234',
    /^Stripe refuses the functions' key \(401\): set STRIPE_SECRET_KEY .*Developers › API keys.*docs\/deploy\.md#stripe/,
  ],
  ['Stripe checkout session: HTTP 403: StripePermissionError: The provided key does not have the required permissions', /restricted key rk_… .*STRIPE_SECRET_KEY/],
  ['Stripe checkout session: fetch failed', /cannot reach the provider: Stripe checkout session: fetch failed/],
])('names what to fix for %s', (error, fix) => {
  // The error's own provider decides, whatever the operator's environment suggested.
  for (const assumed of ['hostinger', 'stripe'] as const) {
    const problems = providerProblems(200, { provider_failed: true, provider_error: error }, assumed);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(fix);
  }
});

it("advises on the provider the functions' answer names, whatever the error or the environment say", () => {
  expect(providerProblems(200, { provider: 'stripe', provider_failed: true, provider_error: 'HTTP 401' }, 'hostinger')[0]).toMatch(/^Stripe refuses/);
  expect(providerProblems(200, { provider: 'hostinger', provider_failed: true, provider_error: 'Stripe? HTTP 401' }, 'stripe')[0]).toMatch(/HOSTINGER_API_TOKEN/);
});

it('advises on the provider the environment names when neither the answer nor its error names one', () => {
  expect(providerProblems(200, { provider_failed: true, provider_error: 'HTTP 401' }, 'stripe')[0]).toMatch(/STRIPE_SECRET_KEY/);
  expect(providerProblems(200, { provider_failed: true, provider_error: 'HTTP 401' }, 'hostinger')[0]).toMatch(/HOSTINGER_API_TOKEN/);
});

it('says when the job secret itself is refused, or the function fails', () => {
  expect(providerProblems(403, null, 'stripe')[0]).toMatch(/RECONCILE_CHECKOUTS_SECRET/);
  expect(providerProblems(500, null, 'hostinger')).toEqual(['reconcile-checkouts answered 500']);
});

it('takes Stripe for the provider when the operator gives a Stripe secret, and names it in the line', () => {
  expect(providerOfEnvironment({})).toBe('hostinger');
  expect(providerOfEnvironment({ STRIPE_SECRET_KEY: '' })).toBe('hostinger');
  expect(providerOfEnvironment({ STRIPE_SECRET_KEY: 'sk_live_x' })).toBe('stripe');
  expect(providerOfEnvironment({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toBe('stripe');
  expect(reachCheckName('stripe')).toBe("the functions reach Stripe's API with their key");
  expect(reachCheckName('hostinger')).toBe("the functions reach Hostinger's Ecommerce API with their token");
});
