// The auth service's limits as a person meets them (issue 20): past a limit, the login, register,
// forgotten-password and new-password pages say « Trop de tentatives… » in French instead of
// GoTrue's English text, and keep what was typed. The shared stack's limits are raised for the
// other journeys, so the page's auth requests go to a second auth service on the same database,
// with the same API keys and signing key, and this project's `[auth.rate_limit]` (the CLI's
// defaults): each request is handed to it as it is, with the journey's own client address, and its
// real answer is what the page gets. Its limits' clock stands still unless the journey moves it,
// as a window would pass.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useFileFixture } from '../../scripts/lib/file-fixture.ts';
import { readAuthRateLimits } from '../../scripts/stack/auth/rate-limit-settings.ts';
import { callAuth, newestMailTo, startAuthGateway, uniqueEmail, type AuthGateway } from '../../scripts/stack/auth/test-stack.ts';
import { projectKeysFrom } from '../support/stack-keys.ts';
import { logIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser, webUrl } from './support/browser.ts';

const browser = useBrowser();
const tooMany = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';
let now = Date.now();
const limitedAuth = useFileFixture(
  () =>
    startAuthGateway({
      dbUrl: process.env.SUPABASE_DB_URL!,
      keys: projectKeysFrom(process.env),
      autoconfirm: true,
      siteUrl: webUrl(),
      rateLimits: readAuthRateLimits(),
      now: () => now,
    }),
  (gateway) => gateway.close(),
);
const newAddress = () => `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

/** The page's auth requests answered by the limited auth service, from `address`. */
async function throughLimitedAuth(page: Page, address: string): Promise<void> {
  const sharedAuth = `${process.env.SUPABASE_URL}/auth/v1/`;
  await page.route(`${sharedAuth}**`, async (route) => {
    const request = route.request();
    const url = `${limitedAuth().url}/auth/v1/${request.url().slice(sharedAuth.length)}`;
    const response = await route.fetch({ url, headers: { ...request.headers(), 'x-forwarded-for': address } });
    await route.fulfill({ response });
  });
}

/** Spends `address`'s 30 requests to `path` as another tab or a script of the visitor's would. */
async function useUpAllowance(gateway: AuthGateway, address: string, path: string, body: () => unknown, expected: number): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const answer = await callAuth(gateway, path, { body: body(), headers: { 'X-Forwarded-For': address } });
    expect(answer.status).toBe(expected);
  }
  const past = await callAuth(gateway, path, { body: body(), headers: { 'X-Forwarded-For': address } });
  expect(past.status).toBe(429);
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

it('says on the login page that there were too many tries, keeps what was typed, and signs in once a try is allowed again', async () => {
  const account = await signUpCustomer('limite-connexion');
  const address = newAddress();
  await useUpAllowance(limitedAuth(), address, '/token?grant_type=password', () => ({ email: uniqueEmail('nobody'), password: 'whatever-1' }), 400);
  const page = await browser.open();
  await throughLimitedAuth(page, address);
  await page.goto('/login');
  await logIn(page, account);
  await expect.poll(() => toast(page, tooMany).isVisible()).toBe(true);
  expect(await page.getByText('Request rate limit reached').count()).toBe(0);
  expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
  expect(await page.getByLabel('Mot de passe').inputValue()).toBe(account.password);
  expect(new URL(page.url()).pathname).toBe('/login');
  await screenshot(page, 'auth-rate-limited-login');

  // Two seconds later (token_refresh: 150 per 5 minutes) one try is heard again: the same form signs in.
  now += 2_000;
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
});

it('says so on the register page, keeping the name, address and password typed', async () => {
  const address = newAddress();
  // Weak passwords: refused after the limit is taken, without costing the server a hash.
  await useUpAllowance(limitedAuth(), address, '/signup', () => ({ email: uniqueEmail('burst'), password: '1' }), 422);
  const page = await browser.open();
  await throughLimitedAuth(page, address);
  await page.goto('/register');
  const email = uniqueEmail('inscription');
  await page.getByLabel('Nom complet').fill('Claire Dubois');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill('lumiere-2026');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect.poll(() => toast(page, tooMany).isVisible()).toBe(true);
  expect(await page.getByLabel('Nom complet').inputValue()).toBe('Claire Dubois');
  expect(await page.getByLabel('Email').inputValue()).toBe(email);
  expect(await page.getByLabel('Mot de passe').inputValue()).toBe('lumiere-2026');
  expect(new URL(page.url()).pathname).toBe('/register');
  await screenshot(page, 'auth-rate-limited-register');
});

it('says so on the forgotten-password page, keeping the address', async () => {
  const address = newAddress();
  await useUpAllowance(limitedAuth(), address, '/recover', () => ({ email: uniqueEmail('unknown') }), 200);
  const page = await browser.open();
  await throughLimitedAuth(page, address);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('jeanne@example.test');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect.poll(() => toast(page, tooMany).isVisible()).toBe(true);
  expect(await page.getByLabel('Email').inputValue()).toBe('jeanne@example.test');
  expect(await page.getByRole('status').filter({ hasText: 'Si un compte existe pour cette adresse' }).count()).toBe(0);
  await screenshot(page, 'auth-rate-limited-forgot-password');
});

it('says so on the new-password page, keeping both entries, and changes the password once allowed', async () => {
  const account = await signUpCustomer('limite-nouveau');
  const address = newAddress();
  const page = await browser.open();
  await throughLimitedAuth(page, address);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Si un compte existe pour cette adresse' }).isVisible()).toBe(true);
  await page.goto((await newestMailTo(limitedAuth().url, account.email)).link);
  await expect.poll(() => page.getByRole('heading', { name: 'Nouveau mot de passe', level: 1 }).isVisible()).toBe(true);

  // Another tab of the customer's spends the address's 30 account updates (PUT /user).
  const signedIn = await callAuth(limitedAuth(), '/token?grant_type=password', { body: { email: account.email, password: account.password } });
  for (let i = 0; i < 30; i++) {
    const update = await callAuth(limitedAuth(), '/user', { method: 'PUT', body: { data: { tab: i } }, token: signedIn.body.access_token, headers: { 'X-Forwarded-For': address } });
    expect(update.status).toBe(200);
  }
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouvelle-lumiere');
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('nouvelle-lumiere');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect.poll(() => toast(page, tooMany).isVisible()).toBe(true);
  expect(await page.getByLabel('Nouveau mot de passe', { exact: true }).inputValue()).toBe('nouvelle-lumiere');
  expect(await page.getByLabel('Confirmer le mot de passe', { exact: true }).inputValue()).toBe('nouvelle-lumiere');
  await screenshot(page, 'auth-rate-limited-new-password');

  // Ten seconds later (sign_in_sign_ups: 30 per 5 minutes) the same entries go through.
  now += 10_000;
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect.poll(() => toast(page, 'Votre mot de passe a été changé.').isVisible()).toBe(true);
  await page.waitForURL((url) => url.pathname === '/dashboard/profile');
});
