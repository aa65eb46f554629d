// The forgotten password in Chromium against the whole local stack (issue 20): from the login page
// to the mail in the auth outbox, its link, a new password chosen under the spec's rules, and the
// customer signed in with it while the old one is refused; the spent link no longer works.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newestMailTo } from '../../scripts/stack/auth/test-stack.ts';
import { logIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser, webUrl } from './support/browser.ts';

const browser = useBrowser();

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

it('lets a customer who forgot the password choose a new one from the mailed link, and sign in with it', async () => {
  const account = await signUpCustomer('oubli');
  const page = await browser.open();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect.poll(() => heading(page, 'Mot de passe oublié').isVisible()).toBe(true);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Si un compte existe pour cette adresse' }).isVisible()).toBe(true);
  await screenshot(page, 'password-recovery-requested');

  const mail = await newestMailTo(process.env.SUPABASE_URL!, account.email);
  expect(mail.action).toBe('recovery');
  expect(new URL(mail.link).searchParams.get('redirect_to')).toBe(`${webUrl()}/reset-password`);

  await page.goto(mail.link);
  await expect.poll(() => heading(page, 'Nouveau mot de passe').isVisible()).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/reset-password');
  const newPassword = page.getByLabel('Nouveau mot de passe', { exact: true });
  const confirmation = page.getByLabel('Confirmer le mot de passe', { exact: true });
  const submit = page.getByRole('button', { name: 'Changer le mot de passe' });

  await newPassword.fill('court');
  await confirmation.fill('court');
  await submit.click();
  await expect.poll(() => page.getByText('Le mot de passe doit contenir au moins 6 caractères.').isVisible()).toBe(true);
  await newPassword.fill('nouvelle-lumiere');
  await confirmation.fill('nouvelle-lumiere!');
  await submit.click();
  await expect.poll(() => page.getByText('Les mots de passe ne correspondent pas.').isVisible()).toBe(true);
  await confirmation.fill('nouvelle-lumiere');
  await submit.click();

  // Signed in by the link, the customer lands in the profile with the spec's confirmation.
  await expect.poll(() => page.getByText('Votre mot de passe a été changé.').first().isVisible()).toBe(true);
  await page.waitForURL((url) => url.pathname === '/dashboard/profile');
  await expect.poll(() => heading(page, 'Mon Profil').isVisible()).toBe(true);
  await screenshot(page, 'password-recovery-done');

  // Elsewhere: the old password is refused, the new one signs in.
  const elsewhere = await browser.open();
  await elsewhere.goto('/login');
  await logIn(elsewhere, account);
  await expect.poll(() => elsewhere.getByText('Email ou mot de passe incorrect. Veuillez vérifier vos informations.').isVisible()).toBe(true);
  expect(new URL(elsewhere.url()).pathname).toBe('/login');
  await logIn(elsewhere, { ...account, password: 'nouvelle-lumiere' });
  await elsewhere.waitForURL((url) => !url.pathname.startsWith('/login'));

  // The link was spent: opened again, it offers a new one instead of a password form.
  const later = await browser.open();
  await later.goto(mail.link);
  await expect.poll(() => heading(later, 'Lien expiré').isVisible()).toBe(true);
  expect(await later.getByLabel('Nouveau mot de passe', { exact: true }).count()).toBe(0);
  await later.getByRole('link', { name: 'Demander un nouveau lien' }).click();
  await expect.poll(() => heading(later, 'Mot de passe oublié').isVisible()).toBe(true);
  await screenshot(later, 'password-recovery-spent-link');
});
