// Browser journey of issue 31: a customer writes in the chat while the administrator is on another
// admin page; the admin layout's conversations counter rises live (realtime) and the installed
// app's badge is set (Badging API); send-notifications' scheduled job mails the French notice, which
// the mail sandbox's outbox page shows with a link that opens that very conversation. Then the
// administrator's own choices in Paramètres › Notifications are saved and read back.
import pg from 'pg';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';

const browser = useBrowser();

/** The count the sidebar shows beside a link, or '' when none. */
const sidebarCount = async (page: Page, label: string) => {
  const link = page.getByRole('navigation', { name: "Navigation de l'administration" }).getByRole('link', { name: new RegExp(`^${label}`) }).first();
  return ((await link.textContent()) ?? '').replace(label, '').replace(/,.*$/, '').trim();
};

/**
 * The administrator's waiting conversations as the database counts them now (admin_unread_counts'
 * rule: a customer with an unread message to them, at most 100), and whether `customerEmail`'s is
 * among them.
 */
async function waitingConversations(adminEmail: string, customerEmail: string): Promise<{ all: number; theirs: boolean }> {
  const db = new pg.Client({ connectionString: process.env.SUPABASE_DB_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ all: number; theirs: boolean | null }>(
      `select least(count(distinct m.sender_id), 100)::int as all, bool_or(sender.email = $2) as theirs
         from public.user_messages m
         join auth.users admin on admin.id = m.receiver_id
         join auth.users sender on sender.id = m.sender_id
        where admin.email = $1 and not m.is_read
          and not exists (select 1 from public.profiles staff where staff.id = m.sender_id and staff.role = 'admin')`,
      [adminEmail, customerEmail],
    );
    return { all: rows[0]!.all, theirs: rows[0]!.theirs === true };
  } finally {
    await db.end();
  }
}

/**
 * What Supabase Cron runs every minute for send-notifications (its secret from Vault, the call
 * through pg_net), run now rather than at the next minute; the schedule itself is the stack
 * tests' (scripts/stack/pg-net/schedule.test.ts: a pg_cron job reaching a function at the next minute).
 */
async function runNotificationsJob(): Promise<void> {
  const db = new pg.Client({ connectionString: process.env.SUPABASE_DB_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ command: string }>(`select command from cron.job where jobname = 'send-notifications'`);
    expect(rows).toHaveLength(1);
    await db.query(rows[0]!.command);
  } finally {
    await db.end();
  }
}

/** Records what the page asks of the Badging API (Chromium has it; the recording wraps it). */
const recordAppBadge = () => {
  const calls: unknown[] = [];
  (globalThis as unknown as { appBadgeCalls: unknown[] }).appBadgeCalls = calls;
  const record = (contents?: number) => {
    calls.push(contents ?? 0);
    return Promise.resolve();
  };
  Object.defineProperty(Navigator.prototype, 'setAppBadge', { value: record, configurable: true });
  Object.defineProperty(Navigator.prototype, 'clearAppBadge', { value: () => record(0), configurable: true });
};

