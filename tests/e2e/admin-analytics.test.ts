// Browser journeys of the admin analytics (issue 13, items 3 to 5) against the whole local
// stack: public page views counted in the dashboard's visits, a pending checkout and a real
// purchase in the tiles, the purchase in today's revenue and in the accountant's CSV export; a
// refund made from the users page counted apart (issue 29): the dashboard's net revenue and
// refunds, the analytics' refunds on the day of the avoir. Other journeys buy and refund on the
// same stack meanwhile, so figures are compared with the database's of the same moment.
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, openPaymentPage, payForCart } from './support/cart.ts';
import { openRefundForm } from './support/refunds.ts';

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

/** What an admin dashboard tile shows after its label (a link or a box: its label, its value, a detail). */
async function tileText(page: Page, label: string): Promise<string> {
  const box = page.getByRole('region', { name: 'Chiffres clés' }).locator('a, div').filter({ has: page.getByText(label, { exact: true }) }).first();
  return (await box.textContent())?.replace(label, '').trim() ?? '';
}

/** The number an admin dashboard tile shows. */
async function tile(page: Page, label: string): Promise<number> {
  const text = await tileText(page, label);
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** `1 234,50 €` → 123450, `-14,00 €` → -1400; NaN for anything else (a skeleton, a dash). */
function cents(text: string): number {
  const amount = /^([-\u2212]?)([\d\s\u00a0\u202f]+,\d{2})\s*€/.exec(text.trim());
  if (!amount) return Number.NaN;
  return (amount[1] ? -1 : 1) * Math.round(Number(amount[2]!.replace(/\D/g, '')));
}

/** An amount tile of the dashboard in cents, and the count its detail line gives (`Aucune commande remboursée`: 0). */
async function amountTile(page: Page, label: string): Promise<{ cents: number; count: number }> {
  const text = await tileText(page, label);
  const counted = /(Aucune|\d+) commandes? remboursées?$/.exec(text)?.[1];
  return { cents: cents(text), count: counted === undefined ? Number.NaN : counted === 'Aucune' ? 0 : Number(counted) };
}

/** Today's gross sales, refunds and net as the table view of the revenue chart shows them (its last row is today). */
async function todaysSales(page: Page): Promise<{ gross: number; refunded: number; net: number }> {
  const chart = page.getByRole('figure', { name: "Chiffre d'affaires par jour" });
  const details = chart.locator('details');
  if ((await details.getAttribute('open')) === null) await chart.getByText('Voir les données en tableau').click();
  expect(await chart.getByRole('columnheader').allTextContents()).toEqual(['Jour', 'Brut', 'Remboursements', 'Net']);
  const [gross, refunded, net] = (await chart.getByRole('row').last().getByRole('cell').allTextContents()).map(cents);
  return { gross: gross!, refunded: refunded!, net: net! };
}

/** A figure of the analytics period (`Chiffre d'affaires net`…) in cents. */
async function periodFigure(page: Page, label: string): Promise<number> {
  const figure = page.locator('dl[aria-label="Chiffres de la période"] > div').filter({ has: page.getByText(label, { exact: true }) });
  return cents((await figure.locator('dd > span').first().textContent()) ?? '');
}

/**
 * The refund figures as the source tables give them now, whatever the rollups say: over the last
 * 30 Paris days (today included) and today, gross sales by the order's day, refunds by the credit
 * note's; and the amounts of `email`'s credit notes.
 */
async function refundFigures(email: string) {
  const db = new pg.Client({ connectionString: process.env.SUPABASE_DB_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ gross_30d: number; refunded_30d: number; refunded_orders_30d: number; gross_today: number; refunded_today: number; theirs: number[] }>(
      `with bounds as (
         select ((now() at time zone 'Europe/Paris')::date - 29)::timestamp at time zone 'Europe/Paris' as month_start,
                (now() at time zone 'Europe/Paris')::date::timestamp at time zone 'Europe/Paris' as today_start)
       select (select coalesce(sum(o.total_amount_cents), 0) from public.orders o where o.status = 'completed' and o.created_at >= b.month_start)::integer as gross_30d,
              (select coalesce(sum(n.amount_cents), 0) from public.credit_notes n where n.created_at >= b.month_start)::integer as refunded_30d,
              (select count(distinct n.order_id) from public.credit_notes n where n.created_at >= b.month_start)::integer as refunded_orders_30d,
              (select coalesce(sum(o.total_amount_cents), 0) from public.orders o where o.status = 'completed' and o.created_at >= b.today_start)::integer as gross_today,
              (select coalesce(sum(n.amount_cents), 0) from public.credit_notes n where n.created_at >= b.today_start)::integer as refunded_today,
              (select coalesce(array_agg(n.amount_cents), '{}') from public.credit_notes n join public.orders o on o.id = n.order_id
                 join auth.users u on u.id = o.user_id where u.email = $1) as theirs
         from bounds b`,
      [email],
    );
    return rows[0]!;
  } finally {
    await db.end();
  }
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
  await expect.poll(() => todaysSales(admin).then((today) => today.gross).catch(() => Number.NaN)).not.toBeNaN();
  const revenueBefore = (await todaysSales(admin)).gross;

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
  await expect.poll(async () => (await todaysSales(admin)).gross).toBeGreaterThanOrEqual(revenueBefore + 1400);
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

it('counts a refund apart: net revenue and refunds on the dashboard, refunds on the day of the avoir in the analytics', async () => {
  const buyer = await signUpCustomer('avoir-analytique');
  const customer = await signedIn(browser, buyer);
  await addMeditationToCart(customer);
  await payForCart(customer);

  // The administrator refunds the whole 14,00 € order from the users page (refund-order, record_refund).
  const admin = await signedIn(browser, demoAdmin);
  const { orders, form } = await openRefundForm(admin, buyer);
  await form.getByLabel('Motif').fill('Geste commercial');
  // Hostinger refunds only in hPanel: the money went back there, the shop records it « hors ligne ».
  await form.getByRole('checkbox', { name: 'Remboursement effectué hors ligne' }).check();
  await form.getByRole('button', { name: 'Rembourser' }).click();
  await expect.poll(() => form.getByText(/^Rembourser 14,00\s€ \?/).isVisible()).toBe(true);
  await form.getByRole('button', { name: 'Confirmer le remboursement' }).click();
  await expect.poll(() => orders.textContent()).toContain('Remboursée');
  expect((await refundFigures(buyer.email)).theirs).toEqual([1400]);

  // The dashboard: revenue of 30 days net of refunds, the refunds and refunded orders apart, each
  // equal to what the orders and credit notes say at the same moment (this refund among them).
  await admin.goto('/admin/dashboard');
  await expect
    .poll(async () => {
      await admin.reload();
      await expect.poll(async () => (await amountTile(admin, 'Remboursements (30 jours)')).count).not.toBeNaN();
      const db = await refundFigures(buyer.email);
      const refunds = await amountTile(admin, 'Remboursements (30 jours)');
      const net = await amountTile(admin, "Chiffre d'affaires net (30 jours)");
      return refunds.cents === db.refunded_30d && refunds.count === db.refunded_orders_30d && net.cents === db.gross_30d - db.refunded_30d;
    })
    .toBe(true);
  expect(await tile(admin, 'Litiges en cours')).not.toBeNaN();
  await screenshot(admin, 'admin-dashboard-refunds');

  // The analytics page (30 days): the period's gross sales, refunds and net, and today's row of
  // the revenue chart with this refund, dated by its avoir.
  await admin.goto('/admin/analytics');
  await expect
    .poll(async () => {
      await admin.reload();
      await expect.poll(() => periodFigure(admin, 'Remboursements')).not.toBeNaN();
      const db = await refundFigures(buyer.email);
      const today = await todaysSales(admin);
      return (
        (await periodFigure(admin, "Chiffre d'affaires brut")) === db.gross_30d &&
        (await periodFigure(admin, 'Remboursements')) === db.refunded_30d &&
        (await periodFigure(admin, "Chiffre d'affaires net")) === db.gross_30d - db.refunded_30d &&
        today.gross === db.gross_today &&
        today.refunded === db.refunded_today &&
        today.net === today.gross - today.refunded
      );
    })
    .toBe(true);
  await screenshot(admin, 'admin-analytics-refunds');
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
  // Nothing of /admin or /dashboard reports itself.
  expect(paths().filter((path) => path.startsWith('/admin') || path.startsWith('/dashboard'))).toEqual([]);
  expect(JSON.parse(reports.find((body) => body.includes('/about'))!)).toEqual({ p_path: '/about', p_referrer_host: null });
});
