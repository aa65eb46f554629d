// Browser journeys of /success (issue 25, part 3): it thanks only for an order record-order has
// recorded, and says what it knows otherwise: signed out, a made-up checkout, unpaid (left open or
// canceled on the provider's page, which tells the shop neither).
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { client, type ShopEnv } from '../support/shop.ts';
import { logIn, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, cartButton, openPaymentPage, payAndCloseTab } from './support/cart.ts';
import { paymentPage } from './support/payment-page.ts';

const browser = useBrowser();
const env = process.env as unknown as ShopEnv;

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const thankYou = 'Merci pour votre commande !';

it('pays and closes the tab; /success signed out asks to log in, and after the login thanks for the order', async () => {
  const buyer = await signUpCustomer('succes-deconnecte');
  const paying = await signedIn(browser, buyer);
  await addMeditationToCart(paying);
  await openPaymentPage(paying);
  const successPath = await payAndCloseTab(paying);
  expect(successPath).toMatch(paymentPage.successAddress);

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

it('shows « Commande introuvable » for a made-up checkout, never a thank-you', async () => {
  const page = await signedIn(browser, await signUpCustomer('succes-invente'));
  await page.goto(`/success?checkout=${crypto.randomUUID()}`);
  await expect.poll(() => heading(page, 'Commande introuvable').isVisible(), { timeout: 30_000 }).toBe(true);
  expect(await heading(page, thankYou).count()).toBe(0);
  expect(await page.getByRole('main').getByRole('link', { name: 'Nous contacter' }).getAttribute('href')).toBe('/contact');
  await screenshot(page, 'success-made-up-session');
});

it('says an unpaid checkout is not paid, left open or canceled on the payment page, keeping the cart', async () => {
  const buyer = await signUpCustomer('succes-annule');
  const page = await signedIn(browser, buyer);
  await addMeditationToCart(page);
  await openPaymentPage(page);
  const paymentUrl = page.url();
  const { data: checkout, error } = await client(env, env.SUPABASE_SECRET_KEY).from('checkout_sessions').select('id').eq('buyer_email', buyer.email).single();
  expect(error).toBeNull();

  await page.goto(`/success?checkout=${checkout!.id}`);
  await expect.poll(() => heading(page, 'Paiement non finalisé').isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');
  await screenshot(page, 'success-not-paid');

  await page.goto(paymentUrl);
  await paymentPage.cancelControl(page).click();
  await page.waitForURL(/\/product\//);
  await page.goto(`/success?checkout=${checkout!.id}`);
  await expect.poll(() => heading(page, 'Paiement non finalisé').isVisible(), { timeout: 30_000 }).toBe(true);
  expect(await heading(page, thankYou).count()).toBe(0);
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');
});
