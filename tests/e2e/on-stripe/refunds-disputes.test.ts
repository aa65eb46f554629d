// Browser journeys of refunds and disputes when Stripe takes the payments (issue 43). The
// administrator's « Rembourser » refunds through Stripe's API: the form says the avoir is made,
// Stripe holds one refund of the total, the customer's library closes the item (« Ce contenu a
// été remboursé le … ») and the orders page reads « Remboursée » with the avoir. A refund made in
// Stripe's Dashboard reaches the customer the same way, by the webhook. A dispute suspends the
// access (« Litige en cours »); won, the item opens again; lost, it is a refund.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { closeDispute, openDispute, refundInDashboard } from '../../../scripts/stripe-sandbox/sandbox-controls.ts';
import { demoAdmin, signedIn, signUpCustomer, type Account } from '../support/accounts.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { expectMeditationClosed, expectMeditationInLibrary, expectOrderStatus, refundedNote } from '../support/buyer-area.ts';
import { addMeditationToCart } from '../support/cart.ts';
import { openRefundForm } from '../support/refunds.ts';
import { handledByWebhook, payOnStripe, paymentOf, stripeDouble } from '../support/stripe-checkout.ts';

const browser = useBrowser();
const double = stripeDouble();

/** A customer who bought the meditation by card on Stripe and was thanked: their page and the PaymentIntent. */
async function customerWhoPaid(label: string): Promise<{ buyer: Account; customer: Page; paymentId: string }> {
  const buyer = await signUpCustomer(label);
  const customer = await signedIn(browser, buyer);
  await addMeditationToCart(customer);
  const { sessionId } = await payOnStripe(customer, 'card');
  await expect.poll(() => customer.getByRole('heading', { name: 'Merci pour votre commande !' }).isVisible()).toBe(true);
  return { buyer, customer, paymentId: await paymentOf(double, sessionId) };
}

/** Mes Commandes reads « Remboursée » and lists exactly one avoir. */
async function expectRefundedWithOneAvoir(customer: Page): Promise<void> {
  const order = await expectOrderStatus(customer, 'Remboursée');
  expect((await order.textContent())?.match(/Avoir AV-\d{4}-\d{6} du /g)).toHaveLength(1);
}

it('« Rembourser » in the admin area refunds the whole order through Stripe: the avoir, « Remboursée », the library closed', async () => {
  const { buyer, customer, paymentId } = await customerWhoPaid('stripe-remboursement');
  const admin = await signedIn(browser, demoAdmin);
  const { orders, form } = await openRefundForm(admin, buyer);
  await form.getByLabel('Motif').fill('Achat en double');
  await form.getByRole('button', { name: 'Rembourser' }).click();
  await expect.poll(() => form.getByText(/^Rembourser 14,00\s€ \?/).isVisible()).toBe(true);
  await form.getByRole('button', { name: 'Confirmer le remboursement' }).click();
  // Stripe refunds by itself: no « se rembourse dans hPanel », the avoir at once.
  await expect.poll(() => admin.getByText(/^Remboursement enregistré : avoir AV-\d{4}-\d{6}\.$/).first().isVisible()).toBe(true);
  await expect.poll(() => orders.textContent()).toContain('Remboursée');
  expect(await orders.getByRole('form', { name: 'Rembourser la commande' }).count()).toBe(0);
  await screenshot(admin, 'stripe-refund-admin');

  const refunds = await double.stripe.refunds.list({ payment_intent: paymentId });
  expect(refunds.data.map((refund) => [refund.amount, refund.status])).toEqual([[1400, 'succeeded']]);
  // Stripe tells the shop of that refund too: nothing more is recorded.
  await handledByWebhook(double, 'charge.refunded', refunds.data[0]!.charge as string);
  await expectMeditationClosed(customer, refundedNote);
  await screenshot(customer, 'stripe-refund-library');
  await expectRefundedWithOneAvoir(customer);
  await screenshot(customer, 'stripe-refund-orders');
});

it('a refund made in Stripe\'s Dashboard reaches the customer by the webhook: « Remboursée » with its avoir, the library closed', async () => {
  const { customer, paymentId } = await customerWhoPaid('stripe-remboursement-dashboard');
  const refund = await refundInDashboard(double.url, { payment_intent: paymentId });
  await handledByWebhook(double, 'charge.refunded', refund.charge as string);
  await expectRefundedWithOneAvoir(customer);
  await expectMeditationClosed(customer, refundedNote);
});

it('a dispute suspends the access until the bank decides; won, the meditation opens again', async () => {
  const { customer, paymentId } = await customerWhoPaid('stripe-litige-gagne');
  const dispute = await openDispute(double.url, paymentId);
  await handledByWebhook(double, 'charge.dispute.created', dispute.id);
  await expectMeditationClosed(customer, /^Accès suspendu : un litige est en cours\.$/);
  await screenshot(customer, 'stripe-dispute-library');
  await expectOrderStatus(customer, 'Litige en cours');

  await closeDispute(double.url, dispute.id, 'won');
  await handledByWebhook(double, 'charge.dispute.closed', dispute.id);
  await expectOrderStatus(customer, 'Payée');
  const card = await expectMeditationInLibrary(customer);
  expect(await card.getByRole('note').count()).toBe(0);
});

it('a dispute lost is a refund: the library says the meditation was refunded, the orders page « Remboursée » with its avoir', async () => {
  const { customer, paymentId } = await customerWhoPaid('stripe-litige-perdu');
  const dispute = await openDispute(double.url, paymentId);
  await handledByWebhook(double, 'charge.dispute.created', dispute.id);
  await expectOrderStatus(customer, 'Litige en cours');

  await closeDispute(double.url, dispute.id, 'lost');
  await handledByWebhook(double, 'charge.dispute.closed', dispute.id);
  await expectRefundedWithOneAvoir(customer);
  await expectMeditationClosed(customer, refundedNote);
  await screenshot(customer, 'stripe-dispute-lost-library');
});
