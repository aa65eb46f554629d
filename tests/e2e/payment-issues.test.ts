// Browser journeys of « Paiements à vérifier » (issue 25): a paid session whose priced lines were
// tampered with is not recorded by the reconciliation but listed for the administrator, who marks
// it handled; a customer cannot reach the page.
import { expect, it } from 'vitest';
import { client, createCheckout, newCustomer, pay, type ShopEnv } from '../support/shop.ts';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';

const browser = useBrowser();
const env = process.env as unknown as ShopEnv & { RECONCILE_CHECKOUTS_SECRET: string };

/** A paid checkout whose priced total no longer matches what the buyer paid; its session id. */
async function tamperedPaidCheckout(): Promise<{ sessionId: string; email: string }> {
  const { supabase, email } = await newCustomer(env, 'paiement-altere');
  const checkout = await createCheckout(env, supabase, [{ variant_id: 'var_souffle_sacre', quantity: 1 }]);
  if (checkout.error) throw checkout.error;
  const sessionId = await pay(checkout.data!.url);
  const service = client(env, env.SUPABASE_SECRET_KEY);
  const { data: priced, error } = await service.from('checkout_sessions').select('items, total_amount_cents').eq('id', sessionId).single();
  if (error) throw error;
  const items = (priced.items as Array<{ unit_price_cents: number }>).map((line) => ({ ...line, unit_price_cents: line.unit_price_cents + 100 }));
  const { error: updateError } = await service.from('checkout_sessions').update({ items, total_amount_cents: priced.total_amount_cents + 100 }).eq('id', sessionId);
  if (updateError) throw updateError;
  return { sessionId, email };
}

/** What the schedule does every minute, now: reconcile-checkouts with the job's own secret. */
async function runScheduledReconciliation(): Promise<void> {
  const response = await fetch(`${env.SUPABASE_URL}/functions/v1/reconcile-checkouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.RECONCILE_CHECKOUTS_SECRET}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ scope: 'all' }),
  });
  if (!response.ok) throw new Error(`reconcile-checkouts: HTTP ${response.status} ${await response.text()}`);
  await response.body?.cancel();
}

it('lists a tampered paid session for the administrator, who marks it handled', async () => {
  const { sessionId, email } = await tamperedPaidCheckout();
  await runScheduledReconciliation();

  const admin = await signedIn(browser, demoAdmin, '/admin/messages');
  await admin.getByRole('link', { name: 'Paiements à vérifier', exact: true }).first().click();
  await admin.waitForURL(/\/admin\/payments$/);
  await expect.poll(() => admin.getByRole('heading', { name: 'Paiements à vérifier', level: 1 }).isVisible()).toBe(true);
  const issue = admin.getByRole('article', { name: sessionId });
  await expect.poll(() => issue.isVisible(), { timeout: 30_000 }).toBe(true);
  // Newest first: the one just filed leads the list.
  expect(await admin.getByRole('article').first().getAttribute('aria-labelledby')).toBe(`payment-issue-${sessionId}`);
  const text = await issue.textContent();
  expect(text).toContain(email);
  expect(text).toContain('Le paiement reçu ne correspond pas à la commande (articles, montant ou devise)');
  expect(text).toMatch(/Montant de la commande\s*\d+,\d\d\s€/);
  expect(text).toMatch(/Montant payé\s*\d+,\d\d\s€/);
  await screenshot(admin, 'admin-payment-issues');

  await issue.getByRole('button', { name: 'Marquer comme traité' }).click();
  await expect.poll(() => issue.getByText(/^Traité le .* par admin@lumiere-sacree\.test$/).isVisible()).toBe(true);
  expect(await issue.getByRole('button').count()).toBe(0);
  await admin.reload();
  await expect.poll(() => admin.getByRole('article', { name: sessionId }).getByText(/^Traité le /).isVisible(), { timeout: 30_000 }).toBe(true);
});

it('keeps a customer out of « Paiements à vérifier »', async () => {
  const page = await signedIn(browser, await signUpCustomer('pas-admin'));
  await page.goto('/admin/payments');
  await page.waitForURL(/\/dashboard$/);
  expect(await page.getByRole('heading', { name: 'Paiements à vérifier' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Paiements à vérifier' }).count()).toBe(0);
});
