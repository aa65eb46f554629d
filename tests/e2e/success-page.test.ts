// Browser journeys of /success (issue 25, part 3): it thanks only for an order record-order has
// recorded, and says what it knows otherwise: signed out, a made-up session, unpaid, canceled.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, cartButton, openPaymentPage, payAndCloseTab } from './support/cart.ts';

const browser = useBrowser();

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const thankYou = 'Merci pour votre commande !';

it('pays and closes the tab; /success signed out asks to log in, and after the login thanks for the order', async () => {
  const buyer = await signUpCustomer('succes-deconnecte');
  const paying = await signedIn(browser, buyer);
  await addMeditationToCart(paying);
  await openPaymentPage(paying);
  const successPath = await payAndCloseTab(paying);
  expect(successPath).toMatch(/^\/success\?session_id=cs_/);

  // Later, on another device, signed out.
  const page = await browser.open();
  await page.goto(successPath);
  await expect.poll(() => heading(page, 'Connectez-vous pour retrouver votre commande').isVisible()).toBe(true);
  expect(await page.getByText(/reçu/).count()).toBe(0);
  await screenshot(page, 'success-signed-out');

  await page.getByRole('main').getByRole('link', { name: 'Se connecter' }).click();
  await page.waitForURL(/\/login$/);
  await logIn(page, buyer);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === successPath);
  await expect.poll(() => heading(page, thankYou).isVisible(), { timeout: 30_000 }).toBe(true);
  await screenshot(page, 'success-after-login');
});

it('shows « Commande introuvable » for a made-up session, never a thank-you', async () => {
  const page = await signedIn(browser, await signUpCustomer('succes-invente'));
  await page.goto('/success?session_id=cs_invente_de_toutes_pieces');
  await expect.poll(() => heading(page, 'Commande introuvable').isVisible(), { timeout: 30_000 }).toBe(true);
  expect(await heading(page, thankYou).count()).toBe(0);
  expect(await page.getByRole('main').getByRole('link', { name: 'Nous contacter' }).getAttribute('href')).toBe('/contact');
  await screenshot(page, 'success-made-up-session');
});

it('says an unpaid session is not paid, then a canceled one is canceled, keeping the cart', async () => {
  const page = await signedIn(browser, await signUpCustomer('succes-annule'));
  await addMeditationToCart(page);
  const sessionId = await openPaymentPage(page);
  const paymentUrl = page.url();

  await page.goto(`/success?session_id=${sessionId}`);
  await expect.poll(() => heading(page, 'Paiement non finalisé').isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');
  await screenshot(page, 'success-not-paid');

  await page.goto(paymentUrl);
  await page.getByRole('button', { name: 'Annuler' }).click();
  await page.waitForURL(/\/product\//);
  await page.goto(`/success?session_id=${sessionId}`);
  await expect.poll(() => heading(page, 'Paiement annulé').isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');
  await screenshot(page, 'success-canceled');
});
