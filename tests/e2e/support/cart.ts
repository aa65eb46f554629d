// The cart as a visitor uses it: the header's cart button, and the meditation most journeys buy.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { paymentPage } from './payment-page.ts';

export const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Panier, / });

/** From the store, opens 'Méditation de la Lumière Intérieure', picks '20 minutes' and adds one. */
export async function addMeditationToCart(page: Page): Promise<void> {
  await page.goto('/store');
  await page.getByRole('article', { name: 'Méditation de la Lumière Intérieure' }).getByRole('link').first().click();
  await expect.poll(() => page.url()).toContain('/product/prod_meditation_lumiere_interieure');
  await page.getByText('20 minutes', { exact: true }).click();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');
}

/** In the open cart panel, ticks both consent boxes (the CGV, the immediate access) and clicks 'Finaliser la Commande'. */
export async function finaliseOrder(page: Page): Promise<void> {
  const panel = page.getByRole('dialog');
  await panel.getByRole('checkbox', { name: /j'accepte les conditions générales de vente/ }).check();
  await panel.getByRole('checkbox', { name: /Je demande l'accès immédiat/ }).check();
  await panel.getByRole('button', { name: 'Finaliser la Commande' }).click();
}

/** The e-mail of the customer signed in on this page of the shop, from the session supabase-js keeps. */
async function signedInEmail(page: Page): Promise<string> {
  const email = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (/^sb-.+-auth-token$/.test(key)) return (JSON.parse(localStorage.getItem(key)!) as { user?: { email?: string } }).user?.email ?? null;
    }
    return null;
  });
  if (!email) throw new Error(`no customer signed in on ${page.url()}`);
  return email;
}

/** Checks out the cart from its panel, consent given, up to the payment provider's page. */
export async function checkOutCart(page: Page, address: RegExp = paymentPage.address): Promise<void> {
  await cartButton(page).click();
  await finaliseOrder(page);
  await page.waitForURL(address, { timeout: 30_000 });
}

/**
 * Checks out the cart of a signed-in customer up to the provider's payment page, and fills in
 * what it asks before paying (Hostinger's checkout: the e-mail); answers the customer's e-mail.
 */
export async function openPaymentPage(page: Page): Promise<string> {
  const email = await signedInEmail(page);
  await checkOutCart(page);
  await paymentPage.fillIn(page, email);
  return email;
}

/** Checks out the cart of a signed-in customer and pays on the provider's page, up to the thank-you. */
export async function payForCart(page: Page): Promise<void> {
  await openPaymentPage(page);
  await paymentPage.payButton(page).click();
  await page.waitForURL(paymentPage.successAddress);
  await expect.poll(() => page.getByRole('heading', { name: 'Merci pour votre commande !' }).isVisible(), { timeout: 30_000 }).toBe(true);
}

/** A payment made whose page's answer, the redirect back to the shop, the browser has not had yet. */
export interface HeldReturn {
  /** The path and query of the /success the payment page sends the buyer to. */
  successPath: string;
  /** The browser gets the answer and follows it to /success, as it would have at once. */
  goBack(): Promise<void>;
  /** The browser gets nothing to follow: the buyer has closed the tab. */
  stayAway(): Promise<void>;
}

/**
 * Pays on the open payment page with `button`, the payment page's answer held: the payment goes
 * through, the browser is not sent back to the shop until the journey says (HeldReturn).
 */
export async function payWithReturnHeld(page: Page, button: Locator = paymentPage.payButton(page)): Promise<HeldReturn> {
  let release!: (goBack: boolean) => void;
  const released = new Promise<boolean>((resolve) => (release = resolve));
  let redirected!: (location: string) => void;
  let refused!: (error: Error) => void;
  const redirect = new Promise<string>((resolve, reject) => {
    redirected = resolve;
    refused = reject;
  });
  let answered: Promise<void> | undefined;
  await page.route(/\/pay\/cs_/, (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    answered = (async () => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = response.headers()['location'];
      if (response.status() !== 303 || !location) {
        refused(new Error(`payment answered ${response.status()} ${await response.text()}`));
        return route.fulfill({ response });
      }
      redirected(location);
      await route.fulfill((await released) ? { response } : { status: 204 });
    })();
    return answered;
  });
  await button.click({ noWaitAfter: true });
  const successUrl = new URL(await redirect);
  const successPath = `${successUrl.pathname}${successUrl.search}`;
  return {
    successPath,
    async goBack() {
      release(true);
      await answered;
      await page.waitForURL((url) => `${url.pathname}${url.search}` === successPath);
    },
    async stayAway() {
      release(false);
      await answered;
    },
  };
}

/**
 * Pays on the open payment page (with `button`, else its card that pays) as a buyer who closes the tab
 * at once: the payment goes through, the browser never follows the redirect. The path and query
 * /success would have had.
 */
export async function payAndCloseTab(page: Page, button?: Locator): Promise<string> {
  const held = await payWithReturnHeld(page, button);
  await held.stayAway();
  return held.successPath;
}
