// Browser journeys of the customer dashboard, the admin area and the live chat (issue 6) against
// the whole local stack: real sign-ins, a real purchase, realtime between two browser contexts.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demoAdmin, logIn, signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, payForCart } from './support/cart.ts';

const browser = useBrowser();

const unique = (label: string) => `${label} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
const sidebarLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).first();
/** The figure of an overview tile (a link whose text is its label then its value). */
const tileValue = async (page: Page, label: string) => (await page.getByRole('link', { name: new RegExp(`^${label}`) }).textContent())?.replace(label, '').trim();
const thread = (page: Page) => page.getByRole('log', { name: 'Fil de la conversation' });

async function send(page: Page, text: string): Promise<void> {
  await page.getByLabel('Votre message').fill(text);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect.poll(() => thread(page).getByText(text, { exact: true }).isVisible()).toBe(true);
}

it('shows a purchase in Mes Commandes and its file in the library, which downloads', async () => {
  const account = await signUpCustomer('commandes');
  const page = await signedIn(browser, account);
  await addMeditationToCart(page);
  await payForCart(page);

  await page.goto('/dashboard');
  await expect.poll(() => tileValue(page, 'Commandes passées')).toBe('1');
  await expect.poll(() => tileValue(page, 'Produits acquis')).toBe('1');

  await sidebarLink(page, 'Mes Commandes').click();
  const order = page.getByRole('article').filter({ has: page.getByRole('heading', { name: /^Commande du / }) });
  await expect.poll(() => order.count()).toBe(1);
  const orderText = await order.textContent();
  expect(orderText).toContain('Méditation de la Lumière Intérieure');
  expect(orderText).toContain('20 minutes');
  expect(orderText).toContain('Quantité : 1');
  expect(orderText).toMatch(/14,00\s€/);
  await screenshot(page, 'dashboard-orders');

  await sidebarLink(page, 'Bibliothèque').click();
  const item = page.getByRole('article', { name: 'Méditation de la Lumière Intérieure (20 minutes)' });
  await expect.poll(() => item.isVisible()).toBe(true);
  // A signed link of the private bucket, saved under the item's French name; the page stays.
  const download = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Télécharger' }).click();
  const file = await download;
  expect(new URL(file.url()).pathname).toMatch(/^\/storage\/v1\/object\/sign\/deliverables\//);
  expect(file.suggestedFilename()).toBe('Méditation de la Lumière Intérieure - 20 minutes.wav');
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.byteLength).toBeGreaterThan(1000);
  expect(new URL(page.url()).pathname).toBe('/dashboard/library');
  await screenshot(page, 'dashboard-library');
});

it('carries a conversation live between a customer and the administrator, with the unread count', async () => {
  const account = await signUpCustomer('chat');
  const customer = await signedIn(browser, account);
  await customer.goto('/dashboard/messages');
  await expect.poll(() => customer.getByText('Commencez la conversation').isVisible()).toBe(true);

  const admin = await signedIn(browser, demoAdmin);
  await admin.goto('/admin/conversations');
  await expect.poll(() => admin.getByRole('heading', { name: 'Conversations', level: 1 }).isVisible()).toBe(true);

  const question = unique('Bonjour, une question sur la retraite');
  await send(customer, question);

  // The administrator's open page shows the new thread without a reload.
  const row = admin.getByRole('link').filter({ hasText: question });
  await expect.poll(() => row.isVisible()).toBe(true);
  expect(await row.textContent()).toContain('1 non lu');
  await row.click();
  await expect.poll(() => thread(admin).getByText(question, { exact: true }).isVisible()).toBe(true);
  const answer = unique('Bienvenue, la retraite commence samedi');
  await send(admin, answer);

  // The customer's open thread receives the answer without a reload.
  await expect.poll(() => thread(customer).getByText(answer, { exact: true }).isVisible()).toBe(true);
  await screenshot(customer, 'chat-customer-thread');
  await screenshot(admin, 'chat-admin-thread');

  // On the overview, the unread tile follows the administrator's next message live.
  await sidebarLink(customer, 'Tableau de Bord').click();
  await expect.poll(() => tileValue(customer, 'Messages non lus')).toBe('0');
  const followUp = unique('Pensez à apporter un coussin');
  await send(admin, followUp);
  await expect.poll(() => tileValue(customer, 'Messages non lus')).toBe('1');
  await screenshot(customer, 'chat-unread-tile');

  // Opening the thread reads it: the tile goes back to zero.
  await sidebarLink(customer, 'Messages').click();
  await expect.poll(() => thread(customer).getByText(followUp, { exact: true }).isVisible()).toBe(true);
  await sidebarLink(customer, 'Tableau de Bord').click();
  await expect.poll(() => tileValue(customer, 'Messages non lus')).toBe('0');
});

it('sends an anonymous visitor to the login, then back to the page asked for', async () => {
  const account = await signUpCustomer('retour');
  const page = await browser.open();
  await page.goto('/dashboard/orders');
  await page.waitForURL(/\/login$/);
  await logIn(page, account);
  await page.waitForURL(/\/dashboard\/orders$/);
  await expect.poll(() => page.getByText('Aucune commande').isVisible()).toBe(true);
  await screenshot(page, 'dashboard-return-after-login');
});

it('keeps customers out of the admin area', async () => {
  const page = await signedIn(browser, await signUpCustomer('intrus'));
  await page.goto('/admin/messages');
  await page.waitForURL(/\/dashboard$/);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Bienvenue/);
  await screenshot(page, 'admin-guard');
});

it("shows a visitor's contact message in the administrator's inbox", async () => {
  const visitor = await browser.open();
  const subject = unique('Question sur les méditations');
  await visitor.goto('/contact');
  await visitor.getByLabel('Nom', { exact: true }).fill('Lucie Bernard');
  await visitor.getByLabel('Email').fill('lucie@example.test');
  await visitor.getByLabel('Sujet').fill(subject);
  await visitor.getByLabel('Message').fill('Bonjour, les méditations guidées conviennent-elles aux débutants ?');
  // A person takes a few seconds; a form sent sooner is a bot's and is quietly dropped.
  await visitor.waitForTimeout(3_100);
  await visitor.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect.poll(() => visitor.getByText('Message envoyé ! ✨', { exact: true }).first().isVisible()).toBe(true);

  const admin = await signedIn(browser, demoAdmin);
  await admin.goto('/admin/messages');
  const message = admin.getByRole('article').filter({ hasText: subject });
  await expect.poll(() => message.isVisible()).toBe(true);
  expect(await message.textContent()).toContain('lucie@example.test');
  await screenshot(admin, 'admin-inbox');
});

it('changes the name and the password, and refuses a mismatched or short password', async () => {
  const account = await signUpCustomer('profil');
  const page = await signedIn(browser, account);
  await page.goto('/dashboard/profile');

  await page.getByLabel('Nom complet').fill('Héloïse Garnier');
  await page.getByRole('button', { name: 'Mettre à jour' }).click();
  await expect.poll(() => page.getByText('Votre nom a été mis à jour.', { exact: true }).first().isVisible()).toBe(true);
  await sidebarLink(page, 'Tableau de Bord').click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Bienvenue, Héloïse Garnier');
  await sidebarLink(page, 'Mon Profil').click();

  const change = page.getByRole('button', { name: 'Changer le mot de passe' });
  await page.getByLabel('Nouveau mot de passe').fill('lumiere-2027');
  await page.getByLabel('Confirmer le mot de passe').fill('lumiere-2028');
  await change.click();
  await expect.poll(() => page.getByText('Les mots de passe ne correspondent pas.', { exact: true }).isVisible()).toBe(true);

  await page.getByLabel('Nouveau mot de passe').fill('abc');
  await page.getByLabel('Confirmer le mot de passe').fill('abc');
  await change.click();
  await expect.poll(() => page.getByText('Le mot de passe doit contenir au moins 6 caractères.', { exact: true }).isVisible()).toBe(true);
  await screenshot(page, 'profile-password-errors');

  await page.getByLabel('Nouveau mot de passe').fill('lumiere-2027');
  await page.getByLabel('Confirmer le mot de passe').fill('lumiere-2027');
  await change.click();
  await expect.poll(() => page.getByText('Votre mot de passe a été changé.', { exact: true }).first().isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Déconnexion' }).first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/login');
  await logIn(page, { ...account, password: 'lumiere-2027' });
  await page.waitForURL(/\/dashboard/);
  await expect.poll(() => page.getByText('Connexion réussie ! 🎉', { exact: true }).first().isVisible()).toBe(true);
  await screenshot(page, 'profile-new-password');
});
