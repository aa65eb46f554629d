// Fresh customers for the journeys, signed up through the real auth service.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { nodeClient } from '../../../scripts/lib/supabase-client.ts';
import { signUpConfirmed } from '../../support/confirmed-customer.ts';
import { webUrl } from './browser.ts';

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

/**
 * The entry supabase-js keeps in localStorage for `account`, signed in with its password through the
 * real auth service: the key and value the web app's own client writes when its login form succeeds.
 */
async function storedSession(account: Account): Promise<{ name: string; value: string }> {
  const kept = new Map<string, string>();
  const storage = { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value), removeItem: (key: string) => void kept.delete(key) };
  const client = nodeClient(process.env.SUPABASE_URL!, process.env.SUPABASE_PUBLISHABLE_KEY!, undefined, storage);
  const { error } = await client.auth.signInWithPassword({ email: account.email, password: account.password });
  if (error) throw new Error(`sign-in of ${account.email} failed: ${error.message}`);
  const [entry, ...others] = kept;
  if (!entry || others.length > 0) throw new Error(`supabase-js kept ${kept.size} entries for one session`);
  return { name: entry[0], value: entry[1] };
}

/**
 * A new page of the journey's browser whose storage already holds the account's session, as after
 * a sign-in, opened at `path` if given (else blank, for the journey's own first navigation). The
 * login form itself is gone through by the journeys that test it (logIn): one page load and one
 * accessibility check fewer for every other journey.
 */
export async function signedIn(browser: { open(options?: BrowserContextOptions): Promise<Page> }, account: Account, path?: string): Promise<Page> {
  const storageState = { cookies: [], origins: [{ origin: new URL(webUrl()).origin, localStorage: [await storedSession(account)] }] };
  const page = await browser.open({ storageState });
  if (path) await page.goto(path);
  return page;
}

/** The seeded administrator (supabase/seed.sql). */
export { demoAdmin } from '../../../scripts/stack/demo-accounts.ts';
