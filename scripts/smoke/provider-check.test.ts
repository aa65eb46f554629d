// The smoke check's reading of the provider's failures: each status Hostinger may refuse a token
// with says what to fix; a success says nothing.
import { expect, it } from 'vitest';
import { providerProblems } from './provider-check.ts';

it('passes when the functions reached the provider', () => {
  expect(providerProblems(200, { provider_failed: false })).toEqual([]);
});

it.each([
  ['Hostinger orders list: HTTP 401: Unauthorized (Unauthenticated)', /refuses the token \(401\).*HOSTINGER_API_TOKEN/],
  ['Hostinger orders list: HTTP 403: Forbidden', /may not read this store's orders \(403\)/],
  ['Hostinger orders list: HTTP 404: Not Found (Store not found.)', /knows no store COMMERCE_STORE_ID.*\(404\)/],
  ['Hostinger orders list: unreachable (fetch failed)', /cannot reach the provider: Hostinger orders list: unreachable/],
])('names what to fix for %s', (error, fix) => {
  const problems = providerProblems(200, { provider_failed: true, provider_error: error });
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(fix);
});

it('says when the job secret itself is refused, or the function fails', () => {
  expect(providerProblems(403, null)[0]).toMatch(/RECONCILE_CHECKOUTS_SECRET/);
  expect(providerProblems(500, null)).toEqual(['reconcile-checkouts answered 500']);
});
