// Issue 22, "no tracking": no page of the shop makes a request outside the shop's own origins (the
// web app, the Supabase API and its realtime socket, the commerce service), whether visited
// anonymously, as a customer or as the administrator: no font, script, image, analytics or
// socket of a third party. What the browser keeps is stated in the privacy notice.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { useBrowser, webUrl } from './support/browser.ts';

const browser = useBrowser();
const ownOrigins = new Set([webUrl(), process.env.SUPABASE_URL!, process.env.COMMERCE_API_URL!].map((url) => new URL(url).origin));

/** Every URL the page asks for (requests and sockets), from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('websocket', (socket) => urls.push(socket.url()));
  return urls;
}

/** The URLs outside the shop's origins; data: and blob: URLs never leave the browser. */
function foreign(urls: string[]): string[] {
  return urls.filter((url) => {
    const parsed = new URL(url);
    if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return false;
    const origin = `${parsed.protocol.replace(/^ws/, 'http')}//${parsed.host}`;
    return !ownOrigins.has(origin);
  });
}

async function visit(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
}

it('no page, public, customer or administrator, requests anything outside the shop', async () => {
  const visitor = await browser.open();
  const visited = recordRequests(visitor);
  await visit(visitor, ['/', '/store', '/product/prod_meditation_lumiere_interieure', '/about', '/contact', '/faq', '/login', '/register',
    '/mentions-legales', '/cgv', '/cgv?version=1', '/confidentialite', '/page-inexistante']);
  await visitor.getByRole('banner').getByRole('button', { name: /^Panier, / }).click();

  const customer = await signedIn(browser, await signUpCustomer('sans-traceur'));
  const asCustomer = recordRequests(customer);
  await visit(customer, ['/dashboard', '/dashboard/orders', '/dashboard/library', '/dashboard/messages', '/dashboard/profile']);

  const admin = await signedIn(browser, demoAdmin);
  const asAdmin = recordRequests(admin);
  await visit(admin, ['/admin/dashboard', '/admin/products', '/admin/users', '/admin/analytics', '/admin/messages', '/admin/conversations',
    '/admin/payments', '/admin/settings', '/admin/settings/legal']);

  const all = [...visited, ...asCustomer, ...asAdmin];
  expect(all.length).toBeGreaterThan(50);
  expect(all.some((url) => url.startsWith(process.env.SUPABASE_URL!))).toBe(true);
  expect(foreign(all)).toEqual([]);
});
