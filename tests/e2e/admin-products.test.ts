// Browser journey of the products page (issue 13, item 1): the administrator replaces a ritual's
// video by a resumable upload, watching its progress while the connection drops once and the
// upload resumes where it stopped; a customer then buys the ritual and downloads exactly that
// file, byte for byte. A file whose name lies is refused before anything is sent.
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { cartButton, payForCart } from './support/cart.ts';

const browser = useBrowser();

const ritual = "Rituel de l'Aube";
const ritualVariant = (page: Page) => page.getByRole('region', { name: `Variante ${ritual}` });
/** The variant's own panel, readable at a glance (the page is long). */
const variantShot = (page: Page, name: string) => screenshot(ritualVariant(page), name);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An MP4 as its first bytes announce it (`ftyp`, brand isom), 14 MB: three chunks of the resumable upload. */
function mp4Video(): Buffer {
  const header = Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2avc1mp41')]);
  return Buffer.concat([header, randomBytes(14 * 1024 * 1024 - header.length)]);
}

it('uploads a ritual’s new video with progress through a dropped connection; a buyer downloads exactly it', async () => {
  const admin = await signedIn(browser, demoAdmin);
  await admin.goto('/admin/products');
  await expect.poll(() => admin.getByRole('heading', { name: 'Produits', level: 1 }).isVisible()).toBe(true);
  await expect.poll(() => ritualVariant(admin).isVisible()).toBe(true);
  expect(await ritualVariant(admin).getByText('rituel-aube.webm').isVisible()).toBe(true);
  expect(await ritualVariant(admin).getByText('39,00 €').isVisible()).toBe(true);
  // On the shop's own catalogue the page writes prices and stock itself (on-shop-catalogue/admin-products.test.ts).
  const onShopCatalogue = process.env.CATALOGUE_SOURCE === 'shop';
  expect(await admin.getByRole('link', { name: /Gérer les prix et le stock dans le service de commerce/ }).isVisible()).toBe(!onShopCatalogue);

  // A text file called .mp4 is refused at once, in French, and nothing is sent.
  const sent: string[] = [];
  admin.on('request', (request) => request.url().includes('/storage/v1/upload/resumable') && sent.push(request.method()));
  await ritualVariant(admin).getByLabel('Remplacer le fichier').setInputFiles({ name: 'rituel.mp4', mimeType: 'video/mp4', buffer: Buffer.from('pas une vidéo') });
  await expect.poll(() => ritualVariant(admin).getByRole('alert').textContent()).toContain('Format de fichier non pris en charge');
  expect(sent).toEqual([]);
  await ritualVariant(admin).getByRole('button', { name: 'Fermer' }).click();

  // The real video: the second chunk's connection drops once; the upload asks where it stopped
  // (HEAD) and goes on from there rather than starting again. The chunk sent after that waits until
  // the journey has seen the progress part-way: three chunks on a quiet machine can all be sent
  // between two looks at the bar.
  const video = mp4Video();
  let patches = 0;
  let progressSeen!: () => void;
  const seen = new Promise<void>((resolve) => (progressSeen = resolve));
  await admin.route('**/storage/v1/upload/resumable/**', async (route) => {
    if (route.request().method() === 'PATCH') {
      patches += 1;
      if (patches === 2) return route.abort('connectionreset');
      if (patches === 3) await seen;
    }
    return route.continue();
  });
  const progress: number[] = [];
  const progressBar = ritualVariant(admin).getByRole('progressbar', { name: /^Envoi de « rituel-aube-nouvelle-version\.mp4 »$/ });
  // Playwright hands the 14 MB to the browser through its protocol: a loaded machine took over
  // the default 15 s to do so (the journey's time, not the page's), so this step may take a minute.
  await ritualVariant(admin).getByLabel('Remplacer le fichier').setInputFiles({ name: 'rituel-aube-nouvelle-version.mp4', mimeType: 'video/mp4', buffer: video }, { timeout: 60_000 });
  await expect.poll(async () => {
    const now = await progressBar.getAttribute('aria-valuenow', { timeout: 100 }).catch(() => null);
    if (now !== null) progress.push(Number(now));
    return progress.some((value) => value > 0 && value < 100);
  }).toBe(true);
  progressSeen();
  await variantShot(admin, 'admin-products-variant-uploading');
  await expect.poll(() => ritualVariant(admin).getByText('rituel-aube-nouvelle-version.mp4', { exact: true }).isVisible(), { timeout: 60_000 }).toBe(true);
  expect(await ritualVariant(admin).getByText('Vidéo · video/mp4').isVisible()).toBe(true);
  expect(await ritualVariant(admin).getByText('14 Mo').isVisible()).toBe(true);
  expect(await ritualVariant(admin).getByText(/^Envoyé le /).isVisible()).toBe(true);
  expect(sent.filter((method) => method === 'POST')).toHaveLength(1);
  expect(sent.slice(sent.indexOf('PATCH') + 2)).toContain('HEAD');
  await variantShot(admin, 'admin-products-variant-uploaded');
  await screenshot(admin, 'admin-products');

  // A customer buys the ritual and downloads the administrator's new video, byte for byte.
  const buyer = await signedIn(browser, await signUpCustomer('rituel'));
  await buyer.goto('/store');
  await buyer.getByRole('article', { name: ritual }).getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(buyer).getAttribute('aria-label')).toBe('Panier, 1 article');
  await payForCart(buyer);
  await buyer.goto('/dashboard/library');
  const item = buyer.getByRole('article', { name: new RegExp(`^${ritual}`) });
  await expect.poll(() => item.isVisible()).toBe(true);
  const download = buyer.waitForEvent('download');
  await item.getByRole('button', { name: 'Télécharger' }).click();
  const file = await download;
  const received = await readFile((await file.path())!);
  expect(received.length).toBe(video.length);
  expect(sha256(received)).toBe(sha256(video));
  await screenshot(buyer, 'admin-products-buyer-library');
});
