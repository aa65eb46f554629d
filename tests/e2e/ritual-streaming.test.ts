// Browser journeys of a ritual over HLS (issue #28, item 3): an administrator's 720p ritual, made
// here with ffmpeg's test pattern, is transcoded by `media:transcode`'s job; the administrator
// gives it French subtitles on the products page; its buyer opens it and Chromium (no native HLS) plays it through hls.js: a MediaSource
// fed by signed segments of the private bucket, the French track shown over the picture. The
// buyer seeks, stops, reloads: « Reprendre à … » resumes there, still over HLS. The page's CSP
// lets all of it through (a violation fails the journey).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { transcodePendingVideos } from '../../scripts/media/transcode-pending.ts';
import { nodeClient } from '../../scripts/lib/supabase-client.ts';
import { makeSampleVideo } from '../../scripts/lib/sample-video.ts';
import { createCheckout, pay, type ShopEnv } from '../support/shop.ts';
import { demoAdmin, signedIn, signUpCustomer, type Account } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { recordShownText } from './support/shown-text.ts';

/** What the journey reads of the player (these Node tests are typed without the DOM). */
interface StreamingPlayer {
  src: string;
  readyState: number;
  currentTime: number;
  duration: number;
  videoHeight: number;
  muted: boolean;
  paused: boolean;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'seeked' | 'timeupdate', listener: () => void, options?: { once: boolean }): void;
  textTracks: ArrayLike<{ language: string; label: string; mode: string; activeCues: ArrayLike<{ text: string }> | null }>;
}

const env = process.env as unknown as ShopEnv;
const browser = useBrowser();
const variantId = 'var_rituel_pleine_lune_hd';
const source = `products/${variantId}/parcours-${Date.now()}/rituel-pleine-lune.mp4`;
const subtitleLine = 'Accueillez la lumière de la lune dans le silence.';
const work = mkdtempSync(join(tmpdir(), 'ritual-streaming-'));
const service = nodeClient(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY);
let previousFile: Record<string, unknown> | null = null;
let buyer: Account;
let itemId: string;

const video = (page: Page) => page.getByLabel(/^Vidéo : /);

function seek(player: Locator, to: number): Promise<number> {
  return player.evaluate(
    (media: StreamingPlayer, at) =>
      new Promise<number>((resolve) => {
        media.addEventListener('seeked', () => resolve(media.currentTime), { once: true });
        media.currentTime = at;
      }),
    to,
  );
}

beforeAll(async () => {
  const bucket = service.storage.from('deliverables');
  const sample = makeSampleVideo(work, { seconds: 16, width: 1280, height: 720 });
  expect((await bucket.upload(source, readFileSync(sample), { contentType: 'video/mp4' })).error).toBeNull();
  previousFile = (await service.from('product_files').select('object_path, file_type, content_type').eq('variant_id', variantId).maybeSingle()).data;
  expect((await service.from('product_files').upsert({ variant_id: variantId, object_path: source, file_type: 'video', content_type: 'video/mp4' })).error).toBeNull();

  const run = await transcodePendingVideos(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY, { only: [source] });
  expect(run.failed).toEqual([]);
  expect(run.made[0]!.renditions.map((r) => r.height)).toEqual([360, 720]);

  buyer = await signUpCustomer('rituel-hls');
  const customer = nodeClient(env.SUPABASE_URL, env.SUPABASE_PUBLISHABLE_KEY);
  expect((await customer.auth.signInWithPassword({ email: buyer.email, password: buyer.password })).error).toBeNull();
  const checkout = await createCheckout(env, customer, [{ variant_id: variantId, quantity: 1 }]);
  expect(checkout.error).toBeNull();
  const recorded = await customer.functions.invoke<{ order_id: string }>('record-order', { body: { checkout_id: await pay(checkout.data!.url, buyer.email) } });
  expect(recorded.error).toBeNull();
  itemId = (await customer.from('order_items').select('id').eq('order_id', recorded.data!.order_id).single()).data!.id as string;
}, 240_000);

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (previousFile) await service.from('product_files').update(previousFile).eq('variant_id', variantId);
});

