// Browser journey of issue 25: a buyer pays on the payment page and closes the tab before /success
// loads; signing in later, on a new browser, they find the order in Mes Commandes and its file in
// the library (the schedule or the dashboard's own reconciliation recorded it; never /success).
import { it } from 'vitest';
import { signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { expectMeditationInLibrary, expectOneMeditationOrder, openOrdersFromSidebar } from './support/buyer-area.ts';
import { addMeditationToCart, openPaymentPage, payAndCloseTab } from './support/cart.ts';

const browser = useBrowser();

it('pays, closes the tab, signs in later: the order and the library are there', async () => {
  const buyer = await signUpCustomer('onglet-ferme');
  const paying = await signedIn(browser, buyer);
  await addMeditationToCart(paying);
  await openPaymentPage(paying);
  await payAndCloseTab(paying);
  // The whole browser goes: its session, its storage, nothing left to call record-order.
  await paying.context().close();

  const later = await signedIn(browser, buyer);
  await expectOneMeditationOrder(await openOrdersFromSidebar(later));
  await screenshot(later, 'paid-never-returned-orders');
  await expectMeditationInLibrary(later);
  await screenshot(later, 'paid-never-returned-library');
});
