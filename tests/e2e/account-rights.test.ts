// Browser journey of issue 22's RGPD rights: a customer who bought a meditation and wrote to the
// administrator downloads their data from « Mon Profil » (a valid JSON file with the order), is
// refused the erasure with a wrong password (the server's French words in the form), then erases
// their account: signed out, and the login fails afterwards. The administrator still finds the
// order in the accountant's export, as « Client supprimé », and the erased conversation says so.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { nodeClient } from '../../scripts/lib/supabase-client.ts';
import { demoAdmin, logIn, signedIn, signUpCustomer, type Account } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { addMeditationToCart, payForCart } from './support/cart.ts';

const browser = useBrowser();

/** A message to the administrator, written as the customer through the API (the chat has its own journey). */
async function writeToAdministrator(account: Account): Promise<void> {
  const supabase = nodeClient(process.env.SUPABASE_URL!, process.env.SUPABASE_PUBLISHABLE_KEY!);
  const { data, error } = await supabase.auth.signInWithPassword(account);
  if (error) throw error;
  const { data: admins } = await supabase.from('profiles').select('id').eq('role', 'admin').limit(1);
  const sent = await supabase.from('user_messages').insert({ sender_id: data.user.id, receiver_id: admins![0]!.id, content: 'Bonjour, je vais supprimer mon compte.' });
  if (sent.error) throw sent.error;
  await supabase.auth.signOut({ scope: 'local' });
}

const deletionForm = (page: Page) => page.getByRole('form', { name: 'Supprimer mon compte' });

it('downloads the data as JSON, refuses a wrong password, erases the account, signs out for good; the administrator sees « Client supprimé »', async () => {
  const customer = await signUpCustomer('rgpd');
  const page = await signedIn(browser, customer);
  await addMeditationToCart(page);
  await payForCart(page);
  await writeToAdministrator(customer);

  // « Télécharger mes données »: a JSON file holding the account and the order with its line.
  await page.goto('/dashboard/profile');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger mes données' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mes-donnees-lumiere-sacree-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    account: { id: string; email: string };
    orders: Array<{ id: string; items: Array<{ product_title: string; variant_title: string }> }>;
    chat_messages: Array<{ content: string }>;
  };
  expect(data.account.email).toBe(customer.email);
  expect(data.orders).toHaveLength(1);
  expect(data.orders[0]!.items).toMatchObject([{ product_title: 'Méditation de la Lumière Intérieure', variant_title: '20 minutes' }]);
  expect(data.chat_messages.map((message) => message.content)).toEqual(['Bonjour, je vais supprimer mon compte.']);
  const orderId = data.orders[0]!.id;

  // « Supprimer mon compte »: both fields required, then a wrong password refused in French.
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const form = deletionForm(page);
  await form.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
  await expect.poll(() => form.getByRole('alert').allTextContents()).toEqual([
    'Veuillez saisir votre mot de passe.',
    'Veuillez confirmer la suppression de votre compte.',
  ]);
  await form.getByLabel('Mot de passe actuel').fill('pas-le-bon-mot-de-passe');
  await form.getByLabel('Je comprends que la suppression de mon compte est définitive.').check();
  await form.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
  await expect
    .poll(() => form.getByRole('alert').textContent())
    .toBe("Mot de passe incorrectLe mot de passe saisi ne correspond pas à votre compte. Votre compte n'a pas été supprimé.");
  await screenshot(page, 'account-deletion-wrong-password');
  expect(new URL(page.url()).pathname).toBe('/dashboard/profile');

  // The right password: erased, signed out, home.
  await form.getByLabel('Mot de passe actuel').fill(customer.password);
  await form.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.getByText('Votre compte a été supprimé.').isVisible()).toBe(true);
  await page.goto('/dashboard/profile');
  await page.waitForURL((url) => url.pathname === '/login');

  // Signing in again fails, with the login form's own message.
  await logIn(page, customer);
  await expect.poll(() => page.getByText('Email ou mot de passe incorrect. Veuillez vérifier vos informations.').isVisible()).toBe(true);
  await screenshot(page, 'account-deleted-login-refused');

  // The administrator: the order stays in the accountant's export as « Client supprimé », and the
  // conversation with the erased customer says so.
  const admin = await signedIn(browser, demoAdmin);
  await admin.goto('/admin/analytics');
  await admin.getByRole('button', { name: '7 jours' }).click();
  const csv = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Exporter les commandes (CSV)' }).click();
  const lines = (await readFile(await (await csv).path(), 'utf8')).split('\r\n');
  const fields = lines.find((line) => line.includes(orderId))?.split(';');
  expect(fields?.slice(3, 6)).toEqual(['Client supprimé', '', '1 × Méditation de la Lumière Intérieure (20 minutes)']);
  await admin.goto(`/admin/conversations/${data.account.id}`);
  await expect.poll(() => admin.getByRole('heading', { level: 1 }).textContent()).toBe('Client supprimé');
  await expect.poll(() => admin.getByText('Ce client a supprimé son compte : ses messages ont été effacés.').isVisible()).toBe(true);
  await screenshot(admin, 'admin-erased-customer');
});
