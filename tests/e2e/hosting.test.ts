// The production build as Apache serves it from the generated `.htaccess` (scripts/test.ts): the
// headers of the app shell, a hashed asset, the service worker and a deep link are exactly the
// site policy's (web/hosting), a deep link survives a reload, a pre-rendered page (a folder with
// its index.html, issue #27) is served before the app's fallback, and the policy blocks an inline
// script but not a JSON-LD block.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sitePolicy } from '../../web/hosting/site-policy.ts';
import { launchBrowser, newPage, screenshot, useBrowser, webUrl } from './support/browser.ts';
import { recordCspViolations } from './support/csp-violations.ts';

const browser = useBrowser();
const env = process.env as Record<string, string>;
const policy = sitePolicy({ VITE_SUPABASE_URL: env.SUPABASE_URL!, VITE_COMMERCE_API_URL: env.COMMERCE_API_URL! });
const productPath = '/product/prod_meditation_lumiere_interieure';
const probe = 'page-pre-rendue-test';

afterAll(() => rmSync(join(env.WEB_DIST_DIR!, probe), { recursive: true, force: true }));

async function headersOf(path: string): Promise<Headers> {
  const response = await fetch(`${webUrl()}${path}`);
  expect(response.status, path).toBe(200);
  return response.headers;
}

function expectSecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(policy.securityHeaders)) expect(headers.get(name), name).toBe(value);
}

it('answers the shell, an asset, the service worker and a deep link with the site policy headers', async () => {
  const html = await (await fetch(`${webUrl()}/`)).text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  const expected: Record<string, { cache: string; type: RegExp }> = {
    '/': { cache: 'no-cache', type: /^text\/html/ },
    [asset]: { cache: 'public, max-age=31536000, immutable', type: /^text\/javascript/ },
    '/sw.js': { cache: 'no-cache', type: /^text\/javascript/ },
    '/manifest.webmanifest': { cache: 'no-cache', type: /^application\/manifest\+json/ },
    [productPath]: { cache: 'no-cache', type: /^text\/html/ },
  };
  for (const [path, { cache, type }] of Object.entries(expected)) {
    const headers = await headersOf(path);
    expectSecurityHeaders(headers);
    expect(headers.get('cache-control'), path).toBe(cache);
    expect(headers.get('content-type'), path).toMatch(type);
  }
  // A deep link the build did not pre-render gets the app's shell, /shell.html (never the home page,
  // which index.html now is, content included); a product, its own page (issue #27).
  expect(await (await fetch(`${webUrl()}/dashboard/orders`)).text()).toBe(await (await fetch(`${webUrl()}/shell.html`)).text());
  expect(await (await fetch(`${webUrl()}/shell.html`)).text()).toContain('<div id="root"></div>');
  expect(await (await fetch(`${webUrl()}${productPath}`)).text()).toContain('<title>Méditation de la Lumière Intérieure | Lumière Sacrée</title>');
  const csp = policy.securityHeaders['Content-Security-Policy']!;
  expect(csp).toMatch(/script-src 'self';/);
  expect(csp).toContain(`connect-src 'self' ${env.SUPABASE_URL} ${env.SUPABASE_URL!.replace('http:', 'ws:')} ${env.COMMERCE_API_URL} blob:`);
  // A missing chunk stays a 404 (a stale tab's import fails as a script), never the app's HTML.
  const missing = await fetch(`${webUrl()}/assets/absent-0000.js`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get('cache-control')).toBeNull();
  expect((await fetch(`${webUrl()}/.htaccess`)).status).toBe(403);
});

it('opens a deep link and reloads it', async () => {
  const page = await browser.open();
  await page.goto(productPath);
  const title = page.getByRole('heading', { level: 1, name: /Lumière Intérieure/ });
  await expect.poll(() => title.isVisible()).toBe(true);
  await page.reload();
  await expect.poll(() => title.isVisible()).toBe(true);
  await screenshot(page, 'hosting-deep-link-reloaded');
});

it('serves a pre-rendered page before the fallback, and its JSON-LD passes the policy where an inline script does not', async () => {
  const folder = join(env.WEB_DIST_DIR!, probe);
  mkdirSync(folder, { recursive: true });
  const jsonLd = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Méditation"}</script>';
  writeFileSync(join(folder, 'index.html'), `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Pré-rendue</title>${jsonLd}</head><body><h1>Page pré-rendue</h1><script>document.title = 'exécuté';</script></body></html>`);
  for (const path of [`/${probe}`, `/${probe}/`]) {
    const response = await fetch(`${webUrl()}${path}`);
    expect(await response.text(), path).toContain('Page pré-rendue');
    expectSecurityHeaders(response.headers);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  }
  // A context of its own: the inline script's violation is this test's expectation, not a failure.
  const launched = await launchBrowser();
  try {
    const { context, page } = await newPage(launched);
    const violations = await recordCspViolations(context);
    await page.goto(`/${probe}`);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.title()).toBe('Pré-rendue');
    expect(violations.every((text) => !/ld\+json|schema\.org/.test(text))).toBe(true);
    expect(violations.some((text) => /script-src/.test(text))).toBe(true);
    expect(await page.locator('script[type="application/ld+json"]').textContent()).toContain('"@type":"Product"');
  } finally {
    await launched.close();
  }
});
