// `npm run docs:screenshots`: the README's pictures, taken from the real app, so that they can be
// made again whenever the pages change. It writes three PNGs (1280×800, the browser's viewport):
//   docs/images/storefront.png       the store's catalogue, its products with their images and prices;
//   docs/images/library.png          the demo customer's library, the viewer open on the teaching (PDF);
//   docs/images/admin-dashboard.png  the administrator's dashboard, its figures counting the demo purchase.
// How: a throwaway stack on free ports (as the browser journeys' sites, scripts/test.ts), a
// production build of the web app for it served by `vite preview`, the demo purchase `npm start`
// makes (stack/demo-purchase.ts), then the journeys' headless Chromium (tests/e2e/support), signed
// in without the form. Everything is stopped at the end, or by Ctrl-C. Run it again to remake them.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { signedIn } from '../../tests/e2e/support/accounts.ts';
import { launchBrowser, newPage } from '../../tests/e2e/support/browser.ts';
import { stopClustersNow } from '../db/cluster.ts';
import { handleInterrupts } from '../lib/interrupts.ts';
import { done, failed, step } from '../lib/log.ts';
import { repoRoot } from '../lib/paths.ts';
import { buildWebApp, killWebServers, serveWebApp } from '../lib/web-app.ts';
import { demoAdmin, demoCustomer } from '../stack/demo-accounts.ts';
import { ensureDemoPurchase } from '../stack/demo-purchase.ts';
import { startLocalStack, type LocalStack } from '../stack/launch.ts';
import { planSite } from '../stack/site-plan.ts';

const imagesDir = join(repoRoot, 'docs/images');
const viewport = { width: 1280, height: 800 };

/** What the page's own checks read of the DOM (these scripts are typed without it). */
interface ShownImage {
  complete: boolean;
  naturalWidth: number;
  getBoundingClientRect(): { top: number; bottom: number };
}
interface ShownWindow {
  scrollTo(x: number, y: number): void;
}
interface ShownDocument {
  images: Iterable<ShownImage>;
  fonts: { ready: Promise<unknown> };
}

/**
 * Resolves once the page's fonts are loaded and every image inside the viewport is decoded: the
 * picture then shows the page as a visitor sees it, not a half-painted one.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => (globalThis as unknown as { document: ShownDocument }).document.fonts.ready.then(() => undefined));
  await page.waitForFunction((height) => {
    const { document } = globalThis as unknown as { document: ShownDocument };
    return [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < height;
      })
      .every((image) => image.complete && image.naturalWidth > 0);
  }, viewport.height);
}

async function capture(page: Page, name: string): Promise<void> {
  await settled(page);
  const path = join(imagesDir, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  step(`${relative(repoRoot, path)} written`);
}

/** The store's catalogue as a visitor first sees it: the first row of products, priced. */
async function storefront(open: (options?: BrowserContextOptions) => Promise<Page>): Promise<void> {
  const page = await open();
  await page.goto('/store');
  const firstCard = page.getByRole('article').first();
  await firstCard.getByText('€').first().waitFor();
  // Scrolled down just enough for the first row of cards to show whole, buttons included.
  const card = await firstCard.boundingBox();
  if (card) await page.evaluate((top) => (globalThis as unknown as ShownWindow).scrollTo(0, top), Math.max(0, card.y + card.height + 24 - viewport.height));
  await capture(page, 'storefront');
}

/** The demo customer's library, the viewer open on the teaching, its first page drawn by pdf.js. */
async function library(open: (options?: BrowserContextOptions) => Promise<Page>): Promise<void> {
  const page = await signedIn({ open }, demoCustomer, '/dashboard/library');
  // The demo purchase's teaching (stack/demo-purchase.ts).
  await page.getByRole('article', { name: /Éveil du Cœur/ }).getByRole('link', { name: 'Voir' }).click();
  await page.getByRole('img', { name: /^Page 1 sur \d+$/ }).waitFor();
  await capture(page, 'library');
}

