// Browser journey of issue 25: a buyer pays on the payment page and closes the tab before /success
// loads; signing in later, on a new browser, they find the order in Mes Commandes and its file in
// the library (the schedule or the dashboard's own reconciliation recorded it; never /success).
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, openPaymentPage, payAndCloseTab } from './support/cart.ts';

const browser = useBrowser();
const sidebarLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).first();

it('pays, closes the tab, signs in later: the order and the library are there', async () => {
  const buyer = await signUpCustomer('onglet-ferme');
  const paying = await signedIn(browser, buyer);
  await addMeditationToCart(paying);
  await openPaymentPage(paying);
  await payAndCloseTab(paying);
  // The whole browser goes: its session, its storage, nothing left to call record-order.
  await paying.context().close();

  const later = await signedIn(browser, buyer);
  await later.goto('/dashboard');
  await sidebarLink(later, 'Mes Commandes').click();
  const order = later.getByRole('article').filter({ has: later.getByRole('heading', { name: /^Commande du / }) });
  await expect.poll(() => order.count(), { timeout: 30_000 }).toBe(1);
  const orderText = await order.textContent();
  expect(orderText).toContain('Méditation de la Lumière Intérieure');
  expect(orderText).toContain('Quantité : 1');
  expect(orderText).toMatch(/14,00\s€/);
  await screenshot(later, 'paid-never-returned-orders');

  await sidebarLink(later, 'Bibliothèque').click();
  const item = later.getByRole('article', { name: 'Méditation de la Lumière Intérieure (20 minutes)' });
  await expect.poll(() => item.isVisible()).toBe(true);
  await expect.poll(() => item.getByRole('button', { name: 'Télécharger' }).isEnabled()).toBe(true);
  await screenshot(later, 'paid-never-returned-library');
});
