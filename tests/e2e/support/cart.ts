// The cart as a visitor uses it: the header's cart button, and the meditation most journeys buy.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Panier \(/ });

/** From the store, opens 'Méditation de la Lumière Intérieure', picks '20 minutes' and adds one. */
export async function addMeditationToCart(page: Page): Promise<void> {
  await page.goto('/store');
  await page.getByRole('article', { name: 'Méditation de la Lumière Intérieure' }).getByRole('link').first().click();
  await expect.poll(() => page.url()).toContain('/product/prod_meditation_lumiere_interieure');
  await page.getByText('20 minutes', { exact: true }).click();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier (1 article)');
}

/** Checks out the cart of a signed-in customer and pays on the sandbox's page, up to the thank-you. */
export async function payForCart(page: Page): Promise<void> {
  await cartButton(page).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Finaliser la Commande' }).click();
  await page.waitForURL(/\/pay\/cs_/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Payer' }).click();
  await page.waitForURL(/\/success\?session_id=cs_/);
  await expect.poll(() => page.getByRole('heading', { name: 'Merci pour votre commande !' }).isVisible(), { timeout: 30_000 }).toBe(true);
}
