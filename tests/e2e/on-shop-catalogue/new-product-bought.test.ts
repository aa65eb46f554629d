// Browser journey of issue 44's whole catalogue (deliverable 5), on a site built with
// VITE_CATALOGUE_SOURCE=shop: the administrator creates a draft product, gives it the option
// « Format » and a second variant whose stock is followed, a photo with its alternative text and a
// file for each variant, moves it first and publishes it. A new customer finds it in the store,
// sees the photo and both variants at their prices, buys the second on the provider's page, and
// finds the order in « Mes Commandes » and exactly that variant's file in the library; the
// storefront's read (as anon) then counts one fewer in stock. The product is soft-deleted at the end.
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { pdfDocument, wavTone } from '../../../scripts/commerce-sandbox/file-formats.ts';
import { demoAdmin, signedIn, signUpCustomer } from '../support/accounts.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { orderCards, openOrdersFromSidebar } from '../support/buyer-area.ts';
import { cartButton, payForCart } from '../support/cart.ts';
import { wholeCatalogue } from '../support/catalogue.ts';
import { addOption, createDraftProduct, moveToTop } from '../support/shop-products.ts';
import { chooseVariant } from '../support/variant-picker.ts';

const browser = useBrowser();
const title = `Chant de l’Aurore ${Date.now().toString(36)}`;
const altText = 'Une bougie blanche allumée devant un autel violet';
const photo = readFileSync(new URL('../../support/fixtures/autel-2000x1500.png', import.meta.url));
const booklet = pdfDocument(title, ['Le livret du chant, à lire avant de l’écouter.']);
const recording = wavTone(2, 220);

/** The stock of the product's « Audio » variant, as a visitor's browser reads it (the storefront's functions, as anon). */
async function audioStock(productId: string): Promise<number | null | undefined> {
  const product = (await wholeCatalogue()).find((candidate) => candidate.id === productId);
  return product?.variants.find((variant) => variant.title === 'Audio')?.inventory_quantity;
}

it('has a product made with two variants, a photo and their files, then bought by a new customer', { timeout: 300_000 }, async () => {
  const admin = await signedIn(browser, demoAdmin, '/admin/products');
  await expect.poll(() => admin.getByRole('article').count()).toBeGreaterThan(1);
  const { card, productId } = await createDraftProduct(admin, title, 'PDF', '12');
  try {
    await addOption(card, title, 'Format');

    await card.getByText('Ajouter une variante').click();
    const variant = card.getByRole('form', { name: `Nouvelle variante de « ${title} »` });
    await variant.getByLabel('Nom de la variante *').fill('Audio');
    await variant.getByLabel('Format *').fill('Audio');
    await variant.getByLabel('Prix (€) *').fill('18');
    await variant.getByLabel('Suivre le stock (sinon, stock illimité)').check();
    await variant.getByLabel('Quantité en stock *').fill('5');
    await variant.getByRole('button', { name: 'Ajouter la variante' }).click();
    const pdfVariant = card.getByRole('region', { name: `Variante ${title} (PDF)` });
    const audioVariant = card.getByRole('region', { name: `Variante ${title} (Audio)` });
    await expect.poll(() => audioVariant.getByText('5 en stock').isVisible()).toBe(true);
    expect(await pdfVariant.getByText('12,00 €').isVisible()).toBe(true);
    expect(await audioVariant.getByText('18,00 €').isVisible()).toBe(true);

    const images = card.getByRole('region', { name: `Images de « ${title} »` });
    await images.getByLabel('Ajouter des images').setInputFiles({ name: 'autel.png', mimeType: 'image/png', buffer: photo });
    const image = images.getByRole('listitem', { name: 'Image 1' });
    await image.getByLabel('Texte alternatif *').fill(altText);
    await image.getByRole('button', { name: 'Enregistrer le texte' }).click();
    await expect.poll(() => image.getByText('Prête').isVisible()).toBe(true);

    // Each variant its own file, sent through the variant's file panel as every deliverable is.
    await pdfVariant.getByLabel('Envoyer un fichier').setInputFiles({ name: 'livret.pdf', mimeType: 'application/pdf', buffer: booklet });
    await expect.poll(() => pdfVariant.getByText('livret.pdf', { exact: true }).isVisible(), { timeout: 60_000 }).toBe(true);
    await audioVariant.getByLabel('Envoyer un fichier').setInputFiles({ name: 'chant.wav', mimeType: 'audio/wav', buffer: recording });
    await expect.poll(() => audioVariant.getByText('chant.wav', { exact: true }).isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await card.getByText('Fichier manquant.').count()).toBe(0);

    await moveToTop(admin, title);
    await card.getByRole('button', { name: 'Publier' }).click();
    await expect.poll(() => card.getByText('Publié').isVisible()).toBe(true);
    await screenshot(card, 'new-product-bought-admin');
    await expect.poll(() => audioStock(productId)).toBe(5);

    // A new customer goes from the home page to the store within the app: /store's pre-rendered
    // page carries the catalogue of its build.
    const buyer = await signedIn(browser, await signUpCustomer('nouveau-produit'), '/');
    await buyer.getByRole('link', { name: 'Boutique' }).first().click();
    const listed = buyer.getByRole('article', { name: title });
    // The grid's picture is decorative (the card's title follows it); the gallery's carries the text.
    await expect.poll(() => listed.locator('img[src*="/product-images/"]').isVisible()).toBe(true);
    await screenshot(buyer, 'new-product-bought-store');
    await listed.getByRole('link').first().click();
    await expect.poll(() => buyer.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true);
    expect(await buyer.getByRole('region', { name: 'Galerie d\'images' }).getByRole('img', { name: altText }).isVisible()).toBe(true);
    expect(await buyer.getByRole('group', { name: 'Format' }).getByRole('radio').count()).toBe(2);
    expect(await buyer.getByText('12,00 €').first().isVisible()).toBe(true);
    await chooseVariant(buyer, 'Format', 'Audio', '18,00 €');
    await screenshot(buyer, 'new-product-bought-product-page');
    await buyer.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect.poll(() => cartButton(buyer).getAttribute('aria-label')).toBe('Panier, 1 article');

    await payForCart(buyer);
    await screenshot(buyer, 'new-product-bought-thank-you');

    const orders = await openOrdersFromSidebar(buyer);
    await expect.poll(() => orders.count()).toBe(1);
    const order = await orderCards(buyer).textContent();
    expect(order).toContain(title);
    expect(order).toContain('Audio');
    expect(order).toMatch(/18,00\s€/);
    await screenshot(buyer, 'new-product-bought-orders');

    await buyer.getByRole('link', { name: 'Bibliothèque', exact: true }).first().click();
    const bought = buyer.getByRole('article', { name: `${title} (Audio)` });
    await expect.poll(() => bought.isVisible()).toBe(true);
    expect(await buyer.getByRole('article', { name: `${title} (PDF)` }).count()).toBe(0);
    const download = buyer.waitForEvent('download');
    await bought.getByRole('button', { name: 'Télécharger' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${title} - Audio.wav`);
    expect((await readFile((await file.path())!)).equals(recording)).toBe(true);
    await screenshot(buyer, 'new-product-bought-library');

    // The payment took its unit, in the transaction that recorded it.
    expect(await audioStock(productId)).toBe(4);
  } finally {
    // The other journeys on this site find the store as it was.
    await card.getByRole('button', { name: 'Supprimer le produit…' }).click();
    await card.getByRole('group', { name: `Supprimer « ${title} »` }).getByRole('button', { name: 'Supprimer le produit' }).click();
    await expect.poll(() => card.count()).toBe(0);
  }
});