/** The administrator's dashboard, once every figure is read and the demo order counted. */
async function adminDashboard(open: (options?: BrowserContextOptions) => Promise<Page>): Promise<void> {
  const page = await signedIn({ open }, demoAdmin, '/admin/dashboard');
  const figures = page.getByRole('region', { name: 'Chiffres clés' });
  await figures.getByRole('link').filter({ hasText: 'Commandes (24 heures)' }).getByText(/^[1-9]\d*$/).waitFor();
  // A tile still loading shows a pulsing placeholder in place of its figure.
  await figures.locator('.animate-pulse').first().waitFor({ state: 'detached' });
  await capture(page, 'admin-dashboard');
}

/** Everything started, to be stopped at the end (or by Ctrl-C), in start order. */
const running: Array<{ stop(): Promise<void> }> = [];
/** The stack while it starts: a Ctrl-C then waits for it, so that it can be stopped. */
let stackStarting: Promise<LocalStack> | undefined;
let browser: Browser | undefined;
let stopping: Promise<void> | undefined;
/** The stops of what was started once the run was already stopping. */
const lateStops: Array<Promise<void>> = [];

/** Keeps `item` to be stopped at the end; stops it at once if the run is already stopping (Ctrl-C). */
async function keep<T extends { stop(): Promise<void> }>(item: T): Promise<T> {
  if (stopping) {
    const stopped = item.stop();
    lateStops.push(stopped);
    await stopped;
    throw new Error('interrupted');
  }
  running.push(item);
  return item;
}

async function run(): Promise<void> {
  // The build needs only the stack's address and keys, chosen here: it runs while the stack starts.
  const { webPort, siteUrl, keys, ports, webEnv } = await planSite(demoAdmin.email);
  const outDir = mkdtempSync(join(tmpdir(), 'shop-docs-web-'));
  await keep({ stop: async () => rmSync(outDir, { recursive: true, force: true }) });
  step('web app build, beside the stack start');
  const built = buildWebApp(webEnv, outDir);
  built.catch(() => undefined);
  stackStarting = startLocalStack({ persistent: false, siteUrl, keys, ports });
  const stack = await keep(await stackStarting);
  await built;
  await keep(await serveWebApp({ mode: 'preview', port: webPort, env: webEnv, outDir }));

  const order = await ensureDemoPurchase({ apiUrl: stack.apiUrl, anonKey: stack.publishableKey, siteUrl, customer: demoCustomer });
  step(order === 'in-place' ? 'demo purchase: in place' : `demo purchase: order ${order}`);
  if (order === 'signed-out') throw new Error('the demo customer could not sign in');

  // The journeys' helpers read the site and the stack from the environment (journey-site.ts).
  Object.assign(process.env, stack.env, { WEB_URL: siteUrl });
  const shown = (browser = await launchBrowser());
  await keep({ stop: () => shown.close() });
  const open = async (options: BrowserContextOptions = {}) => (await newPage(shown, { viewport, ...options })).page;
  mkdirSync(imagesDir, { recursive: true });
  // The store's visit first, so that the dashboard counts it beside the demo purchase.
  await storefront(open);
  await library(open);
  await adminDashboard(open);
}

function stopAll(): Promise<void> {
  stopping ??= (async () => {
    // A stack still starting is stopped once started (by `keep`, which its start resumes first).
    await stackStarting?.catch(() => undefined);
    for (const item of running.splice(0).reverse()) await item.stop().catch((error: Error) => failed(`stop: ${error.message}`));
    await Promise.allSettled(lateStops);
  })();
  return stopping;
}

const started = performance.now();
handleInterrupts(
  {
    graceful: stopAll,
    async force() {
      killWebServers();
      await browser?.close().catch(() => undefined);
      await stopClustersNow();
    },
  },
  130,
);

try {
  await run();
  done(`screenshots in ${relative(repoRoot, imagesDir)}/ (${((performance.now() - started) / 1000).toFixed(0)} s)`);
} catch (error) {
  failed(`the screenshots could not be taken: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  step('stopping');
  await stopAll();
}
