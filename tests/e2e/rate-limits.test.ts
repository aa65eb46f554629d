// The rate limits as a person meets them (issue 26): past the limit, the contact form and the chat
// say so in French, keep what was typed, and send it once the server allows again. Each journey
// uses its own client address (the gateway hands X-Forwarded-For on, as Kong does) or its own
// customer, so no other journey's allowance is used up.
import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import ws from 'ws';
import { signedIn, signUpCustomer } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';

const browser = useBrowser();
const rateLimited = 'Vous avez envoyé plusieurs messages en peu de temps. Veuillez patienter quelques minutes.';
const adminId = '00000000-0000-4000-a000-000000000001';
const newAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
const ripe = () => new Promise((resolve) => setTimeout(resolve, 3_100));

async function rest(path: string, body: unknown, address: string): Promise<Response> {
  return fetch(`${process.env.SUPABASE_URL}/rest/v1/${path}`, {
    method: 'POST',
    headers: { apikey: process.env.SUPABASE_PUBLISHABLE_KEY!, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify(body),
  });
}

/** Sends the contact form's five allowed messages from `address`, as another tab of the visitor's would. */
async function useUpContactAllowance(address: string): Promise<void> {
  const token = await (await rest('rpc/contact_form_token', {}, address)).json();
  await ripe();
  for (let i = 1; i <= 5; i++) {
    const answer = await rest('rpc/send_contact_message', { p_name: 'Visiteur', p_email: 'visiteur@example.test', p_subject: 'Avant', p_message: `Message ${i}`, p_form_token: token }, address);
    expect(answer.status).toBe(204);
  }
}

/** The page's API requests leave from `address()` (read at each request). */
async function fromAddress(page: Page, address: () => string): Promise<void> {
  await page.route('**/rest/v1/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address() } }));
}

it('says in French that the contact form was sent too often, keeps the text, and sends it once allowed', async () => {
  let address = newAddress();
  await useUpContactAllowance(address);
  const page = await browser.open();
  await fromAddress(page, () => address);
  // The build names no captcha site key: the form must reach no captcha provider (docs/abuse-limits.md, "Captcha").
  const providerRequests: string[] = [];
  page.on('request', (request) => {
    if (/challenges\.cloudflare\.com|hcaptcha\.com/.test(request.url())) providerRequests.push(request.url());
  });
  await page.goto('/contact');
  await page.getByLabel('Nom', { exact: true }).fill('Jeanne Leroy');
  await page.getByLabel('Email').fill('jeanne@example.test');
  await page.getByLabel('Sujet').fill('Retraite de printemps');
  await page.getByLabel('Message').fill('Bonjour, reste-t-il des places ?');
  await ripe();
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect.poll(() => page.getByText(rateLimited, { exact: true }).first().isVisible()).toBe(true);
  expect(await page.getByLabel('Message').inputValue()).toBe('Bonjour, reste-t-il des places ?');
  expect(await page.getByLabel('Sujet').inputValue()).toBe('Retraite de printemps');
  await screenshot(page, 'contact-rate-limited');

  // Allowed again (here: the next request counts under a fresh allowance), the same text goes.
  address = newAddress();
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect.poll(() => page.getByText('Message envoyé ! ✨', { exact: true }).first().isVisible()).toBe(true);
  await expect.poll(() => page.getByLabel('Message').inputValue()).toBe('');
  expect(providerRequests).toEqual([]);
});

it('says in French that the chat was used too often and keeps the message typed', async () => {
  const account = await signUpCustomer('rafale');
  const supabase = createClient(process.env.SUPABASE_URL!, process.env.SUPABASE_PUBLISHABLE_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const { data } = await supabase.auth.signInWithPassword({ email: account.email, password: account.password });
  for (let i = 1; i <= 10; i++) {
    const { error } = await supabase.from('user_messages').insert({ sender_id: data.user!.id, receiver_id: adminId, content: `Rafale ${i}` });
    expect(error).toBeNull();
  }

  const page = await signedIn(browser, account);
  await page.goto('/dashboard/messages');
  await expect.poll(() => page.getByText('Rafale 10', { exact: true }).isVisible()).toBe(true);
  await page.getByLabel('Votre message').fill('Encore une question, pardon !');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect.poll(() => page.getByText(rateLimited, { exact: true }).first().isVisible()).toBe(true);
  expect(await page.getByLabel('Votre message').inputValue()).toBe('Encore une question, pardon !');
  expect(await page.getByRole('button', { name: 'Envoyer' }).isEnabled()).toBe(true);
  await screenshot(page, 'chat-rate-limited');
});
