// Browser journey of the products page on a shop whose catalogue is its own (issue 44,
// deliverable 3), on a site built with VITE_CATALOGUE_SOURCE=shop (scripts/test.ts starts one):
// the administrator creates a product, a wrong price refused beside its field and nothing typed
// lost, moves it up, publishes it and puts it on sale; a visitor then finds it on its page at the
// price the administrator typed, struck through beside the sale price.
import { expect, it } from 'vitest';
import { demoAdmin, signedIn } from '../support/accounts.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { listedTitles } from '../support/shop-products.ts';

const browser = useBrowser();
const title = `Méditation du Soir ${Date.now().toString(36)}`;

it('creates, reorders, publishes and prices a product that a visitor then finds on its page', async () => {
  const admin = await signedIn(browser, demoAdmin, '/admin/products');
  await expect.poll(() => admin.getByRole('heading', { name: 'Produits', level: 1 }).isVisible()).toBe(true);
  await expect.poll(() => admin.getByRole('article').count()).toBeGreaterThan(1);
  // The shop's own catalogue: no link to the commerce service's prices.
  expect(await admin.getByRole('link', { name: /service de commerce/ }).count()).toBe(0);

  await admin.getByRole('button', { name: 'Ajouter un produit' }).click();
  const form = admin.getByRole('form', { name: 'Nouveau produit' });
  await form.getByLabel('Titre *').fill(title);
  await form.getByLabel('Sous-titre').fill('Vingt minutes pour se poser');
  await form.getByLabel('Nom de la variante *').fill('Audio');
  await form.getByLabel('Prix (€) *').fill('14,905');
  await form.getByRole('button', { name: 'Créer le produit' }).click();
  await expect.poll(() => form.getByRole('alert').textContent()).toBe('Indiquez un prix en euros, par exemple 14,90.');
  expect(await form.getByLabel('Titre *').inputValue()).toBe(title);
  await form.getByLabel('Prix (€) *').fill('14,90');
  await form.getByRole('button', { name: 'Créer le produit' }).click();

  const card = admin.getByRole('article', { name: title });
  await expect.poll(() => card.getByText('Brouillon').isVisible()).toBe(true);
  const heading = card.getByRole('heading', { name: title, level: 2 });
  await expect.poll(() => heading.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
  expect(await card.getByText('14,90 €').isVisible()).toBe(true);
  const productId = (await card.getAttribute('aria-labelledby'))!.replace(/^product-/, '');

  // Created last, moved one place up.
  expect((await listedTitles(admin)).at(-1)).toBe(title);
  await card.getByRole('button', { name: `Monter « ${title} »` }).click();
  await expect.poll(async () => (await listedTitles(admin)).at(-2)).toBe(title);

  await card.getByRole('button', { name: 'Publier' }).click();
  await expect.poll(() => card.getByText('Publié').isVisible()).toBe(true);

  await card.getByText('Modifier le prix et le stock').click();
  const pricing = card.getByRole('form', { name: `Prix et stock de ${title}` });
  await pricing.getByLabel('Prix soldé (€)').fill('9,9');
  await pricing.getByRole('button', { name: 'Enregistrer le prix et le stock' }).click();
  await expect.poll(() => card.getByText('9,90 €').isVisible()).toBe(true);
  await screenshot(admin, 'admin-products-shop-catalogue');

  const visitor = await browser.open();
  await visitor.goto(`/product/${productId}`);
  await expect.poll(() => visitor.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true);
  expect(await visitor.getByText('Vingt minutes pour se poser').isVisible()).toBe(true);
  expect(await visitor.getByText('9,90 €').first().isVisible()).toBe(true);
  expect(await visitor.locator('s', { hasText: '14,90 €' }).first().isVisible()).toBe(true);
  await screenshot(visitor, 'admin-products-shop-catalogue-visitor');
});
