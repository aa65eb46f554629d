// Browser journeys of « Paiements à vérifier » (issues 25 and 41): a buyer pays on Hostinger's page
// under another e-mail than their account's; the schedule cannot match that payment to their
// checkout and files it; the administrator finds it with their checkout among its candidates and
// attaches it by hand, which records the buyer's order. A customer cannot reach the page.
import { expect, it } from 'vitest';
import { client, createCheckout, newCustomer, pay, runScheduledReconciliation, type ShopEnv } from '../support/shop.ts';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';

const browser = useBrowser();
const env = process.env as unknown as ShopEnv & { RECONCILE_CHECKOUTS_SECRET: string };

it('files a payment made under another e-mail; the administrator attaches it to the buyer\'s checkout, which records the order', async () => {
  const { supabase, email } = await newCustomer(env, 'autre-adresse');
  const checkout = await createCheckout(env, supabase, [{ variant_id: 'var_souffle_sacre', quantity: 1 }]);
  if (checkout.error) throw checkout.error;
  const typed = `perso-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const checkoutId = await pay(checkout.data!.url, typed);
  await runScheduledReconciliation(env);
  const service = client(env, env.SUPABASE_SECRET_KEY);
  const { data: filed, error } = await service.from('unmatched_payments').select('payment_id, payment_reference').eq('customer_email', typed).single();
  expect(error).toBeNull();

  const admin = await signedIn(browser, demoAdmin, '/admin/messages');
  await admin.getByRole('link', { name: 'Paiements à vérifier', exact: true }).first().click();
  await admin.waitForURL(/\/admin\/payments$/);
  await expect.poll(() => admin.getByRole('heading', { name: 'Paiements à vérifier', level: 1 }).isVisible()).toBe(true);
  const payment = admin.getByRole('article', { name: `Commande Hostinger n° ${filed!.payment_reference}` });
  await expect.poll(() => payment.isVisible(), { timeout: 30_000 }).toBe(true);
  const text = await payment.textContent();
  expect(text).toContain(typed);
  expect(text).toContain('Le Souffle Sacré');
  const candidate = payment.getByRole('listitem').filter({ hasText: email });
  await expect.poll(() => candidate.getByText('Mêmes articles').isVisible()).toBe(true);
  await screenshot(admin, 'admin-unmatched-payment');

  await candidate.getByRole('button', { name: 'Rattacher à cette commande' }).click();
  await expect.poll(() => candidate.getByText(/^Rattacher la commande Hostinger n° /).isVisible()).toBe(true);
  await candidate.getByRole('button', { name: 'Confirmer' }).click();
  await expect.poll(() => admin.getByText('Paiement rattaché : la commande est enregistrée.').first().isVisible()).toBe(true);
  await expect.poll(() => payment.getByText(new RegExp(`^Rattaché à la commande ${checkoutId.slice(0, 8)} par admin@lumiere-sacree\\.test le `)).isVisible()).toBe(true);
  expect(await payment.getByRole('button').count()).toBe(0);

  const { data: order } = await supabase.from('orders').select('payment_id, order_items(product_title)').eq('checkout_session_id', checkoutId).single();
  expect(order?.payment_id).toBe(filed!.payment_id);
  expect(order?.order_items.map((item) => item.product_title)).toEqual(['Le Souffle Sacré']);
});

it('keeps a customer out of « Paiements à vérifier »', async () => {
  const page = await signedIn(browser, await signUpCustomer('pas-admin'));
  await page.goto('/admin/payments');
  await page.waitForURL(/\/dashboard$/);
  expect(await page.getByRole('heading', { name: 'Paiements à vérifier' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Paiements à vérifier' }).count()).toBe(0);
});
