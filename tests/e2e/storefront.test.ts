// Browser journeys of the storefront (issue 5) against the whole local stack: the production
// build, the gateway with its functions, and the payment provider's hosted page (Hostinger's or
// Stripe's double: the journey holds on every shop, tests/e2e/support/journey-sets.ts).
import { expect, it } from 'vitest';
import { newestMailTo } from '../../scripts/stack/auth/test-stack.ts';
import { logIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, cartButton, finaliseOrder } from './support/cart.ts';
import { stockOf } from './support/catalogue.ts';
import { paymentPage } from './support/payment-page.ts';

const browser = useBrowser();

it('browses, buys as a visitor who logs in on the way, pays, and ends with an empty cart', async () => {
  const account = await signUpCustomer('parcours-achat');
  const page = await browser.open();
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Boutique' }).click();
  await expect.poll(() => page.url()).toMatch(/\/store$/);
  await addMeditationToCart(page);

  await cartButton(page).click();
  const panel = page.getByRole('dialog');
  await expect.poll(() => panel.getByText('Panier Spirituel').isVisible()).toBe(true);
  const line = panel.getByRole('listitem', { name: 'Méditation de la Lumière Intérieure (20 minutes)' });
  await expect.poll(() => line.getByRole('button', { name: 'Diminuer la quantité' }).isDisabled()).toBe(true);
  await line.getByRole('button', { name: 'Augmenter la quantité' }).click();
  await line.getByRole('button', { name: 'Augmenter la quantité' }).click();
  await line.getByRole('button', { name: 'Diminuer la quantité' }).click();
  await expect.poll(() => panel.getByText('28,00 €').first().isVisible()).toBe(true);
  // The open panel is modal: the header's badge is read once it is closed.
  await panel.getByRole('button', { name: 'Fermer le panier' }).click();
  await expect.poll(() => panel.isVisible()).toBe(false);
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 2 articles');

  await cartButton(page).click();
  await finaliseOrder(page);
  await expect.poll(() => page.url()).toContain('/login');
  await logIn(page, account);

  // Back from the login, the checkout goes on by itself to the hosted payment page.
  await page.waitForURL(paymentPage.address, { timeout: 30_000 });
  await expect.poll(() => page.getByText('28,00 €').first().isVisible()).toBe(true);
  await paymentPage.fillIn(page, account.email);
  await paymentPage.payButton(page).click();

  await page.waitForURL(paymentPage.successAddress);
  await expect.poll(() => page.getByRole('heading', { name: 'Merci pour votre commande !' }).isVisible(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 0 article');
  await screenshot(page, 'storefront-purchase');
});

it('keeps the cart after a refused payment and a cancelled one', async () => {
  const account = await signUpCustomer('parcours-refus');
  const page = await browser.open();
  await page.goto('/login');
  await logIn(page, account);
  await page.waitForURL(/\/(profile|dashboard)/);
  await addMeditationToCart(page);
  await cartButton(page).click();
  await finaliseOrder(page);
  await page.waitForURL(paymentPage.address, { timeout: 30_000 });

  await paymentPage.declineButton(page).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toContain(paymentPage.declined);
  await screenshot(page, 'storefront-payment-refused');
  await paymentPage.cancelControl(page).click();

  await page.waitForURL(/\/product\/prod_meditation_lumiere_interieure/);
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');
  await screenshot(page, 'storefront-payment-cancelled');
});

it('refuses to add more than the stock with the French message, leaving the cart unchanged', async () => {
  const stock = await stockOf('var_sommeil_profond', 'prod_sommeil_profond');
  expect(stock).toBeGreaterThan(0);
  const page = await browser.open();
  await page.goto('/product/prod_sommeil_profond');
  for (let i = 0; i < stock; i++) await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  const message = `Stock insuffisant pour Méditation du Sommeil Profond (Standard). ${stock} restant(s).`;
  await expect.poll(() => page.getByText(message, { exact: true }).first().isVisible()).toBe(true);
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 0 article');
  await screenshot(page, 'storefront-beyond-stock');
});

it('registers, confirms the address from the mail, then logs in', async () => {
  const email = `inscription-${Date.now()}@example.test`;
  const page = await browser.open();
  await page.goto('/register');
  await page.getByLabel('Nom complet').fill('Élise Moreau');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill('parcours-2026');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect.poll(() => page.getByText('Inscription réussie ! 🎉', { exact: true }).first().isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Vérifiez votre boîte email' }).isVisible()).toBe(true);
  // The mail's link confirms the address (followed in the browser by email-confirmation.test.ts).
  expect((await fetch((await newestMailTo(process.env.SUPABASE_URL!, email)).link, { redirect: 'manual' })).status).toBe(303);

  await page.goto('/login');
  await logIn(page, { email, password: 'parcours-2026', fullName: 'Élise Moreau' });
  await expect.poll(() => page.getByText('Connexion réussie ! 🎉', { exact: true }).first().isVisible()).toBe(true);
  await page.waitForURL(/\/dashboard\/profile/);
  await screenshot(page, 'storefront-register-login');
});

it('sends the contact form and clears it', async () => {
  const page = await browser.open();
  await page.goto('/contact');
  await page.getByLabel('Nom', { exact: true }).fill('Jeanne Leroy');
  await page.getByLabel('Email').fill('jeanne@example.test');
  await page.getByLabel('Sujet').fill('Retraite de printemps');
  await page.getByLabel('Message').fill('Bonjour, quelles sont les dates de la prochaine retraite ?');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect.poll(() => page.getByText('Message envoyé ! ✨', { exact: true }).first().isVisible()).toBe(true);
  await expect.poll(() => page.getByLabel('Sujet').inputValue()).toBe('');
  await screenshot(page, 'storefront-contact');
});

it("shows 'Produit non trouvé' for an unknown product", async () => {
  const page = await browser.open();
  await page.goto('/product/prod_qui_n_existe_pas');
  await expect.poll(() => page.getByText('Produit non trouvé').first().isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('link', { name: /boutique/i }).first().isVisible()).toBe(true);
  await screenshot(page, 'storefront-unknown-product');
});
