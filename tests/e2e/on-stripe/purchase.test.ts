// Browser journeys of a purchase when Stripe takes the payments (issue 43): the buyer pays by card
// on Stripe's hosted page, and stripe-webhook has recorded the order before the browser is back
// at the shop; /success then thanks them, Mes Commandes shows the order and the library its file.
// Stripe sending the same event again (its Dashboard's "Resend") adds no second order. A buyer who
// closes the tab at once finds the order and the file when signing in later, on another browser.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { redeliverEvent, deliveryAttempts } from '../../../scripts/stripe-sandbox/sandbox-controls.ts';
import { signedIn, signUpCustomer } from '../support/accounts.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { expectMeditationInLibrary, expectOneMeditationOrder, openOrdersFromSidebar } from '../support/buyer-area.ts';
import { addMeditationToCart, cartButton, openPaymentPage, payAndCloseTab, payWithReturnHeld } from '../support/cart.ts';
import { checkoutOf, handledByWebhook, recordedOrders, stripeDouble, webhookAnswerTo } from '../support/stripe-checkout.ts';
import { stripePayButton } from '../support/payment-page.ts';

const browser = useBrowser();
const double = stripeDouble();
const thankYou = (page: Page) => page.getByRole('heading', { name: 'Merci pour votre commande !' });

it('pays by card on Stripe: the order is recorded before the buyer is back; the thank-you, Mes Commandes, the library; the event sent again adds nothing', async () => {
  const buyer = await signUpCustomer('stripe-carte');
  const page = await signedIn(browser, buyer);
  await addMeditationToCart(page);
  await openPaymentPage(page);
  const summary = page.getByRole('table', { name: 'Votre commande' });
  expect(await summary.textContent()).toContain('Méditation de la Lumière Intérieure (20 minutes)');
  expect(await summary.getByRole('row').last().textContent()).toMatch(/^Total à payer14,00\s€$/);
  await screenshot(page, 'stripe-hosted-page');

  const held = await payWithReturnHeld(page, stripePayButton(page, 'card'));
  const { checkoutId, sessionId } = checkoutOf(held.successPath);
  const completed = await handledByWebhook(double, 'checkout.session.completed', sessionId);
  // Recorded by the webhook itself (not the minute's schedule first, which would make it `already_recorded`);
  // the browser has not reached /success, so record-order was never asked.
  expect(await webhookAnswerTo(double, completed.id)).toEqual({ received: true, outcome: 'recorded' });
  expect(await recordedOrders(checkoutId)).toHaveLength(1);

  await held.goBack();
  await expect.poll(() => thankYou(page).isVisible()).toBe(true);
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 0 article');
  await screenshot(page, 'stripe-thank-you');
  const orders = await openOrdersFromSidebar(page);
  await expectOneMeditationOrder(orders);
  expect(await orders.textContent()).toContain('Payée');
  await expectMeditationInLibrary(page);
  await screenshot(page, 'stripe-library');

  await redeliverEvent(double.url, completed.id, double.webhookEndpointId);
  const redelivered = async () => (await deliveryAttempts(double.url, { event: completed.id, endpoint: double.webhookEndpointId })).filter((attempt) => attempt.redelivery && attempt.delivered).length;
  await expect.poll(redelivered).toBe(1);
  await expectOneMeditationOrder(await openOrdersFromSidebar(page));
  expect(await recordedOrders(checkoutId)).toHaveLength(1);
});

it('pays by card on Stripe and closes the tab; signing in later, on another browser, the order and the library are there', async () => {
  const buyer = await signUpCustomer('stripe-onglet-ferme');
  const paying = await signedIn(browser, buyer);
  await addMeditationToCart(paying);
  await openPaymentPage(paying);
  await payAndCloseTab(paying, stripePayButton(paying, 'card'));
  await paying.context().close();

  const later = await signedIn(browser, buyer);
  await expectOneMeditationOrder(await openOrdersFromSidebar(later));
  await expectMeditationInLibrary(later);
  await screenshot(later, 'stripe-tab-closed-library');
});
