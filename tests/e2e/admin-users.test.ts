// Browser journey of the administrators' users page (issue 13, item 2) against the whole local
// stack: the administrator finds a customer by e-mail, opens their orders, grants them the
// administrator role (they see the admin area after a reload), revokes it, and is refused when
// removing the last administrator, in French.
import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import ws from 'ws';
import { demoAdmin, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, payForCart } from './support/cart.ts';
import { client, type ShopEnv } from '../support/shop.ts';

const browser = useBrowser();

const service = () =>
  createClient(process.env.SUPABASE_URL!, process.env.SUPABASE_SECRET_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
const detail = (page: Page) => page.getByRole('dialog');
const rolePanel = (page: Page) => detail(page).getByRole('region', { name: 'Rôle', exact: true });

async function confirmRoleChange(page: Page, button: string): Promise<void> {
  await rolePanel(page).getByRole('button', { name: button }).click();
  await rolePanel(page).getByRole('button', { name: 'Confirmer' }).click();
}

/** Searches the list, checks the one account found, and opens its detail. */
async function openAccount(page: Page, search: string, name: string, listed: RegExp): Promise<void> {
  await page.goto('/admin/users');
  await page.getByLabel('Rechercher un compte').fill(search);
  // The search has reached the database: one account left under the header row.
  await expect.poll(() => page.getByRole('row').count()).toBe(2);
  await expect.poll(() => page.getByRole('row').nth(1).textContent()).toMatch(listed);
  const account = page.getByRole('button', { name: new RegExp(name) });
  await account.click();
  await expect.poll(() => detail(page).getByRole('heading', { name, level: 2 }).isVisible()).toBe(true);
}

it('finds a customer by e-mail, shows their orders, grants and revokes the administrator role', async () => {
  const account = await signUpCustomer('utilisateurs');
  const customer = await signedIn(browser, account);
  await addMeditationToCart(customer);
  await payForCart(customer);

  const admin = await signedIn(browser, demoAdmin);
  // A fragment of the address, in capitals: the search ignores case.
  // The row: sign-up day, one paid order, its total, its day, no unread message.
  await openAccount(admin, account.email.slice(0, account.email.indexOf('@')).toUpperCase(), account.fullName, /\d{4}1\s*14,00\s€\d+ \S+ \d{4}0$/);
  const role = () => detail(admin).getByText(/· compte créé le/).textContent();
  expect(await role()).toMatch(/^Client · /);
  const orders = detail(admin).getByRole('region', { name: 'Commandes', exact: true });
  await expect.poll(() => orders.getByText(/Méditation de la Lumière Intérieure/).isVisible()).toBe(true);
  expect(await orders.textContent()).toContain('Payée');
  const conversation = detail(admin).getByRole('link', { name: /Voir la conversation/ });
  const userId = new URL(admin.url()).searchParams.get('compte');
  expect(await conversation.getAttribute('href')).toBe(`/admin/conversations/${userId}`);
  await screenshot(admin, 'admin-users-orders');

  await confirmRoleChange(admin, 'Nommer administrateur');
  await expect.poll(role).toMatch(/^Administrateur · /);
  const history = detail(admin).getByRole('region', { name: 'Historique du rôle', exact: true });
  await expect.poll(() => history.textContent()).toMatch(/Rôle d'administrateur accordé.*par vous/);
  await screenshot(admin, 'admin-users-granted');

  await customer.reload();
  await customer.goto('/admin/dashboard');
  await expect.poll(() => customer.getByRole('heading', { name: 'Tableau de bord', level: 1 }).isVisible()).toBe(true);
  await customer.waitForURL(/\/admin\/dashboard$/);
  await customer.getByRole('link', { name: 'Utilisateurs', exact: true }).first().click();
  await expect.poll(() => customer.getByRole('heading', { name: 'Utilisateurs', level: 1 }).isVisible()).toBe(true);
  await screenshot(customer, 'admin-users-new-admin');

  await confirmRoleChange(admin, "Retirer le rôle d'administrateur");
  await expect.poll(role).toMatch(/^Client · /);
  await expect.poll(() => history.textContent()).toMatch(/^Historique du rôleRôle d'administrateur retiré/);
  await customer.goto('/admin/users');
  await customer.waitForURL(/\/dashboard$/);
});

it('refuses to remove the last administrator, in French', async () => {
  // The other journeys on this stack leave administrators of their own: step them down,
  // so that the demo administrator is the last one (otherwise this journey would demote them).
  const { data: demo } = await client(process.env as unknown as ShopEnv).auth.signInWithPassword({ email: demoAdmin.email, password: demoAdmin.password });
  const demoted = await service().from('profiles').update({ role: 'customer' }).eq('role', 'admin').neq('id', demo.user!.id);
  expect(demoted.error).toBeNull();
  const { data: admins, error } = await service().from('profiles').select('id').eq('role', 'admin');
  expect(error).toBeNull();
  expect(admins, 'the demo administrator is the only administrator').toEqual([{ id: demo.user!.id }]);

  const admin = await signedIn(browser, demoAdmin);
  await openAccount(admin, demoAdmin.email, demoAdmin.fullName, /Administrateur/);
  await confirmRoleChange(admin, "Retirer le rôle d'administrateur");
  await expect.poll(() => rolePanel(admin).getByRole('alert').textContent()).toBe(
    'Impossible de retirer ce rôle : la boutique doit garder au moins un administrateur.',
  );
  await screenshot(admin, 'admin-users-last-admin');
  await admin.reload();
  // The account opens again from the address, still an administrator.
  await expect.poll(() => detail(admin).getByText(/^Administrateur · compte créé le/).isVisible()).toBe(true);
});
