// Browser journey of the shop's webhook down while Stripe takes a payment (issue 43): the buyer
// pays on Stripe's page and closes the tab, so neither the webhook nor /success records the order;
// the schedule's next run reads the session at Stripe and does, and the buyer, signing in later,
// finds the order and the file. When the webhook is back, Stripe's late deliveries add nothing.
import { expect, it } from 'vitest';
import { pauseDeliveries, resumeDeliveries } from '../../../scripts/stripe-sandbox/sandbox-controls.ts';
import { runScheduledReconciliation, type ShopEnv } from '../../support/shop.ts';
import { signedIn, signUpCustomer } from '../support/accounts.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { expectMeditationInLibrary, expectOneMeditationOrder, openOrdersFromSidebar } from '../support/buyer-area.ts';
import { addMeditationToCart, openPaymentPage, payAndCloseTab } from '../support/cart.ts';
import { checkoutOf, handledByWebhook, recordedOrders, stripeDouble } from '../support/stripe-checkout.ts';
import { stripePayButton } from '../support/payment-page.ts';

const browser = useBrowser();
const double = stripeDouble();
const env = process.env as unknown as ShopEnv & { RECONCILE_CHECKOUTS_SECRET: string };

it('the webhook down: the buyer pays and closes the tab, the schedule records the order, the buyer finds it; the late deliveries add nothing', async () => {
  const buyer = await signUpCustomer('stripe-webhook-coupe');
  const paying = await signedIn(browser, buyer);
  await addMeditationToCart(paying);
  await openPaymentPage(paying);
  await pauseDeliveries(double.url, double.webhookEndpointId);
  let checkout: { checkoutId: string; sessionId: string };
  try {
    checkout = checkoutOf(await payAndCloseTab(paying, stripePayButton(paying, 'card')));
    await paying.context().close();
    expect(await recordedOrders(checkout.checkoutId)).toEqual([]);
    await runScheduledReconciliation(env);
    expect(await recordedOrders(checkout.checkoutId)).toHaveLength(1);
  } finally {
    await resumeDeliveries(double.url, double.webhookEndpointId);
  }
  const later = await signedIn(browser, buyer);
  await expectOneMeditationOrder(await openOrdersFromSidebar(later));
  await screenshot(later, 'stripe-webhook-down-orders');
  await expectMeditationInLibrary(later);

  // Stripe's deliveries, held while the webhook was down, reach it now: the order is there already.
  await handledByWebhook(double, 'checkout.session.completed', checkout.sessionId);
  expect(await recordedOrders(checkout.checkoutId)).toHaveLength(1);
  await expectOneMeditationOrder(await openOrdersFromSidebar(later));
});
