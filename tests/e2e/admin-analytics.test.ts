// Browser journeys of the admin analytics (issue 13, items 3 to 5) against the whole local
// stack: public page views counted in the dashboard's visits, a pending checkout and a real
// purchase in the tiles, the purchase in today's revenue and in the accountant's CSV export.
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, openPaymentPage } from './support/cart.ts';

const browser = useBrowser();

/** The shop's pending checkouts of the last 24 hours as the database counts them now, and `email`'s among them. */
async function pendingCheckouts(email: string): Promise<{ all: number; theirs: number }> {
  const db = new pg.Client({ connectionString: process.env.SUPABASE_DB_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ all: number; theirs: number }>(
      `select count(*)::integer as all, count(*) filter (where u.email = $1)::integer as theirs
         from public.checkout_sessions s left join auth.users u on u.id = s.user_id
        where s.status = 'pending' and s.created_at >= now() - interval '24 hours'`,
      [email],
    );
    return rows[0]!;
  } finally {
    await db.end();
  }
}

/** The number an admin dashboard tile shows (a link or a box whose text is its label then its value). */
async function tile(page: Page, label: string): Promise<number> {
  const box = page.getByRole('region', { name: 'Chiffres clés' }).locator('a, div').filter({ has: page.getByText(label, { exact: true }) }).first();
  const text = (await box.textContent())?.replace(label, '').trim() ?? '';
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** `1 234,50 €` → 123450. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

/** Today's revenue as the table view of the revenue chart shows it (its last row is today). */
async function todaysRevenue(page: Page): Promise<number> {
  const chart = page.getByRole('figure', { name: "Chiffre d'affaires par jour" });
  const details = chart.locator('details');
  if ((await details.getAttribute('open')) === null) await chart.getByText('Voir les données en tableau').click();
  return cents((await chart.getByRole('row').last().getByRole('cell').textContent()) ?? '');
}

it('counts public page views, a pending checkout and a purchase on the dashboard, in the analytics and in the CSV export', async () => {
  const admin = await signedIn(browser, demoAdmin);
  await admin.goto('/admin/dashboard');
  await expect.poll(() => tile(admin, 'Visites (24h)')).not.toBeNaN();
  const visitsBefore = await tile(admin, 'Visites (24h)');
  const ordersBefore = await tile(admin, 'Commandes (24 heures)');

  await admin.goto('/admin/analytics');
  await admin.getByRole('button', { name: '7 jours' }).click();
  await expect.poll(() => admin.getByRole('button', { name: '7 jours' }).getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => todaysRevenue(admin).catch(() => Number.NaN)).not.toBeNaN();
  const revenueBefore = await todaysRevenue(admin);

  // An anonymous visitor reads two public pages; each view is reported once the page is idle.
  // A browser of its own (user agent), so the other journeys' views this minute, from the same
  // address and Chromium, do not count against its rate limit.
  const visitor = await browser.open({ userAgent: `Mozilla/5.0 (analytique ${Date.now()})` });
  const reports: number[] = [];
  visitor.on('response', (response) => {
    if (response.url().endsWith('/rest/v1/rpc/record_page_view')) reports.push(response.status());
  });
  await visitor.goto('/');
  await visitor.getByRole('link', { name: 'Boutique' }).first().click();
  await expect.poll(() => reports.length).toBe(2);
  expect(reports).toEqual([200, 200]);

  // A customer starts a checkout (pending), then pays for it.
  const customer = await signUpCustomer('analytique');
  const buyer = await signedIn(browser, customer);
  await addMeditationToCart(buyer);
  await openPaymentPage(buyer);
  await admin.goto('/admin/dashboard');
  // The tile counts the shop's pending checkouts, the buyer's among them. Another one may settle
  // meanwhile (the schedule records the order of an earlier journey's buyer who paid and left), so
  // the tile is compared with the database's count of the same moment, not with the figure before.
  await expect
    .poll(async () => {
      await admin.reload();
      await expect.poll(() => tile(admin, 'Commandes en attente')).not.toBeNaN();
      const pending = await pendingCheckouts(customer.email);
      return pending.theirs === 1 && (await tile(admin, 'Commandes en attente')) === pending.all;
    })
    .toBe(true);
  await expect.poll(() => tile(admin, 'Visites (24h)')).toBeGreaterThanOrEqual(visitsBefore + 2);
  await buyer.getByRole('button', { name: 'Payer' }).click();
  await expect.poll(() => buyer.getByRole('heading', { name: 'Merci pour votre commande !' }).isVisible(), { timeout: 30_000 }).toBe(true);

  await admin.reload();
  await expect.poll(() => tile(admin, 'Commandes (24 heures)')).toBeGreaterThanOrEqual(ordersBefore + 1);
  await screenshot(admin, 'admin-dashboard-tiles');

  // The analytics page: the 14,00 € meditation is in today's revenue and its product rankings.
  await admin.goto('/admin/analytics');
  await admin.getByRole('button', { name: '7 jours' }).click();
  await expect.poll(() => todaysRevenue(admin)).toBeGreaterThanOrEqual(revenueBefore + 1400);
  const ranking = admin.getByRole('table', { name: 'Meilleures ventes (unités)' });
  await expect.poll(() => ranking.getByRole('rowheader', { name: 'Méditation de la Lumière Intérieure' }).isVisible()).toBe(true);
  await screenshot(admin, 'admin-analytics');

  // The accountant's CSV: BOM, French columns, `;`, this order with its decimal comma.
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Exporter les commandes (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^commandes-7-jours-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('Date;Heure;Numéro de commande;Client;E-mail;Produits;Statut;Montant TTC;Devise;Remboursé TTC;Avoirs;Net TTC');
  const line = lines.find((candidate) => candidate.includes(customer.email));
  expect(line).toBeDefined();
  const fields = line!.split(';');
  expect(fields[3]).toBe(customer.fullName);
  expect(fields[5]).toBe('1 × Méditation de la Lumière Intérieure (20 minutes)');
  expect(fields.slice(6)).toEqual(['Payée', '14,00', 'EUR', '0,00', '', '14,00']);
  expect(fields[0]).toBe(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date()));
});

it('does not count the pages of the customer area or the admin area', async () => {
  const admin = await signedIn(browser, demoAdmin);
  const reports: string[] = [];
  admin.on('request', (request) => {
    if (request.url().endsWith('/rest/v1/rpc/record_page_view')) reports.push(request.postData() ?? '');
  });
  await admin.goto('/admin/analytics');
  await expect.poll(() => admin.getByRole('heading', { name: 'Analytique', level: 1 }).isVisible()).toBe(true);
  await admin.goto('/dashboard');
  await expect.poll(() => admin.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
  await admin.goto('/about');
  const paths = () => reports.map((body) => (JSON.parse(body) as { p_path: string }).p_path);
  await expect.poll(paths).toContain('/about');
  // The login page before may still report itself; nothing of /admin or /dashboard does.
  expect(paths().filter((path) => path.startsWith('/admin') || path.startsWith('/dashboard'))).toEqual([]);
  expect(JSON.parse(reports.find((body) => body.includes('/about'))!)).toEqual({ p_path: '/about', p_referrer_host: null });
});
