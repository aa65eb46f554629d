// Browser journey of issue 14: a customer buys two meditations; on the orders page 'Facture'
// downloads the invoice PDF with that order's number; the mail sandbox's outbox holds the French
// confirmation; 'Recommander' puts the lines back in the cart at today's prices and reports the
// one whose stock has run out since. "Today" is the catalogue's answer as the browser gets it (the
// commerce service's, or the shop's own storefront_products): the real answer, with the gratitude
// meditation repriced and the heart meditation's stock managed and at 0 (the sandbox has no way to
// change either, and selling out a real stock would take it from the other journeys).
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { cartButton, payForCart } from './support/cart.ts';

const browser = useBrowser();
const gratitude = { product: 'prod_gratitude', variant: 'var_gratitude', title: 'Méditation de la Gratitude', todaysSalePrice: 650 };
const soldOut = { variant: 'var_coeur_apaise', title: 'Méditation du Cœur Apaisé' };

async function addFromStore(page: Page, title: string, count: string): Promise<void> {
  await page.goto('/store');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe(count);
}

interface RawVariant {
  id: string;
  sale_price_in_cents: number | null;
  manage_inventory?: boolean;
  inventory_quantity: number | null;
}

/** Today's catalogue as the browser reads it from now on: the real answers, repriced and sold out as above. */
async function changeTodaysCatalogue(page: Page): Promise<void> {
  const today = (variant: RawVariant) => {
    if (variant.id === gratitude.variant) variant.sale_price_in_cents = gratitude.todaysSalePrice;
    if (variant.id === soldOut.variant) Object.assign(variant, { manage_inventory: true, inventory_quantity: 0 });
  };
  await page.route(/\/store\/[^/]+\/(products|variants)\?|\/rest\/v1\/rpc\/storefront_products$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { products?: { variants: RawVariant[] }[]; variants?: RawVariant[] };
    body.products?.forEach((product) => product.variants.forEach(today));
    body.variants?.forEach(today);
    await route.fulfill({ response, json: body });
  });
}

async function mailsTo(email: string): Promise<{ id: string; subject: string }[]> {
  const response = await fetch(`${process.env.MAIL_API_URL}/emails?limit=100`, { headers: { Authorization: `Bearer ${process.env.MAIL_API_KEY}` } });
  const { data } = (await response.json()) as { data: { id: string; to: string[]; subject: string }[] };
  return data.filter((mail) => mail.to.includes(email));
}

it('buys two items, downloads the invoice, finds the confirmation mail, and re-orders at today’s prices without the sold-out line', async () => {
  const buyer = await signUpCustomer('facture');
  // No service worker: the journey's page must see the commerce answers it rewrites, which
  // Playwright cannot intercept once a worker fetches them.
  const page = await signedIn({ open: (options) => browser.open({ ...options, serviceWorkers: 'block' }) }, buyer);
  await addFromStore(page, gratitude.title, 'Panier, 1 article');
  await addFromStore(page, soldOut.title, 'Panier, 2 articles');
  await payForCart(page);

  await page.goto('/dashboard/orders');
  const order = page.getByRole('article', { name: /^Commande du / });
  await expect.poll(() => order.count()).toBe(1);
  const heading = (await order.getByText(/^N° [0-9A-F]{8} · Facture FA-\d{4}-\d{6}$/).textContent()) ?? '';
  const [, reference, invoiceNumber] = /^N° ([0-9A-F]{8}) · Facture (FA-\d{4}-\d{6})$/.exec(heading) ?? [];
  expect(invoiceNumber).toBeTruthy();

  // 'Facture': the PDF, named after its number, holding it and both lines.
  const download = page.waitForEvent('download');
  await order.getByRole('button', { name: 'Facture' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Facture ${invoiceNumber}.pdf`);
  const text = execFileSync('pdftotext', ['-layout', await file.path(), '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
  expect(text).toContain(invoiceNumber);
  expect(text).toContain(`n° ${reference}`);
  expect(text).toContain(gratitude.title);
  expect(text).toContain(soldOut.title);
  expect(text).toContain(buyer.email);
  expect(text).toMatch(/Total\s+19,00 €/);

  // The confirmation, once, in the mail sandbox's outbox.
  const mails = await mailsTo(buyer.email);
  expect(mails.map((mail) => mail.subject)).toEqual([`Votre commande n° ${reference} est confirmée`]);
  const outbox = await browser.open();
  await outbox.goto(process.env.MAIL_API_URL!);
  await expect.poll(() => outbox.getByText(`Votre commande n° ${reference} est confirmée`).first().isVisible()).toBe(true);

  // 'Recommander' at today's prices: the gratitude meditation back in the cart, the sold-out one reported.
  await changeTodaysCatalogue(page);
  await order.getByRole('button', { name: 'Recommander' }).click();
  await page.waitForURL(/\/store$/);
  const panel = page.getByRole('dialog');
  await expect.poll(() => panel.getByText(gratitude.title).isVisible()).toBe(true);
  await expect.poll(() => panel.getByText('6,50 €').first().isVisible()).toBe(true);
  expect(await panel.getByText(soldOut.title).count()).toBe(0);
  await expect
    .poll(() => page.getByText(`Non ajouté(s) : ${soldOut.title} (Standard). Les autres articles sont dans votre panier, aux prix du jour.`).first().isVisible())
    .toBe(true);
  expect(await panel.getByRole('button', { name: 'Retirer' }).count()).toBe(1);
  await screenshot(page, 'reorder-cart');
});

it('lets the administrator fill in the seller’s mentions in Paramètres, refusing a malformed SIRET', async () => {
  const page = await signedIn(browser, demoAdmin);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Paramètres' }).first().click();
  await page.waitForURL(/\/admin\/settings$/);
  const legalForm = page.getByLabel('Forme juridique');
  await expect.poll(() => page.getByLabel('Raison sociale *').inputValue()).toBe('Lumière Sacrée (association fictive de démonstration)');
  const seeded = await legalForm.inputValue();

  await page.getByLabel('SIRET ou SIREN *').fill('1234');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect.poll(() => page.getByText('Le SIRET compte 14 chiffres (ou le SIREN 9).').isVisible()).toBe(true);
  await page.getByLabel('SIRET ou SIREN *').fill('000 000 000 00000');
  await legalForm.fill('Association loi 1901, reconnue fictive');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect.poll(() => page.getByText('Paramètres enregistrés.').first().isVisible()).toBe(true);
  await screenshot(page, 'admin-settings');

  await page.reload();
  await expect.poll(() => legalForm.inputValue()).toBe('Association loi 1901, reconnue fictive');
  await expect.poll(() => page.getByLabel('SIRET ou SIREN *').inputValue()).toBe('00000000000000');
  // The demo's own wording back, for the journeys after this one.
  await legalForm.fill(seeded);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect.poll(() => page.getByText('Paramètres enregistrés.').first().isVisible()).toBe(true);
});
