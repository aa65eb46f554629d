// Browser journeys of a SEPA debit on Stripe (issue 43): the bank answers days after the buyer is
// back, so /success says « Paiement en cours de traitement », keeps the cart and thanks for nothing
// yet. Once the debit has succeeded and stripe-webhook has recorded the order, « Réessayer »
// thanks for it and the library has the file; once the bank has refused it, « Réessayer » says so
// (« Paiement refusé »), no order is listed, and the cart is still there to pay another way.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { settleDebit } from '../../../scripts/stripe-sandbox/sandbox-controls.ts';
import { signedIn, signUpCustomer, type Account } from '../support/accounts.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { expectMeditationInLibrary, expectOneMeditationOrder, openOrdersFromSidebar, orderCards } from '../support/buyer-area.ts';
import { addMeditationToCart, cartButton } from '../support/cart.ts';
import { handledByWebhook, payOnStripe, paymentOf, stripeDouble } from '../support/stripe-checkout.ts';

const browser = useBrowser();
const double = stripeDouble();
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const cartLabel = (page: Page) => cartButton(page).getAttribute('aria-label');

/** A buyer who pays by SEPA debit, back on /success while the bank has not answered: their page, the session, its PaymentIntent. */
async function debitOnItsWay(label: string): Promise<{ buyer: Account; page: Page; sessionId: string; paymentId: string }> {
  const buyer = await signUpCustomer(label);
  const page = await signedIn(browser, buyer);
  await addMeditationToCart(page);
  const { sessionId } = await payOnStripe(page, 'sepa_debit');
  await expect.poll(() => heading(page, 'Paiement en cours de traitement').isVisible()).toBe(true);
  expect(await page.getByRole('alert').textContent()).toContain('vous n’avez rien à refaire');
  expect(await heading(page, 'Merci pour votre commande !').count()).toBe(0);
  expect(await cartLabel(page)).toBe('Panier, 1 article');
  return { buyer, page, sessionId, paymentId: await paymentOf(double, sessionId) };
}

it('a SEPA debit the bank confirms: « Paiement en cours de traitement », then « Réessayer » thanks for the order, and the library has it', async () => {
  const { page, sessionId, paymentId } = await debitOnItsWay('stripe-sepa');
  await screenshot(page, 'stripe-debit-processing');

  await settleDebit(double.url, paymentId, 'succeeded');
  await handledByWebhook(double, 'checkout.session.async_payment_succeeded', sessionId);
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect.poll(() => heading(page, 'Merci pour votre commande !').isVisible()).toBe(true);
  await expect.poll(() => cartLabel(page)).toBe('Panier, 0 article');
  await expectOneMeditationOrder(await openOrdersFromSidebar(page));
  await expectMeditationInLibrary(page);
});

it('a SEPA debit the bank refuses: « Réessayer » says « Paiement refusé », no order is listed, the cart is kept', async () => {
  const { page, sessionId, paymentId } = await debitOnItsWay('stripe-sepa-refuse');

  await settleDebit(double.url, paymentId, 'failed');
  await handledByWebhook(double, 'checkout.session.async_payment_failed', sessionId);
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect.poll(() => heading(page, 'Paiement refusé').isVisible()).toBe(true);
  expect(await page.getByRole('alert').textContent()).toContain('rien ne vous sera débité');
  expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
  expect(await heading(page, 'Merci pour votre commande !').count()).toBe(0);
  expect(await cartLabel(page)).toBe('Panier, 1 article');
  await screenshot(page, 'stripe-debit-failed');

  await openOrdersFromSidebar(page);
  await expect.poll(() => page.getByText('Aucune commande', { exact: true }).isVisible()).toBe(true);
  expect(await orderCards(page).count()).toBe(0);
  // Back in the shop, the cart still holds the meditation, to be paid another way.
  await page.getByRole('link', { name: 'Découvrir la boutique' }).click();
  await page.waitForURL(/\/store$/);
  await expect.poll(() => cartLabel(page)).toBe('Panier, 1 article');
});
