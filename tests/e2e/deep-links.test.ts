// The app on the pre-rendered pages (issue 27), production build: each public URL opened
// directly and reloaded boots the same app as before, keeps the title the HTML was served with
// (no change once the app has started), and keeps one set of head tags; a product opened from a
// shared link sells as usual. Each catalogue page's HTML carries its content (issue 24: what a
// visitor sees before the app's code has arrived), which the app then takes over as it is; each
// fits in the network's first round trip, with only the rules of its own markup, and the app
// brings the whole stylesheet before it answers.
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useBrowser } from './support/browser.ts';
import { cartButton } from './support/cart.ts';
import { crawl, decodeEntities } from './support/crawler.ts';

const browser = useBrowser();

const pages = [
  { path: '/', heading: 'Éveillez la lumière qui sommeille en vous' },
  { path: '/store', heading: 'Boutique' },
  { path: '/about', heading: 'À Propos' },
  { path: '/faq', heading: 'Questions fréquentes' },
  { path: '/contact', heading: 'Contact' },
  { path: '/product/prod_gratitude', heading: 'Méditation de la Gratitude' },
  { path: '/product/prod_rituel_purification', heading: 'Rituel de Purification' },
];

/** The head once the app runs: its title, and how many of each tag a page must have once. */
interface BootedHead {
  title: string;
  titles: number;
  descriptions: number;
  canonicals: number;
  canonical: string | undefined;
}
const headOf = (page: Page) =>
  page.evaluate(`({
    title: document.title,
    titles: document.querySelectorAll('title').length,
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    canonicals: document.querySelectorAll('link[rel="canonical"]').length,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
  })`) as Promise<BootedHead>;

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

it('opens each public page and product from its link and on reload, with the title it was served with', async () => {
  const page = await browser.open();
  for (const { path, heading: name } of pages) {
    const served = await crawl(path);
    await page.goto(path);
    await expect.poll(() => heading(page, name).isVisible(), { message: path }).toBe(true);
    const booted = await headOf(page);
    expect(booted, path).toEqual({ title: served.title, titles: 1, descriptions: 1, canonicals: 1, canonical: served.canonical });
    await page.reload();
    await expect.poll(() => heading(page, name).isVisible(), { message: `${path} reloaded` }).toBe(true);
    expect(new URL(page.url()).pathname).toBe(path);
    expect((await headOf(page)).title).toBe(served.title);
  }
  await expect.poll(() => page.getByText('En rupture de stock', { exact: true }).isVisible()).toBe(true);
  await screenshot(page, 'deep-link-sold-out');
});

it('sells from a shared product link, survives a reload, and moves on through the app', async () => {
  const page = await browser.open();
  await page.goto('/product/prod_gratitude');
  await expect.poll(() => heading(page, 'Méditation de la Gratitude').isVisible()).toBe(true);
  await expect.poll(() => page.getByText('7,00 €').first().isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');

  await page.reload();
  await expect.poll(() => heading(page, 'Méditation de la Gratitude').isVisible()).toBe(true);
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');

  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Boutique' }).click();
  await expect.poll(() => page.url()).toMatch(/\/store$/);
  await expect.poll(() => page.getByRole('article', { name: 'Rituel de la Pleine Lune' }).isVisible()).toBe(true);
  await expect.poll(() => page.title()).toBe('Boutique | Lumière Sacrée');
  await page.getByRole('article', { name: 'Rituel de la Pleine Lune' }).getByRole('link').first().click();
  await expect.poll(() => heading(page, 'Rituel de la Pleine Lune').isVisible()).toBe(true);
  await expect.poll(() => page.title()).toBe('Rituel de la Pleine Lune | Lumière Sacrée');
  await page.goBack();
  await expect.poll(() => page.url()).toMatch(/\/store$/);
  await expect.poll(() => page.title()).toBe('Boutique | Lumière Sacrée');
  await screenshot(page, 'deep-link-product');
});

/** The text of an HTML page's app root, tags dropped, as a reader sees it before any script. */
const rootTextOf = (html: string) =>
  decodeEntities((/<div id="root"[^>]*>([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

it('serves each catalogue page with its content, inert until the app runs, and any other route the bare shell', async () => {
  const store = await crawl('/store');
  expect(store.html).toContain('<div id="root" inert>');
  const storeText = rootTextOf(store.html);
  expect(storeText).toContain('Boutique');
  expect(storeText).toContain('Rituel de la Pleine Lune');
  const product = rootTextOf((await crawl('/product/prod_gratitude')).html);
  expect(product).toContain('Méditation de la Gratitude');
  expect(product).toContain('7,00 €');
  expect(product).toContain('Ajouter au panier');
  expect(rootTextOf((await crawl('/')).html)).toContain('Éveillez la lumière qui sommeille en vous');
  // Routes the build does not pre-render answer the app's shell: never the home page's content.
  for (const path of ['/login', '/dashboard/orders', '/contact']) {
    const { html } = await crawl(path);
    expect(html, path).toContain('<div id="root"></div>');
    expect(html, path).not.toContain('page-data');
  }
});

it('hands a pre-rendered page to the app without a loader in between or any error, and the page then answers', async () => {
  const page = await browser.open();
  // The app adopts the served markup (hydration): any difference from what it renders is an error.
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => void errors.push(error.message));
  // Records, from before the HTML is parsed, whether the app root ever showed its page loader.
  await page.addInitScript(`
    window.__loaderSeen = false;
    new MutationObserver(() => {
      if (document.getElementById('root')?.textContent?.includes('Chargement…')) window.__loaderSeen = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  `);
  for (const path of ['/', '/about', '/faq', '/store', '/product/prod_gratitude']) {
    await page.goto(path);
    await expect.poll(() => page.locator('#root:not([inert])').count(), { message: path }).toBe(1);
    expect(await page.evaluate('window.__loaderSeen'), path).toBe(false);
  }
  expect(errors).toEqual([]);
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');
});

/** What a server's first round trip carries (TCP's first window: ten segments of 1,460 bytes), its headers aside. */
const firstRoundTripBytes = 14 * 1024;

it("serves each pre-rendered page within the first round trip, held by no stylesheet, and the app applies the whole one before it answers", async () => {
  for (const path of ['/', '/store', '/about', '/faq', '/product/prod_gratitude']) {
    const { html } = await crawl(path);
    expect(gzipSync(html).length, path).toBeLessThanOrEqual(firstRoundTripBytes);
    // The whole stylesheet is linked for print only: the page's first paint waits for no request.
    expect(html.match(/<link rel="stylesheet"[^>]*>/g), path).toEqual([expect.stringContaining('media="print"')]);
  }
  // The cart panel (a dialog) is none of the store's own markup: only the whole stylesheet has its rules.
  const store = await crawl('/store');
  expect(/<style>([\s\S]*?)<\/style>/.exec(store.html)?.[1]).not.toContain('.z-\\[101\\]');

  const page = await browser.open();
  await page.goto('/store');
  await expect.poll(() => page.locator('#root:not([inert])').count()).toBe(1);
  await cartButton(page).click();
  await expect.poll(() => page.getByRole('dialog').evaluate((panel) => panel.ownerDocument.defaultView?.getComputedStyle(panel).zIndex)).toBe('101');
  await screenshot(page, 'deep-link-store-cart');
});
