// Browser journey of issue 29: a customer buys two meditations; the administrator refunds one line
// from the users page ('Rembourser', the line, a reason, the confirmation naming the amount); the
// customer's library then says that item was refunded and keeps the other one open, the orders
// page reads « Partiellement remboursée » and offers the avoir, whose PDF carries its own number
// and the invoice's.
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, cartButton, payForCart } from './support/cart.ts';
import { openRefundForm } from './support/refunds.ts';

const browser = useBrowser();
const refunded = 'Méditation de la Gratitude';
const kept = 'Méditation de la Lumière Intérieure';

async function addGratitude(page: Page): Promise<void> {
  await page.goto('/store');
  await page.getByRole('article', { name: refunded }).getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 2 articles');
}

it('refunds one line of a two-line order: the library loses it with the French explanation, the orders page shows the avoir', async () => {
  const buyer = await signUpCustomer('remboursement');
  const customer = await signedIn(browser, buyer);
  await addMeditationToCart(customer);
  await addGratitude(customer);
  await payForCart(customer);

  const admin = await signedIn(browser, demoAdmin);
  const { orders, form } = await openRefundForm(admin, buyer);
  await form.getByRole('checkbox', { name: new RegExp(kept) }).uncheck();
  await form.getByLabel('Motif').fill('Achat en double');
  await form.getByRole('button', { name: 'Rembourser' }).click();
  await expect.poll(() => form.getByText(/^Rembourser 7,00\s€ \?/).isVisible()).toBe(true);
  await screenshot(admin, 'refund-confirmation');
  await form.getByRole('button', { name: 'Confirmer le remboursement' }).click();
  await expect.poll(() => orders.textContent()).toContain('Partiellement remboursée');
  expect(await orders.textContent()).toContain(`${refunded} (Standard) · remboursée`);

  await customer.goto('/dashboard/library');
  const refundedCard = customer.getByRole('article', { name: new RegExp(`^${refunded}`) });
  await expect.poll(() => refundedCard.getByRole('note').textContent()).toMatch(/^Ce contenu a été remboursé le \d{1,2} \S+ \d{4}\.$/);
  expect(await refundedCard.getByRole('link', { name: 'Voir' }).count()).toBe(0);
  expect(await refundedCard.getByRole('button', { name: 'Télécharger' }).count()).toBe(0);
  const keptCard = customer.getByRole('article', { name: new RegExp(`^${kept}`) });
  expect(await keptCard.getByRole('link', { name: 'Voir' }).count()).toBe(1);
  await screenshot(customer, 'refund-library');

  await customer.goto('/dashboard/orders');
  const order = customer.getByRole('article', { name: /^Commande du / });
  await expect.poll(() => order.textContent()).toContain('Partiellement remboursée');
  const [, invoiceNumber] = /Facture (FA-\d{4}-\d{6})/.exec((await order.textContent()) ?? '') ?? [];
  const [, creditNoteNumber] = /Avoir (AV-\d{4}-\d{6})/.exec((await order.textContent()) ?? '') ?? [];
  expect(invoiceNumber).toBeTruthy();
  expect(creditNoteNumber).toBeTruthy();
  await screenshot(customer, 'refund-orders');

  const download = customer.waitForEvent('download');
  await order.getByRole('button', { name: `Avoir ${creditNoteNumber}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Avoir ${creditNoteNumber}.pdf`);
  const text = execFileSync('pdftotext', ['-layout', await file.path(), '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
  expect(text).toContain('AVOIR');
  expect(text).toContain(creditNoteNumber);
  expect(text).toContain(invoiceNumber);
  expect(text).toContain(refunded);
  expect(text).not.toContain(kept);
  expect(text).toContain('Motif : Achat en double');
});
