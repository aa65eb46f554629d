// Browser journeys of delivery (issue 12): a bought teaching downloads as the buyer's stamped copy
// and opens in the built-in viewer (pdf.js), a bought meditation and a bought ritual (WebM) play
// inline and seek in the browser's players, all through short-lived links of the private bucket;
// another customer who tries the item's address sees an error page, never the file.
import { execFileSync } from 'node:child_process';
import type { Locator, Page } from 'playwright-core';
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
interface FrameCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { drawImage(image: unknown, x: number, y: number): void; getImageData(x: number, y: number, width: number, height: number): { data: ArrayLike<number> } };
}
interface PictureDocument {
  createElement(tag: 'img'): { src: string; width: number; height: number; decode(): Promise<void> };
  createElement(tag: 'canvas'): FrameCanvas;
}
interface VideoPlayer extends Player {
  videoWidth: number;
  videoHeight: number;
}

const browser = useBrowser();

const teaching = (page: Page) => page.getByRole('article', { name: /^Le Souffle Sacré/ });
const meditation = (page: Page) => page.getByRole('article', { name: 'Méditation de la Lumière Intérieure (20 minutes)' });
const ritual = (page: Page) => page.getByRole('article', { name: 'Rituel de la Flamme Intérieure' });

/** Seeks the player to `to`; where it stands once seeked. */
function seek(player: Locator, to: number): Promise<number> {
  return player.evaluate(
    (media: Player, at) =>
      new Promise<number>((resolve) => {
        media.addEventListener('seeked', () => resolve(media.currentTime), { once: true });
        media.currentTime = at;
      }),
    to,
  );
}

/** Plays on (muted, as a page may start a player by itself) until the player passes `past`; where it got to. */
function playPast(player: Locator, past: number): Promise<number> {
  return player.evaluate(async (media: Player, beyond) => {
    media.muted = true;
    const reached = new Promise<number>((resolve) => {
      const check = () => media.currentTime > beyond && resolve(media.currentTime);
      media.addEventListener('timeupdate', check);
    });
    await media.play();
    return reached;
  }, past);
}

/**
 * How bright (0–255) the upper half of the video's picture is at `time`. Read from a screenshot of
 * the player, decoded in the page: the video itself comes from the bucket's origin and would taint
 * a canvas. The upper half leaves out the player's controls.
 */
async function upperBrightnessAt(page: Page, video: Locator, time: number): Promise<number> {
  await seek(video, time);
  const png = (await video.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const { document } = globalThis as unknown as { document: PictureDocument };
    const image = document.createElement('img');
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, Math.floor(canvas.height / 2)).data;
    let sum = 0;
    for (let i = 0; i < pixels.length; i += 4) sum += (pixels[i]! + pixels[i + 1]! + pixels[i + 2]!) / 3;
    return sum / (pixels.length / 4);
  }, png);
}

/** Origins a page fetched from, to prove nothing (pdf.js, its worker) came from elsewhere. */
function originsOf(page: Page): Set<string> {
  const origins = new Set<string>();
  page.on('request', (request) => {
    if (/^https?:/.test(request.url())) origins.add(new URL(request.url()).origin);
  });
  return origins;
}

it('downloads the stamped teaching, reads it in the viewer, plays the meditation and the ritual inline with a seek, and keeps them from another customer', async () => {
  const buyer = await signUpCustomer('lecteur');
  const page = await signedIn(browser, buyer);
  await addMeditationToCart(page);
  await page.goto('/store');
  await page.getByRole('article', { name: 'Le Souffle Sacré' }).getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 2 articles');
  await page.goto('/product/prod_flamme_interieure');
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 3 articles');
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
  expect(await seek(player, 2.5)).toBeCloseTo(2.5, 1);
  expect(await playPast(player, 2.7)).toBeGreaterThan(2.7);
  expect(ranges).toContain(206);
  await screenshot(page, 'library-viewer-audio');

  // 'Voir' on the ritual: the WebM plays inline, its picture moves (the light rises), it seeks.
  await page.getByRole('link', { name: 'Retour à la bibliothèque' }).click();
  ranges.length = 0;
  await ritual(page).getByRole('link', { name: 'Voir' }).click();
  const video = page.getByLabel(/^Vidéo : Rituel de la Flamme Intérieure/);
  await expect.poll(() => video.evaluate((media: VideoPlayer) => media.readyState)).toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((media: VideoPlayer) => [media.videoWidth, media.videoHeight, media.duration])).toEqual([320, 180, expect.closeTo(6, 0)]);
  // The light rises into the upper half of the picture between 0.5 s and 5 s.
  const early = await upperBrightnessAt(page, video, 0.5);
  const late = await upperBrightnessAt(page, video, 5);
  expect(late).toBeGreaterThan(early + 10);
  expect(await seek(video, 4)).toBeCloseTo(4, 1);
  expect(await playPast(video, 4.2)).toBeGreaterThan(4.2);
  expect(ranges).toContain(206);
  expect(await page.getByText('Lecture impossible').count()).toBe(0);
  await screenshot(page, 'library-viewer-video');

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
