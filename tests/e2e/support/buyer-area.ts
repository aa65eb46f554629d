// What a buyer reads of their purchases in their space: the orders of Mes Commandes, and the
// library's card of the meditation most journeys buy, with what it lets them do.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The library's card of 'Méditation de la Lumière Intérieure' bought at '20 minutes' (cart.ts). */
export const meditationCard = (page: Page) => page.getByRole('article', { name: 'Méditation de la Lumière Intérieure (20 minutes)' });

/** The orders of Mes Commandes, each an article headed « Commande du … ». */
export const orderCards = (page: Page) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: /^Commande du / }) });

const sidebarLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).first();

/** From the dashboard's sidebar, Mes Commandes (the dashboard reconciles the buyer's checkouts as it opens). */
export async function openOrdersFromSidebar(page: Page): Promise<Locator> {
  await page.goto('/dashboard');
  await sidebarLink(page, 'Mes Commandes').click();
  return orderCards(page);
}

/** Waits for exactly one order, of the meditation at 14,00 €, on the orders page open. */
export async function expectOneMeditationOrder(orders: Locator): Promise<void> {
  await expect.poll(() => orders.count(), { timeout: 30_000 }).toBe(1);
  const orderText = await orders.textContent();
  expect(orderText).toContain('Méditation de la Lumière Intérieure');
  expect(orderText).toContain('Quantité : 1');
  expect(orderText).toMatch(/14,00\s€/);
}

/** From the sidebar, the library, where the meditation's file downloads: its card. */
export async function expectMeditationInLibrary(page: Page): Promise<Locator> {
  await sidebarLink(page, 'Bibliothèque').click();
  const card = meditationCard(page);
  await expect.poll(() => card.isVisible()).toBe(true);
  await expect.poll(() => card.getByRole('button', { name: 'Télécharger' }).isEnabled()).toBe(true);
  return card;
}

/** The library, where the meditation's card says why it no longer opens (`reason`) and offers nothing to open: its card. */
export async function expectMeditationClosed(page: Page, reason: string | RegExp): Promise<Locator> {
  await page.goto('/dashboard/library');
  const card = meditationCard(page);
  await expect.poll(() => card.getByRole('note').textContent()).toMatch(reason);
  expect(await card.getByRole('button', { name: 'Télécharger' }).count()).toBe(0);
  expect(await card.getByRole('link', { name: 'Voir' }).count()).toBe(0);
  return card;
}

/** « Ce contenu a été remboursé le 26 novembre 2026. » */
export const refundedNote = /^Ce contenu a été remboursé le \d{1,2} \S+ \d{4}\.$/;

/** Mes Commandes, once its one order reads `status` (« Payée », « Remboursée », « Litige en cours »…): that order. */
export async function expectOrderStatus(page: Page, status: string): Promise<Locator> {
  await page.goto('/dashboard/orders');
  const orders = orderCards(page);
  await expect.poll(() => orders.count()).toBe(1);
  await expect.poll(() => orders.textContent()).toContain(status);
  return orders;
}