it('a customer writes in the chat: the admin layout counts it live, the badge shows it, and the French e-mail links to the conversation', async () => {
  const account = await signUpCustomer('notifie');
  const admin = await browser.open();
  await admin.addInitScript(recordAppBadge);
  await admin.goto('/login');
  await admin.getByLabel('Email').fill(demoAdmin.email);
  await admin.getByLabel('Mot de passe').fill(demoAdmin.password);
  await admin.getByRole('button', { name: 'Se connecter' }).click();
  await admin.waitForURL((url) => !url.pathname.startsWith('/login'));
  await admin.goto('/admin/products');
  await expect.poll(() => admin.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);

  const customer = await signedIn(browser, account);
  await customer.goto('/dashboard/messages');
  const question = `Je n'arrive pas à ouvrir mon enseignement ${Date.now().toString(36)}`;
  await customer.getByLabel('Votre message').fill(question);
  await customer.getByRole('button', { name: 'Envoyer' }).click();

  // Live, without a reload: the customer's conversation is waiting and the counter shows exactly
  // what the database counts at that moment. Journeys running beside this one on the same stack
  // may open conversations too, so the figure is the database's, not the one before plus one.
  await expect
    .poll(async () => {
      const waiting = await waitingConversations(demoAdmin.email, account.email);
      return waiting.theirs && Number((await sidebarCount(admin, 'Conversations')) || '0') === waiting.all;
    }, { timeout: 15_000 })
    .toBe(true);
  // The installed app's badge says what waits in all: these conversations and the new contact messages.
  await expect
    .poll(async () => {
      const badge = await admin.evaluate(() => (globalThis as unknown as { appBadgeCalls: number[] }).appBadgeCalls.at(-1));
      const shown = Number((await sidebarCount(admin, 'Conversations')) || '0') + Number((await sidebarCount(admin, 'Messages')) || '0');
      return badge !== undefined && shown > 0 && badge === shown;
    })
    .toBe(true);
  await screenshot(admin, 'notifications-sidebar-count');

  // The schedule's job mails it; the outbox page shows the French mail.
  await runNotificationsJob();
  const outbox = await browser.open();
  const subject = `Nouvelle conversation : ${account.fullName} vous a écrit`;
  await expect
    .poll(
      async () => {
        await outbox.goto(process.env.MAIL_API_URL!);
        return outbox.getByText(subject).first().isVisible();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
  const mail = outbox.locator('article, section, li').filter({ hasText: subject }).filter({ hasText: question }).first();
  await expect.poll(() => mail.isVisible()).toBe(true);
  await screenshot(outbox, 'notifications-outbox');
  const text = (await mail.textContent()) ?? '';
  const link = /https?:\/\/\S+\/admin\/conversations\/[0-9a-f-]{36}/.exec(text)?.[0];
  expect(link, text).toBeTruthy();

  // The link opens that conversation in the admin area.
  await admin.goto(link!);
  await expect.poll(() => admin.getByRole('log', { name: 'Fil de la conversation' }).getByText(question, { exact: true }).isVisible()).toBe(true);
  await screenshot(admin, 'notifications-conversation');
}, 240_000);

it("an administrator chooses their notifications in Paramètres: a daily digest at 19 h for orders, none for contact messages", async () => {
  const admin = await signedIn(browser, demoAdmin);
  await admin.goto('/admin/settings');
  await admin.getByRole('link', { name: 'Notifications' }).click();
  await admin.waitForURL(/\/admin\/settings\/notifications$/);
  const contact = admin.getByRole('group', { name: 'Nouveaux messages de contact' });
  const orders = admin.getByRole('group', { name: 'Nouvelles commandes' });
  await contact.getByLabel('Jamais').check();
  await orders.getByLabel('Dans le résumé quotidien').check();
  await admin.getByLabel('Heure du résumé quotidien (heure de Paris)').selectOption('19');
  await admin.getByRole('button', { name: 'Enregistrer' }).click();
  await expect.poll(() => admin.getByText('Préférences enregistrées.').first().isVisible()).toBe(true);
  await expect.poll(() => admin.getByRole('heading', { name: 'Notifications non délivrées' }).isVisible()).toBe(true);

  await admin.reload();
  await expect.poll(() => admin.getByRole('group', { name: 'Nouveaux messages de contact' }).getByLabel('Jamais').isChecked()).toBe(true);
  expect(await admin.getByRole('group', { name: 'Nouvelles commandes' }).getByLabel('Dans le résumé quotidien').isChecked()).toBe(true);
  expect(await admin.getByRole('group', { name: 'Nouvelles conversations' }).getByLabel('Immédiatement').isChecked()).toBe(true);
  expect(await admin.getByLabel('Heure du résumé quotidien (heure de Paris)').inputValue()).toBe('19');
  await screenshot(admin, 'notifications-settings');

  // Back to the defaults, so the other journeys' administrator is told of everything.
  await admin.getByRole('group', { name: 'Nouveaux messages de contact' }).getByLabel('Immédiatement').check();
  await admin.getByRole('group', { name: 'Nouvelles commandes' }).getByLabel('Immédiatement').check();
  await admin.getByRole('button', { name: 'Enregistrer' }).click();
  await expect.poll(() => admin.getByText('Préférences enregistrées.').first().isVisible()).toBe(true);
});
