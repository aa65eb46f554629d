// Browser journeys of what surrounds the pages (issue 5): the crash screen when a page fails to
// load, and the service worker that opens visited catalogue pages offline.
import { createClient } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import ws from 'ws';
import { screenshot, useBrowser } from './support/browser.ts';

const browser = useBrowser();

const admin = () => createClient(process.env.SUPABASE_URL!, process.env.SUPABASE_SECRET_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });

it('shows the crash screen when a page cannot load, reports it, and recovers on reload', async () => {
  // The same failure a visitor meets when the network drops a page's code (or a deploy removed it).
  const page = await browser.open({ serviceWorkers: 'block' });
  await page.route('**/assets/about-*.js', (route) => route.abort('failed'));
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'À Propos' }).click();

  await expect.poll(() => page.getByRole('heading', { name: 'Une erreur est survenue' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Notre équipe a été notifiée', { exact: false }).isVisible()).toBe(true);
  const details = page.getByText('Détails de l\'erreur');
  await details.click();
  await expect.poll(() => page.locator('details pre').textContent()).toContain('about-');
  await screenshot(page, 'crash-screen');

  // "Notre équipe a été notifiée": the report is in the database, for the page that broke.
  await expect
    .poll(async () => {
      const { data, error } = await admin().from('crash_reports').select('message, page_url, user_id').like('page_url', '%/about').order('created_at', { ascending: false }).limit(1);
      if (error) throw error;
      return data[0];
    })
    .toMatchObject({ user_id: null, message: expect.stringContaining('about-') });

  await page.unroute('**/assets/about-*.js');
  await page.getByRole('button', { name: 'Recharger la page' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Une erreur est survenue');
  await expect.poll(() => page.getByRole('heading', { name: 'Une erreur est survenue' }).count()).toBe(0);
});

it('opens the visited store and product pages offline', async () => {
  const page = await browser.open();
  const product = page.getByRole('article', { name: 'Méditation de la Lumière Intérieure' });
  await page.goto('/store');
  await expect.poll(() => product.isVisible()).toBe(true);
  // The worker registers once the first page has settled, then takes control of the page. A
  // function, not a string: Playwright evaluates a string predicate, which the CSP refuses.
  await page.waitForFunction(() => (navigator as unknown as { serviceWorker: { controller: unknown } }).serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await page.goto('/product/prod_meditation_lumiere_interieure');
  await expect.poll(() => page.getByRole('heading', { name: 'Méditation de la Lumière Intérieure', level: 1 }).isVisible()).toBe(true);
  await page.goto('/store');
  await expect.poll(() => product.isVisible()).toBe(true);

  await page.context().setOffline(true);
  // Offline for real, worker included: a catalogue read never made before fails.
  const unseen = await page.evaluate(async (url) => {
    try {
      return (await fetch(url)).status;
    } catch {
      return 'failed';
    }
  }, `${process.env.COMMERCE_API_URL}/store/${process.env.COMMERCE_STORE_ID}/products?limit=3`);
  expect(unseen).toBe('failed');

  await page.reload();
  await expect.poll(() => product.isVisible()).toBe(true);
  await page.goto('/product/prod_meditation_lumiere_interieure');
  await expect.poll(() => page.getByRole('heading', { name: 'Méditation de la Lumière Intérieure', level: 1 }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: 'Ajouter au panier' }).isVisible()).toBe(true);
  await screenshot(page, 'offline-product');
});

it('answers an address that leads nowhere with « Page introuvable » and a way home', async () => {
  const page = await browser.open();
  await page.goto('/nulle-part');
  await expect.poll(() => page.getByRole('heading', { name: 'Page introuvable', level: 1 }).isVisible()).toBe(true);
  await screenshot(page, 'not-found');
  await page.getByRole('link', { name: 'Retour à l\'accueil' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});
