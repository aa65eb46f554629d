// Browser journeys of delivery (issue 12): a bought teaching downloads as the buyer's stamped copy
// and opens in the built-in viewer (pdf.js), a bought meditation plays and seeks in the browser's
// player, both through short-lived links of the private bucket; another customer who tries the
// item's address sees an error page, never the file.
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser, webUrl } from './support/browser.ts';
import { addMeditationToCart, cartButton, payForCart } from './support/cart.ts';

/** What the journey reads of the page's canvas and player (these Node tests are typed without the DOM). */
interface DrawnCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, width: number, height: number): { data: ArrayLike<number> } };
  getBoundingClientRect(): { width: number };
}
interface Player {
  readyState: number;
  duration: number;
  currentTime: number;
  muted: boolean;
  play(): Promise<void>;
  addEventListener(type: 'seeked' | 'timeupdate', listener: () => void, options?: { once: boolean }): void;
}

const browser = useBrowser();

const teaching = (page: Page) => page.getByRole('article', { name: /^Le Souffle Sacré/ });
const meditation = (page: Page) => page.getByRole('article', { name: 'Méditation de la Lumière Intérieure (20 minutes)' });

/** Origins a page fetched from, to prove nothing (pdf.js, its worker) came from elsewhere. */
function originsOf(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on('request', (request) => {
    if (/^https?:/.test(request.url())) origins.add(new URL(request.url()).origin);
  });
  return origins;
}

it('downloads the stamped teaching, reads it in the viewer, plays the meditation with a seek, and keeps it from another customer', async () => {
  const buyer = await signUpCustomer('lecteur');
  const page = await signedIn(browser, buyer);
  await addMeditationToCart(page);
  await page.goto('/store');
  await page.getByRole('article', { name: 'Le Souffle Sacré' }).getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier (2 articles)');
  await payForCart(page);

  await page.goto('/dashboard/library');
  await expect.poll(() => teaching(page).isVisible()).toBe(true);

  // 'Télécharger': the buyer's own copy, stamped on every page, saved while the page stays.
  const download = page.waitForEvent('download');
  await teaching(page).getByRole('button', { name: 'Télécharger' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Le Souffle Sacré.*\.pdf$/);
  const text = execFileSync('pdftotext', ['-layout', await file.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('Le Souffle Sacré');
  expect(text).toContain(`Exemplaire personnel de ${buyer.fullName}`);
  expect(text).toContain(buyer.email);
  expect(new URL(page.url()).pathname).toBe('/dashboard/library');

  // 'Voir' on the teaching: page 1 drawn by pdf.js, with the app's own worker.
  const origins = originsOf(page);
  await teaching(page).getByRole('link', { name: 'Voir' }).click();
  await page.waitForURL(/\/dashboard\/library\/[0-9a-f-]{36}$/);
  const teachingUrl = new URL(page.url()).pathname;
  await expect.poll(() => page.getByText(/^Page 1 \/ \d+$/).isVisible()).toBe(true);
  const canvas = page.getByRole('img', { name: /^Page 1 sur \d+$/ });
  await expect.poll(() => canvas.isVisible()).toBe(true);
  const inkedPixels = () =>
    canvas.evaluate((drawn: DrawnCanvas) => {
      const pixels = drawn.getContext('2d').getImageData(0, 0, drawn.width, drawn.height).data;
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128) dark++;
      return dark;
    });
  expect(await inkedPixels()).toBeGreaterThan(500);
  await screenshot(page, 'library-viewer-pdf');

  // Zoom with the keyboard: the page is drawn again, larger.
  const widthAt100 = await canvas.evaluate((drawn: DrawnCanvas) => drawn.getBoundingClientRect().width);
  await page.keyboard.press('+');
  await expect.poll(() => page.getByText('125\u202f%').isVisible()).toBe(true);
  await expect.poll(() => canvas.evaluate((drawn: DrawnCanvas) => drawn.getBoundingClientRect().width)).toBeGreaterThan(widthAt100 * 1.2);
  await page.getByRole('button', { name: 'Zoom arrière' }).click();
  await expect.poll(() => page.getByText('100\u202f%').isVisible()).toBe(true);
  expect([...origins].sort()).toEqual([new URL(webUrl()).origin, new URL(process.env.SUPABASE_URL!).origin].sort());

  // 'Voir' on the meditation: the browser's player streams the signed link and seeks in it.
  await page.getByRole('link', { name: 'Retour à la bibliothèque' }).click();
  const ranges: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/storage/v1/object/sign/') && response.request().headers().range) ranges.push(response.status());
  });
  await meditation(page).getByRole('link', { name: 'Voir' }).click();
  const player = page.getByLabel('Audio : Méditation de la Lumière Intérieure - 20 minutes');
  await expect.poll(() => player.evaluate((audio: Player) => audio.readyState)).toBeGreaterThanOrEqual(1);
  expect(await player.evaluate((audio: Player) => audio.duration)).toBeGreaterThan(3);
  const seekedTo = await player.evaluate(
    (audio: Player) =>
      new Promise<number>((resolve) => {
        audio.addEventListener('seeked', () => resolve(audio.currentTime), { once: true });
        audio.currentTime = 2.5;
      }),
  );
  expect(seekedTo).toBeCloseTo(2.5, 1);
  // It plays on from there (muted, as a page may start a player by itself).
  const playedTo = await player.evaluate(async (audio: Player) => {
    audio.muted = true;
    const past = new Promise<number>((resolve) => {
      const check = () => audio.currentTime > 2.7 && resolve(audio.currentTime);
      audio.addEventListener('timeupdate', check);
    });
    await audio.play();
    return past;
  });
  expect(playedTo).toBeGreaterThan(2.7);
  expect(ranges).toContain(206);
  await screenshot(page, 'library-viewer-audio');

  // Another customer at the teaching's address: the error page, no file, a way back.
  const other = await signedIn(browser, await signUpCustomer('curieux'));
  const otherStorage: string[] = [];
  other.on('request', (request) => request.url().includes('/storage/v1/') && otherStorage.push(request.url()));
  await other.goto(teachingUrl);
  await expect.poll(() => other.getByRole('heading', { name: 'Fichier non disponible' }).isVisible()).toBe(true);
  expect(await other.getByText('Le lien de téléchargement est manquant.').isVisible()).toBe(true);
  expect(await other.locator('canvas, audio, video').count()).toBe(0);
  expect(otherStorage).toEqual([]);
  await screenshot(other, 'library-viewer-refused');
  await other.getByRole('link', { name: 'Retour à la bibliothèque' }).last().click();
  await expect.poll(() => other.getByText('Votre bibliothèque est vide').isVisible()).toBe(true);
});
