// Browser journey of a product's variants and options on a shop whose catalogue is its own (issue 44,
// deliverable 3), on a site built with VITE_CATALOGUE_SOURCE=shop: the administrator creates a
// product, gives it the option « Format » and a second variant with its value (a missing value
// refused beside its field, nothing typed lost), publishes it, and a visitor chooses either variant
// on its page at its own price. Then a variant of the demo catalogue the demo customer bought
// (scripts/stack/demo-purchase.ts, made here when the stack has not made it) cannot be deleted: the
// page says so before anything happens and retires it; the visitor no longer finds it for sale, and
// once put back it is on sale again, as the other journeys expect it.
import { expect, it } from 'vitest';
import { ensureDemoPurchase } from '../../../scripts/stack/demo-purchase.ts';
import { demoCustomer } from '../../../scripts/stack/demo-accounts.ts';
import { demoAdmin, signedIn } from '../support/accounts.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { variantsStock } from '../support/catalogue.ts';
import { addOption, createDraftProduct } from '../support/shop-products.ts';
import { chooseVariant } from '../support/variant-picker.ts';

const browser = useBrowser();
const title = `Méditation des Saisons ${Date.now().toString(36)}`;

it('creates a product with two variants under one option, which a visitor then chooses between', async () => {
  const admin = await signedIn(browser, demoAdmin, '/admin/products');
  await expect.poll(() => admin.getByRole('article').count()).toBeGreaterThan(1);
  const { card, productId } = await createDraftProduct(admin, title, 'PDF', '14,90');

  // The option's value for the first variant started from its name.
  await addOption(card, title, 'Format');
  const optionSummary = card.getByRole('region', { name: `Options de « ${title} »` }).getByText('Option « Format »');
  await optionSummary.click();
  expect(await card.getByRole('form', { name: 'Option « Format »' }).getByLabel('PDF *').inputValue()).toBe('PDF');
  await optionSummary.click();

  await card.getByText('Ajouter une variante').click();
  const variant = card.getByRole('form', { name: `Nouvelle variante de « ${title} »` });
  await variant.getByLabel('Nom de la variante *').fill('Audio');
  await variant.getByLabel('Prix (€) *').fill('19,90');
  await variant.getByRole('button', { name: 'Ajouter la variante' }).click();
  await expect.poll(() => variant.getByRole('alert').textContent()).toBe('Indiquez la valeur de cette option pour la variante.');
  expect(await variant.getByLabel('Nom de la variante *').inputValue()).toBe('Audio');
  await screenshot(variant, 'admin-variants-missing-value');
  await variant.getByLabel('Format *').fill('Audio');
  await variant.getByRole('button', { name: 'Ajouter la variante' }).click();
  await expect.poll(() => card.getByRole('region', { name: `Variante ${title} (Audio)` }).isVisible()).toBe(true);

  await card.getByRole('button', { name: 'Publier' }).click();
  await expect.poll(() => card.getByText('Publié').isVisible()).toBe(true);
  await screenshot(card, 'admin-variants-two-variants');

  const visitor = await browser.open();
  await visitor.goto(`/product/${productId}`);
  await expect.poll(() => visitor.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true);
  expect(await visitor.getByRole('group', { name: 'Format' }).getByRole('radio').count()).toBe(2);
  expect(await visitor.getByText('14,90 €').first().isVisible()).toBe(true);
  await chooseVariant(visitor, 'Format', 'Audio', '19,90 €');
  await screenshot(visitor, 'admin-variants-visitor-chooses');
  await chooseVariant(visitor, 'Format', 'PDF', '14,90 €');
});

it('retires a sold variant rather than deleting it, gone from the shop until put back', async () => {
  const bought = await ensureDemoPurchase({
    apiUrl: process.env.SUPABASE_URL!,
    anonKey: process.env.SUPABASE_PUBLISHABLE_KEY!,
    siteUrl: process.env.WEB_URL!,
    customer: demoCustomer,
    commerceProvider: process.env.COMMERCE_PROVIDER === 'stripe' ? 'stripe' : 'hostinger',
  });
  expect(bought).not.toBe('signed-out');

  const admin = await signedIn(browser, demoAdmin, '/admin/products');
  const card = admin.getByRole('article', { name: "Rituel de l'Aube" });
  await expect.poll(() => card.isVisible()).toBe(true);
  const section = card.getByRole('region', { name: "Variante Rituel de l'Aube" });
  await section.getByRole('button', { name: 'Retirer ou supprimer…' }).click();
  const confirm = section.getByRole('group', { name: "Retirer ou supprimer Rituel de l'Aube" });
  await expect.poll(() => confirm.textContent()).toMatch(/a déjà été vendue : elle ne peut pas être supprimée/);
  expect(await confirm.getByRole('button', { name: 'Supprimer la variante' }).count()).toBe(0);
  await screenshot(card, 'admin-variants-sold-retire');
  await confirm.getByRole('button', { name: 'Retirer la variante' }).click();
  const retired = card.getByRole('region', { name: 'Variantes retirées' });
  await expect.poll(() => retired.isVisible()).toBe(true);
  expect(await section.count()).toBe(0);

  // Gone from the shop: the storefront's read no longer offers it, and its page cannot sell it. The
  // page is reached from the shop's list, as a visitor goes: the pre-rendered page itself shows the
  // catalogue of the build until the rebuild (or until its data is a minute old).
  const variantsOnSale = async () => (await variantsStock(['prod_rituel_aube'])).map((variant) => variant.id);
  const visitor = await browser.open();
  const openFromStore = async () => {
    await visitor.goto('/store');
    await visitor.getByRole('link', { name: "Rituel de l'Aube", exact: true }).click();
    await expect.poll(() => visitor.getByRole('heading', { name: "Rituel de l'Aube", level: 1 }).isVisible()).toBe(true);
  };
  try {
    expect(await variantsOnSale()).toEqual([]);
    await openFromStore();
    await expect.poll(() => visitor.getByRole('button', { name: 'Indisponible' }).isVisible()).toBe(true);
    expect(await visitor.getByText('39,00 €').count()).toBe(0);
    await screenshot(visitor, 'admin-variants-retired-visitor');
  } finally {
    await retired.getByRole('button', { name: "Remettre en vente Rituel de l'Aube (Standard)" }).click();
    await expect.poll(() => section.isVisible()).toBe(true);
  }
  expect(await variantsOnSale()).toEqual(['var_rituel_aube']);
  await openFromStore();
  await expect.poll(() => visitor.getByRole('button', { name: 'Ajouter au panier' }).isVisible()).toBe(true);
  expect(await visitor.getByText('39,00 €').first().isVisible()).toBe(true);
});
