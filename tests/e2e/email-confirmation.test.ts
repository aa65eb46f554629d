// Confirmed e-mail and the sign-in link in Chromium against the whole local stack (issue 20):
// register → the mailbox reminder → signing in too early says so and offers the mail again → the
// French mail on the auth outbox page → its link signs in → the password works from then on; and
// the magic link from /login, spent once used.
import pg from 'pg';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newestMailTo } from '../../scripts/stack/auth/test-stack.ts';
import { logIn, signUpCustomer, type Account } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';

const browser = useBrowser();
const outboxUrl = () => `${process.env.SUPABASE_URL}/auth/v1/outbox`;
const toastText = (page: Page, text: string) => page.getByText(text).first();

/** As if the last confirmation mail had gone over a minute ago (GoTrue's interval between two). */
async function ageConfirmationMail(email: string): Promise<void> {
  const db = new pg.Client({ connectionString: process.env.SUPABASE_DB_URL });
  await db.connect();
  try {
    await db.query(`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`, [email]);
  } finally {
    await db.end();
  }
}

it('confirms a new account from the French mail in the outbox, after refusing to sign in before, and re-sends the mail on request', async () => {
  const account: Account = { email: `confirmation-${Date.now()}@example.test`, password: 'lumiere-2026', fullName: 'Inès Dupont' };
  const page = await browser.open();
  await page.goto('/register');
  await page.getByLabel('Nom complet').fill(account.fullName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  const reminder = page.getByRole('status').filter({ hasText: 'Vérifiez votre boîte email' });
  await expect.poll(() => reminder.isVisible()).toBe(true);
  expect(await reminder.textContent()).toContain(account.email);
  await screenshot(page, 'email-confirmation-check-mailbox');

  // A second mail within the minute: GoTrue's interval, said in French.
  const firstLink = (await newestMailTo(process.env.SUPABASE_URL!, account.email)).link;
  await reminder.getByRole('button', { name: "Renvoyer l'e-mail" }).click();
  await expect.poll(() => toastText(page, 'Veuillez patienter une minute').isVisible()).toBe(true);
  // A minute later, a new link, the old one void.
  await ageConfirmationMail(account.email);
  await reminder.getByRole('button', { name: "Renvoyer l'e-mail" }).click();
  await expect.poll(() => toastText(page, "Un nouveau lien de confirmation vient d'être envoyé").isVisible()).toBe(true);
  const mail = await newestMailTo(process.env.SUPABASE_URL!, account.email);
  expect(mail.link).not.toBe(firstLink);

  // Signing in before confirming: the spec's message, and the same offer.
  const early = await browser.open();
  await early.goto('/login');
  await logIn(early, account);
  const unconfirmed = early.getByRole('status').filter({ hasText: 'Veuillez confirmer votre email avant de vous connecter.' });
  await expect.poll(() => unconfirmed.isVisible()).toBe(true);
  expect(await unconfirmed.getByRole('button', { name: "Renvoyer l'e-mail" }).isVisible()).toBe(true);
  expect(new URL(early.url()).pathname).toBe('/login');
  await screenshot(early, 'email-confirmation-too-early');

  // The mail as the customer reads it, in French, on the outbox page; its button confirms and signs in.
  const mailbox = await browser.open();
  await mailbox.goto(outboxUrl());
  const item = mailbox.locator('li.mail').filter({ hasText: account.email }).first();
  expect(await item.locator('.mail-subject').textContent()).toBe('Confirmez votre adresse e-mail');
  expect(await item.locator('.mail-body').textContent()).toContain('Merci de votre inscription. Pour activer votre compte');
  await screenshot(mailbox, 'email-confirmation-outbox');
  await item.locator('.mail-body').getByRole('link', { name: 'Confirmer mon adresse e-mail' }).click();
  await mailbox.waitForURL((url) => url.pathname === '/dashboard/profile');
  await expect.poll(() => mailbox.getByRole('heading', { name: 'Mon Profil', level: 1 }).isVisible()).toBe(true);

  // From then on the password signs in.
  const later = await browser.open();
  await later.goto('/login');
  await logIn(later, account);
  await later.waitForURL((url) => !url.pathname.startsWith('/login'));
});

it('signs a customer in with the link mailed from /login, once', async () => {
  const account = await signUpCustomer('lien-magique');
  const page = await browser.open();
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Recevoir un lien de connexion par email' }).click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: `Si un compte existe pour ${account.email}` }).isVisible()).toBe(true);
  await screenshot(page, 'magic-link-requested');

  const mail = await newestMailTo(process.env.SUPABASE_URL!, account.email);
  expect(mail.action).toBe('magiclink');
  expect(mail.subject).toBe('Votre lien de connexion');
  await page.goto(mail.link);
  await page.waitForURL((url) => url.pathname === '/dashboard/profile');
  await expect.poll(() => page.getByRole('heading', { name: 'Mon Profil', level: 1 }).isVisible()).toBe(true);

  const again = await browser.open();
  await again.goto(mail.link);
  await expect.poll(() => toastText(again, 'Ce lien est invalide ou a expiré.').isVisible()).toBe(true);
  expect(new URL(again.url()).pathname).toBe('/login');
  await screenshot(again, 'magic-link-spent');
});
