// The contact form with its optional captcha on, as an operator would configure it: a web app
// serving a Turnstile site key (a Vite server of this file's own, since the shared build has
// none), and the database's switch turned on in SQL for this file only (journeys run one file at a
// time). The provider's script is played by the page's router, never fetched: a widget that
// solves itself with a token the stack's captcha sandbox minted, so contact-captcha checks it at
// the sandbox as it would at Cloudflare. Every other request to the provider is aborted.
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/free-port.ts';
import { serveWebApp, type WebEnv, type WebServer } from '../../scripts/lib/web-app.ts';
import { screenshot, useBrowser } from './support/browser.ts';

const browser = useBrowser();
const env = process.env as Record<string, string>;
const scriptUrl = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
const newAddress = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
const ripe = () => new Promise((resolve) => setTimeout(resolve, 3_100));

let web: WebServer;

async function asOperator(sql: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: env.SUPABASE_DB_URL });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const webEnv: WebEnv & Record<string, string> = {
    VITE_SUPABASE_URL: env.SUPABASE_URL!,
    VITE_SUPABASE_PUBLISHABLE_KEY: env.SUPABASE_PUBLISHABLE_KEY!,
    VITE_COMMERCE_API_URL: env.COMMERCE_API_URL!,
    VITE_COMMERCE_STORE_ID: env.COMMERCE_STORE_ID!,
    VITE_ADMIN_EMAIL: 'admin@lumiere-sacree.test',
    VITE_CAPTCHA_PROVIDER: 'turnstile',
    // Cloudflare's documented always-passing test site key; the provider is never reached here.
    VITE_CAPTCHA_SITE_KEY: '1x00000000000000000000AA',
  };
  web = await serveWebApp({ mode: 'dev', port: await freePort(), env: webEnv });
  await asOperator('update private.contact_form_settings set captcha_required = true');
});

afterAll(async () => {
  await asOperator('update private.contact_form_settings set captcha_required = false');
  await web?.stop();
});

async function mintedToken(): Promise<string> {
  const response = await fetch(`${env.CAPTCHA_SANDBOX_URL}/tokens`, { method: 'POST', body: '{}' });
  return ((await response.json()) as { token: string }).token;
}

/** The provider's script, played: each widget rendered solves itself with the next of `tokens`. */
async function playProvider(page: Page, tokens: string[]): Promise<string[]> {
  const rendered: string[] = [];
  await page.exposeFunction('nextCaptchaToken', (siteKey: string) => {
    rendered.push(siteKey);
    return tokens.shift() ?? '';
  });
  const widget = `window.turnstile = {
    render(container, options) {
      container.textContent = 'Vérification réussie';
      window.nextCaptchaToken(options.sitekey).then((token) => options.callback(token));
      return 'widget';
    },
    remove() {},
  };`;
  await page.route('https://challenges.cloudflare.com/**', (route) =>
    route.request().url() === scriptUrl ? route.fulfill({ contentType: 'application/javascript', body: widget }) : route.abort(),
  );
  return rendered;
}

async function stored(subject: string): Promise<number> {
  return Number((await asOperator('select count(*) as n from public.contact_messages where subject = $1', [subject]))[0]!.n);
}

it('sends the contact form through the captcha, and says in French when the check fails, keeping the text', async () => {
  const page = await browser.open();
  const address = newAddress();
  await page.route('**/rest/v1/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }));
  const forged = 'XXXX.DUMMY.TOKEN.forged';
  const rendered = await playProvider(page, [await mintedToken(), forged]);
  const subject = `Retraite d'été ${address}`;

  // This file's own Vite dev server compiles the app's modules at their first request: on a
  // loaded machine that first load took over the default 15 s, so it may take a minute.
  await page.goto(`${web.url}/contact`, { timeout: 60_000 });
  await page.getByLabel('Nom', { exact: true }).fill('Jeanne Leroy');
  await page.getByLabel('Email').fill('jeanne@example.test');
  await page.getByLabel('Sujet').fill(subject);
  await page.getByLabel('Message').fill('Bonjour, reste-t-il des places ?');
  await expect.poll(() => page.getByText('Vérification réussie').isVisible()).toBe(true);
  expect(rendered).toEqual(['1x00000000000000000000AA']);
  await ripe();
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect.poll(() => page.getByText('Message envoyé ! ✨', { exact: true }).first().isVisible()).toBe(true);
  expect(await stored(subject)).toBe(1);

  // The next widget (a token is single-use) gives a token the provider refuses.
  await expect.poll(() => rendered.length).toBe(2);
  const second = `${subject} (bis)`;
  await page.getByLabel('Nom', { exact: true }).fill('Jeanne Leroy');
  await page.getByLabel('Email').fill('jeanne@example.test');
  await page.getByLabel('Sujet').fill(second);
  await page.getByLabel('Message').fill('Et pour la session d’automne ?');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect.poll(() => page.getByText('Vérification anti-robot échouée', { exact: true }).first().isVisible()).toBe(true);
  await expect.poll(() => page.getByText("La vérification n'a pas abouti ou a expiré. Veuillez la refaire, puis renvoyer votre message.").first().isVisible()).toBe(true);
  expect(await page.getByLabel('Message').inputValue()).toBe('Et pour la session d’automne ?');
  expect(await stored(second)).toBe(0);
  await screenshot(page, 'contact-captcha-refused');
});
