// Browser journeys while the commerce service fails (issue 7): the storefront shows the §8 texts,
// keeps the cart, and records a paid order once the service is back. The faults are the
// sandbox's own (loopback fault endpoint), set on this file's stack and always reset: the journey
// files on one stack run one at a time (tests/e2e/support/journey-site.ts).
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { FaultMode } from '../../scripts/commerce-sandbox/server.ts';
import { commerceFault, type ShopEnv } from '../support/shop.ts';
import { logIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, cartButton, finaliseOrder } from './support/cart.ts';
import { paymentPage } from './support/payment-page.ts';

const browser = useBrowser();
const env = process.env as unknown as ShopEnv;

async function duringOutage(mode: FaultMode, journey: () => Promise<void>): Promise<void> {
  await commerceFault(env, mode);
  try {
    await journey();
  } finally {
    await commerceFault(env, 'none');
  }
}

const listError = (page: Page) => page.getByRole('alert').filter({ hasText: 'Erreur lors du chargement des produits: ' });

it.each<FaultMode>(['down', 'error', 'garbage'])('shows the §8 texts on the catalogue pages when the commerce service is %s', async (mode) => {
  const page = await browser.open();
  await duringOutage(mode, async () => {
    await page.goto('/store');
    await expect.poll(() => listError(page).isVisible()).toBe(true);
    const text = await listError(page).textContent();
    // The list names the failure: a non-OK answer as "HTTP {status}: {statusText}" (spec §8).
    if (mode === 'error') expect(text).toBe('Erreur lors du chargement des produits: HTTP 500: Internal Server Error');
    else expect(text?.length).toBeGreaterThan('Erreur lors du chargement des produits: '.length);
    await screenshot(page, `outage-${mode}-store`);

    await page.goto('/product/prod_meditation_lumiere_interieure');
    await expect.poll(() => page.getByText('Produit non trouvé').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Ajouter au panier' }).count()).toBe(0);
  });

  // Back up: the same pages show the catalogue again.
  await page.goto('/store');
  await expect.poll(() => page.getByRole('article', { name: 'Méditation de la Lumière Intérieure' }).isVisible()).toBe(true);
});

it('keeps the cart through a failed checkout and records the paid order once the service is back', async () => {
  const account = await signUpCustomer('panne');
  const page = await browser.open();
  await page.goto('/login');
  await logIn(page, account);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await addMeditationToCart(page);
  const cartPage = page.url();

  await duringOutage('down', async () => {
    await cartButton(page).click();
    await finaliseOrder(page);
    await expect.poll(() => page.getByText('Erreur de paiement', { exact: true }).first().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText("Un problème est survenu lors de l'initialisation du paiement. Veuillez réessayer.", { exact: true }).first().isVisible())
      .toBe(true);
    expect(page.url()).toBe(cartPage);
    await screenshot(page, 'outage-checkout');
    // The open panel is modal: the header's badge is read once it is closed.
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer le panier' }).click();
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');
  });

  await cartButton(page).click();
  await finaliseOrder(page);
  await page.waitForURL(/\/pay\/cs_/, { timeout: 30_000 });
  await page.getByLabel('Adresse e-mail').fill(account.email);

  // The payment goes through, but the service cannot confirm it when the buyer comes back.
  await duringOutage('down', async () => {
    await paymentPage.payButton(page).click();
    await page.waitForURL(paymentPage.successAddress);
    await expect
      .poll(() => page.getByText("Impossible d'enregistrer la commande. Veuillez nous contacter.", { exact: true }).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Nous contacter' }).isVisible()).toBe(true);
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');
    await screenshot(page, 'outage-success-page');
  });

  // Once the service answers again, « Réessayer » on the same return page records the order and empties the cart.
  await page.getByRole('main').getByRole('button', { name: 'Réessayer' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Merci pour votre commande !' }).isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 0 article');
  await page.goto('/dashboard/orders');
  const order = page.getByRole('article').filter({ has: page.getByRole('heading', { name: /^Commande du / }) });
  await expect.poll(() => order.count()).toBe(1);
});
