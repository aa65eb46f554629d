// Fresh customers for the journeys, signed up through the real auth service.
import type { Page } from 'playwright-core';
import { nodeClient } from '../../../scripts/lib/supabase-client.ts';
import { signUpConfirmed } from '../../support/confirmed-customer.ts';

export interface Account {
  email: string;
  password: string;
  fullName: string;
}

/** A customer signed up and confirmed (the journeys of confirmation itself go through the outbox). */
export async function signUpCustomer(label: string): Promise<Account> {
  const keys = { SUPABASE_URL: process.env.SUPABASE_URL!, SUPABASE_SECRET_KEY: process.env.SUPABASE_SECRET_KEY! };
  const account = { email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`, password: 'parcours-2026', fullName: `Client ${label}` };
  await signUpConfirmed(keys, nodeClient(keys.SUPABASE_URL, process.env.SUPABASE_PUBLISHABLE_KEY!), account.email, account.password, { full_name: account.fullName });
  return account;
}

/** Fills the login form the page shows and submits it. */
export async function logIn(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** A new page of the journey's browser, logged in as the account through the login form. */
export async function signedIn(browser: { open(): Promise<Page> }, account: Account): Promise<Page> {
  const page = await browser.open();
  await page.goto('/login');
  await logIn(page, account);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

/** The seeded administrator (supabase/seed.sql). */
export const demoAdmin: Account = { email: 'admin@lumiere-sacree.test', password: 'admin-demo-2026', fullName: 'Maître Élian' };
