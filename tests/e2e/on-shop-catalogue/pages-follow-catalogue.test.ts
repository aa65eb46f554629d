// Browser journey on a shop whose catalogue is its own (issue 44, deliverable 3): the administrator
// renames a published product, and its pre-rendered page, read as a crawler reads it (plain HTTP, no
// JavaScript), carries the new title once the host's build hook has run. The hook is the local one
// (scripts/stack/pages-build-hook.ts) re-running the pre-rendering into this site's built folder, at
// the URL the site's database reads from Vault; the database's rebuild-pages job calls it once the
// change has settled (half a minute to a minute and a half). Awaited on the hook's builds.
import { on } from 'node:events';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prerenderWebApp } from '../../../scripts/lib/web-app.ts';
import { startPagesBuildHook, type PagesBuildHook } from '../../../scripts/stack/pages-build-hook.ts';
import { siteWebEnv } from '../../../scripts/stack/site-plan.ts';
import { removeVaultSecrets, storeVaultSecrets } from '../../../scripts/stack/vault-secrets.ts';
import { demoAdmin, signedIn } from '../support/accounts.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { crawl } from '../support/crawler.ts';

const browser = useBrowser();
let hook: PagesBuildHook;
/** The renamed product and its title before, put back for the journeys that follow on this site. */
let renamed: { id: string; title: string } | undefined;
/** The site's own build hook, if it has one: this journey's stands in for it, then gives it back. */
let siteHookUrl: string | undefined;

beforeAll(async () => {
  const webEnv = siteWebEnv({
    apiUrl: process.env.SUPABASE_URL!,
    publishableKey: process.env.SUPABASE_PUBLISHABLE_KEY!,
    commerceUrl: process.env.COMMERCE_API_URL,
    siteUrl: process.env.WEB_URL!,
    adminEmail: demoAdmin.email,
    catalogueSource: 'shop',
  });
  hook = await startPagesBuildHook(() => prerenderWebApp(webEnv, process.env.WEB_DIST_DIR!));
  const db = new pg.Client({ connectionString: process.env.SUPABASE_DB_URL! });
  await db.connect();
  const { rows } = await db
    .query<{ url: string }>(`select decrypted_secret as url from vault.decrypted_secrets where name = 'pages_build_hook_url'`)
    .finally(() => db.end());
  siteHookUrl = rows[0]?.url;
});
afterAll(async () => {
  const dbUrl = process.env.SUPABASE_DB_URL!;
  if (siteHookUrl) await storeVaultSecrets(dbUrl, { pages_build_hook_url: siteHookUrl });
  else await removeVaultSecrets(dbUrl, ['pages_build_hook_url']);
  await hook?.stop();
  if (renamed) {
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    await db.query('update public.products set title = $2 where id = $1', [renamed.id, renamed.title]).finally(() => db.end());
  }
});

it('renames a published product, whose pre-rendered page then carries the new title', { timeout: 240_000 }, async () => {
  const admin = await signedIn(browser, demoAdmin, '/admin/products');
  const card = admin.getByRole('article').filter({ has: admin.getByText('Publié', { exact: true }) }).first();
  await expect.poll(() => card.isVisible()).toBe(true);
  const id = (await card.getAttribute('aria-labelledby'))!.replace(/^product-/, '');
  const title = (await card.getByRole('heading', { level: 2 }).textContent())!;
  const newTitle = `Rituel de l’Aube ${Date.now().toString(36)}`;

  const before = await crawl(`/product/${id}`);
  expect(before.meta.get('og:title')).toBe(title);

  await card.getByText('Modifier les textes').click();
  const form = admin.getByRole('form', { name: `Textes de « ${title} »` });
  await form.getByLabel('Titre *').fill(newTitle);
  await form.getByRole('button', { name: 'Enregistrer les textes' }).click();
  renamed = { id, title };
  const renamedCard = admin.getByRole('article', { name: newTitle });
  await expect.poll(() => renamedCard.getByText('Publié', { exact: true }).isVisible()).toBe(true);
  await screenshot(renamedCard, 'pages-follow-catalogue-renamed');

  // The host's hook set in Vault only now, so that the job's first call carries this change with what
  // the site's start left stale (its demo catalogue), rather than build that first and this a minute later.
  await storeVaultSecrets(process.env.SUPABASE_DB_URL!, { pages_build_hook_url: hook.url });

  // Each build the hook runs (another change may have asked for one first), until the page has the title.
  for await (const [error] of on(hook.events, 'built', { signal: AbortSignal.timeout(200_000) })) {
    expect(error).toBeUndefined();
    if ((await crawl(`/product/${id}`)).meta.get('og:title') === newTitle) break;
  }
  const page = await crawl(`/product/${id}`);
  expect(page.status).toBe(200);
  expect(page.title).toContain(newTitle);
  expect(page.structuredData).toContainEqual(expect.objectContaining({ '@type': 'Product', name: newTitle }));
  // The page's body too, as the app will adopt it.
  expect(/<body[\s\S]*<\/body>/.exec(page.html)?.[0]).toContain(newTitle);

  const visitor = await browser.open();
  await visitor.goto(`/product/${id}`);
  await expect.poll(() => visitor.getByRole('heading', { name: newTitle, level: 1 }).isVisible()).toBe(true);
  await screenshot(visitor, 'pages-follow-catalogue-visitor');
});
