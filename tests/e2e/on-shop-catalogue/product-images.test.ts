// Browser journey of a product's images on a shop whose catalogue is its own (issue 44,
// deliverable 3), on a site built with VITE_CATALOGUE_SOURCE=shop: the administrator creates a
// product and sends a real 2000×1500 photo with a text file beside it (refused, with its reason);
// the browser makes its two sizes; the image waits for its alternative text (an empty one is
// refused beside its field), gets it, and the product is moved first and published. A visitor then sees the
// picture in the store's grid at the grid's size (640×480) and on the product page at the
// gallery's (1600×1200), with its alternative text, both served from the project's Storage. The
// product is unpublished again at the end.
import { readFileSync } from 'node:fs';
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoAdmin, signedIn } from '../support/accounts.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { moveToTop } from '../support/shop-products.ts';

const browser = useBrowser();
const title = `Bougie de l’aube ${Date.now().toString(36)}`;
const altText = 'Une bougie blanche allumée devant un autel violet';
const photo = readFileSync(new URL('../../support/fixtures/autel-2000x1500.png', import.meta.url));

/** What the browser loaded for an <img>: its URL, its decoded size and the size its attributes reserve. */
const loaded = (image: Locator) =>
  image.evaluate((element) => {
    const img = element as unknown as { currentSrc: string; naturalWidth: number; naturalHeight: number; alt: string };
    return {
      src: img.currentSrc,
      natural: [img.naturalWidth, img.naturalHeight],
      reserved: [element.getAttribute('width'), element.getAttribute('height')],
      alt: img.alt,
    };
  });

it('uploads, describes and publishes a product photo that a visitor then sees at the size made for each place', async () => {
  const admin = await signedIn(browser, demoAdmin, '/admin/products');
  await expect.poll(() => admin.getByRole('heading', { name: 'Produits', level: 1 }).isVisible()).toBe(true);
  await admin.getByRole('button', { name: 'Ajouter un produit' }).click();
  const form = admin.getByRole('form', { name: 'Nouveau produit' });
  await form.getByLabel('Titre *').fill(title);
  await form.getByLabel('Nom de la variante *').fill('PDF');
  await form.getByLabel('Prix (€) *').fill('7');
  await form.getByRole('button', { name: 'Créer le produit' }).click();
  const card = admin.getByRole('article', { name: title });
  await expect.poll(() => card.getByText('Brouillon').isVisible()).toBe(true);
  const productId = (await card.getAttribute('aria-labelledby'))!.replace(/^product-/, '');

  const images = card.getByRole('region', { name: `Images de « ${title} »` });
  expect(await images.getByText('Aucune image').isVisible()).toBe(true);
  await images.getByLabel('Ajouter des images').setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une photo') },
    { name: 'autel.png', mimeType: 'image/png', buffer: photo },
  ]);
  await expect.poll(() => images.getByRole('alert').textContent()).toBe('« notes.txt » n’est pas une photo : choisissez un fichier JPEG, PNG ou WebP.');
  const first = images.getByRole('listitem', { name: 'Image 1' });
  await expect.poll(() => first.getByText('Texte alternatif manquant').isVisible()).toBe(true);
  // The browser made the grid's size from the 2000×1500 photo: the panel shows it.
  const preview = first.locator('img');
  await preview.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await loaded(preview)).natural).toEqual([640, 480]);
  expect((await loaded(preview)).src).toMatch(/\/product-images\/.+\/grid\.webp$/);

  await first.getByRole('button', { name: 'Enregistrer le texte' }).click();
  await expect.poll(() => first.getByRole('alert').textContent()).toBe('Décrivez l’image en quelques mots : ce texte est lu à qui ne la voit pas.');
  await first.getByLabel('Texte alternatif *').fill(altText);
  await first.getByRole('button', { name: 'Enregistrer le texte' }).click();
  await expect.poll(() => first.getByText('Prête').isVisible()).toBe(true);
  await screenshot(images, 'product-images-panel');

  // The store shows its first 12 products and the demo catalogue holds more: the product goes first.
  await moveToTop(admin, title);
  await card.getByRole('button', { name: 'Publier' }).click();
  await expect.poll(() => card.getByText('Publié').isVisible()).toBe(true);

  const visitor = await browser.open();
  await visitor.goto(`/product/${productId}`);
  const main = visitor.getByRole('region', { name: 'Galerie d\'images' }).getByRole('img', { name: altText });
  await expect.poll(async () => (await loaded(main)).natural).toEqual([1600, 1200]);
  expect(await loaded(main)).toMatchObject({
    src: expect.stringMatching(/\/storage\/v1\/object\/public\/product-images\/.+\/gallery-1600x1200\.webp$/),
    reserved: ['1600', '1200'],
    alt: altText,
  });
  await screenshot(visitor, 'product-images-product-page');

  // To the store within the app: /store's pre-rendered page carries the catalogue of the build.
  await visitor.getByRole('link', { name: 'Boutique' }).first().click();
  const listed = visitor.getByRole('article', { name: title });
  const cardImage = listed.locator('img').first();
  await expect.poll(async () => (await loaded(cardImage)).natural).toEqual([640, 480]);
  expect(await loaded(cardImage)).toMatchObject({
    src: expect.stringMatching(/\/storage\/v1\/object\/public\/product-images\/.+\/grid\.webp$/),
    reserved: ['640', '480'],
  });
  await screenshot(listed, 'product-images-store-card');

  // The other journeys on this site find the store as it was.
  await card.getByRole('button', { name: 'Dépublier' }).click();
  await expect.poll(() => card.getByText('Brouillon').isVisible()).toBe(true);
});
