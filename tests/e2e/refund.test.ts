// Browser journeys of issues 29 and 41: a customer buys two meditations through Hostinger; the
// administrator's « Rembourser » on one line says to refund in hPanel (Hostinger's API cannot); the
// line is refunded there, and at the schedule's next run the customer's library says that item was
// refunded and keeps the other one open, the orders page reads « Partiellement remboursée » and
// offers the avoir, whose PDF carries its own number and the invoice's. An order canceled in hPanel
// ends up « Remboursée », its item closed in the library.
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { cancelInHpanel, refundInHpanel } from '../../scripts/commerce-sandbox/hpanel-controls.ts';
import { client, runScheduledReconciliation, type ShopEnv } from '../support/shop.ts';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, cartButton, payForCart } from './support/cart.ts';
import { openBuyerOrders, openRefundForm } from './support/refunds.ts';

const browser = useBrowser();
const env = process.env as unknown as ShopEnv & { RECONCILE_CHECKOUTS_SECRET: string };
const refunded = 'Méditation de la Gratitude';
const kept = 'Méditation de la Lumière Intérieure';

async function addGratitude(page: Page): Promise<void> {
  await page.goto('/store');
  await page.getByRole('article', { name: refunded }).getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 2 articles');
}

it('refunds one line of a two-line order in hPanel: the library loses it with the French explanation, the orders page shows the avoir', async () => {
  const buyer = await signUpCustomer('remboursement');
  const customer = await signedIn(browser, buyer);
  await addMeditationToCart(customer);
  await addGratitude(customer);
  await payForCart(customer);

  const admin = await signedIn(browser, demoAdmin);
  const { orders, form } = await openRefundForm(admin, buyer);
  await form.getByRole('checkbox', { name: new RegExp(kept) }).uncheck();
  await form.getByLabel('Motif').fill('Achat en double');
  await form.getByRole('button', { name: 'Rembourser' }).click();
  await expect.poll(() => form.getByText(/^Rembourser 7,00\s€ \?/).isVisible()).toBe(true);
  await screenshot(admin, 'refund-confirmation');
  await form.getByRole('button', { name: 'Confirmer le remboursement' }).click();
  const whereToRefund = form.getByRole('alert');
  await expect.poll(() => whereToRefund.textContent()).toMatch(/Ce paiement se rembourse dans hPanel/);
  await screenshot(admin, 'refund-in-hpanel');
  expect(await orders.textContent()).not.toContain('remboursée');

  // In hPanel, the administrator refunds that line; the schedule's next run sees it.
  const service = client(env, env.SUPABASE_SECRET_KEY);
  const { data: checkout } = await service.from('checkout_sessions').select('id').eq('buyer_email', buyer.email).single();
  const { data: paid, error } = await service.from('orders').select('payment_id, order_items(variant_id, product_title)').eq('checkout_session_id', checkout!.id).single();
  expect(error).toBeNull();
  const line = paid!.order_items.find((item: { product_title: string }) => item.product_title === refunded)!;
  await refundInHpanel(env.COMMERCE_API_URL, paid!.payment_id!, { items: [{ variant_id: line.variant_id, quantity: 1 }] });
  await runScheduledReconciliation(env);
  const after = await openBuyerOrders(admin, buyer);
  await expect.poll(() => after.textContent()).toContain('Partiellement remboursée');
  expect(await after.textContent()).toContain(`${refunded} (Standard) · remboursée`);

  await customer.goto('/dashboard/library');
  const refundedCard = customer.getByRole('article', { name: new RegExp(`^${refunded}`) });
  await expect.poll(() => refundedCard.getByRole('note').textContent()).toMatch(/^Ce contenu a été remboursé le \d{1,2} \S+ \d{4}\.$/);
  expect(await refundedCard.getByRole('link', { name: 'Voir' }).count()).toBe(0);
  expect(await refundedCard.getByRole('button', { name: 'Télécharger' }).count()).toBe(0);
  const keptCard = customer.getByRole('article', { name: new RegExp(`^${kept}`) });
  expect(await keptCard.getByRole('link', { name: 'Voir' }).count()).toBe(1);
  await screenshot(customer, 'refund-library');

  await customer.goto('/dashboard/orders');
  const order = customer.getByRole('article', { name: /^Commande du / });
  await expect.poll(() => order.textContent()).toContain('Partiellement remboursée');
  const [, invoiceNumber] = /Facture (FA-\d{4}-\d{6})/.exec((await order.textContent()) ?? '') ?? [];
  const [, creditNoteNumber] = /Avoir (AV-\d{4}-\d{6})/.exec((await order.textContent()) ?? '') ?? [];
  expect(invoiceNumber).toBeTruthy();
  expect(creditNoteNumber).toBeTruthy();
  await screenshot(customer, 'refund-orders');

  const download = customer.waitForEvent('download');
  await order.getByRole('button', { name: `Avoir ${creditNoteNumber}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Avoir ${creditNoteNumber}.pdf`);
  const text = execFileSync('pdftotext', ['-layout', await file.path(), '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
  expect(text).toContain('AVOIR');
  expect(text).toContain(creditNoteNumber);
  expect(text).toContain(invoiceNumber);
  expect(text).toContain(refunded);
  expect(text).not.toContain(kept);
  expect(text).toContain('Motif : Remboursement effectué auprès du service de paiement');
});

it('an order canceled in hPanel is refunded in the shop at the next run: « Remboursée », its item closed in the library', async () => {
  const buyer = await signUpCustomer('annulation');
  const customer = await signedIn(browser, buyer);
  await addMeditationToCart(customer);
  await payForCart(customer);

  const service = client(env, env.SUPABASE_SECRET_KEY);
  const { data: checkout } = await service.from('checkout_sessions').select('id').eq('buyer_email', buyer.email).single();
  const { data: paid } = await service.from('orders').select('payment_id').eq('checkout_session_id', checkout!.id).single();
  await cancelInHpanel(env.COMMERCE_API_URL, paid!.payment_id!);
  await runScheduledReconciliation(env);

  await customer.goto('/dashboard/orders');
  const order = customer.getByRole('article', { name: /^Commande du / });
  await expect.poll(() => order.textContent()).toMatch(/Remboursée/);
  expect(await order.textContent()).toMatch(/Avoir AV-\d{4}-\d{6}/);
  await customer.goto('/dashboard/library');
  const card = customer.getByRole('article', { name: new RegExp(`^${kept}`) });
  await expect.poll(() => card.getByRole('note').textContent()).toMatch(/^Ce contenu a été remboursé le /);
  expect(await card.getByRole('link', { name: 'Voir' }).count()).toBe(0);
  await screenshot(customer, 'refund-canceled-in-hpanel');
});