it('the administrator sees the stream ready and attaches French subtitles on the products page', async () => {
  const admin = await signedIn(browser, demoAdmin);
  await admin.goto('/admin/products');
  const variant = admin.getByRole('region', { name: 'Variante Rituel de la Pleine Lune (HD)' });
  await expect.poll(() => variant.getByText('Diffusion adaptative prête (360p, 720p).').isVisible()).toBe(true);
  expect(await variant.getByText('Aucun sous-titre.').isVisible()).toBe(true);

  // Not WebVTT: refused in French (a toast), nothing recorded.
  const shown = await recordShownText(admin);
  await variant.getByLabel('Ajouter des sous-titres (.vtt)').setInputFiles({ name: 'notes.vtt', mimeType: 'text/vtt', buffer: Buffer.from('Bonjour') });
  await expect.poll(() => shown('Les sous-titres doivent être un fichier WebVTT (.vtt) commençant par « WEBVTT ».')).toBe(true);
  expect(await variant.getByText('Aucun sous-titre.').isVisible()).toBe(true);

  await variant.getByLabel('Langue').selectOption('fr');
  const vtt = `WEBVTT\n\n00:00.000 --> 00:15.000\n${subtitleLine}\n`;
  await variant.getByLabel('Ajouter des sous-titres (.vtt)').setInputFiles({ name: 'pleine-lune-fr.vtt', mimeType: 'text/vtt', buffer: Buffer.from(vtt) });
  await expect.poll(() => variant.getByRole('list', { name: 'Sous-titres' }).getByText('Français', { exact: true }).isVisible()).toBe(true);
  await screenshot(variant, 'admin-video-subtitles');
});

it('plays the ritual over HLS with its French subtitles shown, seeks, and resumes there after a reload', async () => {
  const page = await signedIn(browser, buyer);
  const segments: string[] = [];
  page.on('requestfinished', (request) => {
    if (/\/storage\/v1\/object\/sign\/deliverables\/.*\.hls\/\d+p\/(init\.mp4|segment-\d+\.m4s)\?token=/.test(request.url())) segments.push(request.url());
  });
  await page.goto(`/dashboard/library/${itemId}`);
  const player = video(page);
  await expect.poll(() => player.evaluate((media: StreamingPlayer) => media.readyState)).toBeGreaterThanOrEqual(2);

  // hls.js, not the original: a MediaSource, fed by the renditions' signed segments.
  expect(await player.evaluate((media: StreamingPlayer) => media.src)).toMatch(/^blob:/);
  expect(segments.some((url) => url.includes('/init.mp4?token='))).toBe(true);
  expect(await player.evaluate((media: StreamingPlayer) => media.duration)).toBeCloseTo(16, 0);
  expect(segments.every((url) => !url.includes('rituel-pleine-lune.mp4?'))).toBe(true);

  // The French track is on, and says its line over the picture.
  expect(await player.evaluate((media: StreamingPlayer) => [...Array.from(media.textTracks)].map((t) => [t.language, t.label, t.mode]))).toEqual([['fr', 'Français', 'showing']]);
  await player.evaluate(async (media: StreamingPlayer) => {
    media.muted = true;
    await media.play();
  });
  await expect.poll(() => player.evaluate((media: StreamingPlayer) => Array.from(media.textTracks[0]?.activeCues ?? []).map((cue) => cue.text))).toEqual([subtitleLine]);
  await screenshot(page, 'ritual-streaming-subtitles');

  // Seeking past what was loaded asks for the later segments, and plays from there. Paused while
  // it seeks, so the position read at 'seeked' is where the seek landed, not where playback had
  // gone on to by the time a loaded renderer dispatched the event.
  await player.evaluate((media: StreamingPlayer) => media.pause());
  expect(await seek(player, 9)).toBeCloseTo(9, 0);
  await player.evaluate((media: StreamingPlayer) => media.play());
  await expect.poll(() => player.evaluate((media: StreamingPlayer) => media.currentTime)).toBeGreaterThan(9.3);
  expect(segments.some((url) => /segment-0002\.m4s\?token=/.test(url))).toBe(true);
  const stoppedAt = await player.evaluate((media: StreamingPlayer) => {
    media.pause();
    return media.currentTime;
  });

  // A reload: the player stands where the buyer stopped and offers to resume there.
  await expect.poll(async () => (await service.from('reading_positions').select('position').eq('order_item_id', itemId).maybeSingle()).data?.position ?? 0).toBeGreaterThan(9);
  await page.reload();
  const resume = page.getByRole('button', { name: /^Reprendre à 0:(09|1\d)$/ });
  await expect.poll(() => resume.isVisible()).toBe(true);
  await player.evaluate((media: StreamingPlayer) => void (media.muted = true));
  await resume.click();
  await expect.poll(() => player.evaluate((media: StreamingPlayer) => !media.paused && media.currentTime > 0)).toBe(true);
  expect(await player.evaluate((media: StreamingPlayer) => media.currentTime)).toBeGreaterThanOrEqual(Math.floor(stoppedAt) - 0.5);
  expect(await player.evaluate((media: StreamingPlayer) => media.src)).toMatch(/^blob:/);
});
