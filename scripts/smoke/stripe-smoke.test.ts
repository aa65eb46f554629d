// `npm run smoke`'s Stripe lines against a stack of the file's own taking payments through the
// Stripe double, as an operator runs them against a deployment: with the key and the signing
// secret the stack gave its functions every line passes (the endpoint the stack registered found
// with all its events, the signed event taken and nothing written for it, the forged ones refused,
// the reconciliation reaching Stripe with a checkout waiting); a wrong signing secret and a wrong
// key each fail their own line, with the fix.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCheckout, newCustomer, type ShopEnv } from '../../tests/support/shop.ts';
import { withDatabaseClient } from '../lib/file-fixture.ts';
import { testStackRateLimits } from '../stack/auth/rate-limit-settings.ts';
import { startLocalStack, type LocalStack } from '../stack/launch.ts';
import { checkReconciliation } from './provider-check.ts';
import { stripeChecks, stripeSettingsFromEnv } from './stripe-check.ts';

let stack: LocalStack;
let db: pg.Client;

beforeAll(async () => {
  ({ stack, db } = await withDatabaseClient(
    await startLocalStack({ persistent: false, siteUrl: 'http://127.0.0.1:5173', commerceProvider: 'stripe', authRateLimits: testStackRateLimits }),
  ));
}, 180_000);

afterAll(async () => {
  await db?.end();
  await stack?.stop();
}, 60_000);

/** The smoke's Stripe lines with the stack's own settings, `changes` applied. */
const smokeStripe = (changes: Record<string, string> = {}) => stripeChecks(stripeSettingsFromEnv({ ...stack.env, ...changes }, stack.apiUrl));

it('passes every Stripe line with the key and the signing secret the functions hold, and writes nothing for its event', async () => {
  const { checks, notes } = await smokeStripe();
  expect(notes).toEqual([]);
  expect(checks).toEqual([
    {
      name: `Stripe (test-mode secret key) has one endpoint enabled at ${stack.apiUrl}/functions/v1/stripe-webhook with the 7 events it handles`,
      problems: [],
      detail: stack.env.STRIPE_WEBHOOK_ENDPOINT_ID,
    },
    { name: 'stripe-webhook takes an event signed with STRIPE_WEBHOOK_SECRET', problems: [] },
    { name: 'stripe-webhook refuses an unsigned or forged event (400 invalid_signature)', problems: [] },
  ]);
  const claimed = await db.query(`select 1 from private.stripe_webhook_events where id like 'evt_smoke_%'`);
  expect(claimed.rowCount).toBe(0);
});

it('fails the signing secret line, naming the secret to set, when the function holds another', async () => {
  const { checks } = await smokeStripe({ STRIPE_WEBHOOK_SECRET: 'whsec_notTheEndpointsSecret000000000' });
  const line = checks.find((check) => check.name.startsWith('stripe-webhook takes'))!;
  expect(line.problems).toEqual([expect.stringMatching(/^the deployed stripe-webhook does not hold this signing secret \(400 invalid_signature\): set STRIPE_WEBHOOK_SECRET to the endpoint's signing secret, whsec_…/)]);
  expect(checks.filter((check) => check.problems.length > 0)).toHaveLength(1);
});

it('fails the key line, saying where to find the key, when Stripe refuses it', async () => {
  const { checks } = await smokeStripe({ STRIPE_SECRET_KEY: 'sk_test_notTheAccountsKey0000000000' });
  const line = checks.find((check) => check.name.startsWith('Stripe ('))!;
  expect(line.name).toMatch(/^Stripe \(test-mode secret key\)/);
  expect(line.problems).toEqual([expect.stringMatching(/^Stripe refuses STRIPE_SECRET_KEY \(401\): take the secret key from Stripe's Dashboard, Developers › API keys/)]);
  expect(checks.filter((check) => check.problems.length > 0)).toHaveLength(1);
});

it("names Stripe in the reconciliation's line, as the functions' answer does, and reaches the double with a checkout waiting", async () => {
  const env = stack.env as unknown as ShopEnv;
  const buyer = await newCustomer(env, 'smoke-stripe');
  const opened = await createCheckout(env, buyer.supabase, [{ variant_id: 'var_gratitude', quantity: 1 }]);
  expect(opened.error).toBeNull();
  // Told nothing of Stripe (an operator without STRIPE_* set), it still names the provider the functions use.
  const line = await checkReconciliation(stack.apiUrl, stack.publishableKey, stack.env.RECONCILE_CHECKOUTS_SECRET!, 'hostinger');
  expect(line).toEqual({ name: "the functions reach Stripe's API with their key", problems: [] });
});
