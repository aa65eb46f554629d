// The contact form's optional captcha, end to end over the stack: the stack's captcha sandbox
// plays the provider's siteverify (scripts/captcha-sandbox), and the database's switch
// (private.contact_form_settings, which no API role can turn: set here as the operator would, in
// SQL) is turned on only for these tests, which the Deno suite runs one at a time after the other
// suites' contact tests. A browser's path: the form's token, the widget's token checked by
// contact-captcha for a pass, then send_contact_message through the gateway with that pass.
import assert from 'node:assert/strict';
import pg from 'pg';
import { callFunction, env, service } from './helpers.ts';

const sandboxUrl = Deno.env.get('CAPTCHA_SANDBOX_URL');
const dbUrl = Deno.env.get('SUPABASE_DB_URL');
if (!sandboxUrl || !dbUrl) throw new Error('CAPTCHA_SANDBOX_URL and SUPABASE_DB_URL come from the stack: run these tests through `npm test`.');

/** A token the widget would hand the page once solved; `unavailable`: its check answers 503. */
async function widgetToken(outcome: 'success' | 'unavailable' = 'success'): Promise<string> {
  const response = await fetch(`${sandboxUrl}/tokens`, { method: 'POST', body: JSON.stringify({ outcome }) });
  return ((await response.json()) as { token: string }).token;
}

async function asOperator<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

async function withCaptchaRequired(test: () => Promise<void>): Promise<void> {
  await asOperator('update private.contact_form_settings set captcha_required = true');
  try {
    await test();
  } finally {
    await asOperator('update private.contact_form_settings set captcha_required = false');
  }
}

/** An address of the documentation ranges (RFC 5737), never twice in a run: each has its own allowance. */
const usedAddresses = new Set<string>();
function newAddress(): string {
  const ranges = ['192.0.2', '198.51.100', '203.0.113'];
  for (;;) {
    const address = `${ranges[Math.floor(Math.random() * ranges.length)]}.${Math.floor(Math.random() * 254) + 1}`;
    if (!usedAddresses.has(address)) {
      usedAddresses.add(address);
      return address;
    }
  }
}

async function rest(path: string, body: unknown, address: string) {
  const response = await fetch(`${env.supabaseUrl}/rest/v1/${path}`, {
    method: 'POST',
    headers: { apikey: env.anonKey, Authorization: `Bearer ${env.anonKey}`, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The form as shown `ripe` seconds ago: a token the database signed, past its minimum fill time. */
async function shownForm(address: string): Promise<string> {
  const token = (await rest('rpc/contact_form_token', {}, address)).body as string;
  await new Promise((resolve) => setTimeout(resolve, 3_100));
  return token;
}

const send = (address: string, formToken: string, subject: string, pass?: string) =>
  rest('rpc/send_contact_message', {
    p_name: 'Visiteur', p_email: 'visiteur@captcha.test', p_subject: subject, p_message: 'Bonjour', p_form_token: formToken,
    ...(pass === undefined ? {} : { p_captcha_pass: pass }),
  }, address);

async function stored(subject: string): Promise<number> {
  const { count, error } = await service.from('contact_messages').select('*', { count: 'exact', head: true }).eq('subject', subject);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

Deno.test('captcha off (the default): the form sends without a pass, as before', async () => {
  const address = newAddress();
  const subject = unique('Sans captcha');
  const answer = await send(address, await shownForm(address), subject);
  assert.equal(answer.status, 204, JSON.stringify(answer.body));
  assert.equal(await stored(subject), 1);
});

Deno.test('captcha on: a solved widget gets a pass that sends one message, keyed on the gateway\'s client address', async () => {
  await withCaptchaRequired(async () => {
    const address = newAddress();
    const form = await shownForm(address);

    const direct = await send(address, form, unique('Sans laissez-passer'));
    assert.equal(direct.status, 403, 'the direct anon RPC is refused');
    assert.equal(direct.body.code, 'PT403');
    assert.equal(direct.body.hint, 'captcha_required');

    const checked = await callFunction('contact-captcha', { token: await widgetToken() });
    assert.equal(checked.status, 200, JSON.stringify(checked.body));
    assert.match(checked.body.pass, /^[0-9a-f]{64}$/);
    const subject = unique('Avec laissez-passer');
    assert.equal((await send(address, form, subject, checked.body.pass)).status, 204);
    assert.equal(await stored(subject), 1);
    assert.equal((await send(address, form, unique('Laissez-passer réutilisé'), checked.body.pass)).status, 403, 'a pass sends once');

    // Four more from this address reach its five in ten minutes; the sixth is refused, pass or not.
    for (let i = 0; i < 4; i++) {
      const { body } = await callFunction('contact-captcha', { token: await widgetToken() });
      assert.equal((await send(address, form, unique('Rafale'), body.pass)).status, 204);
    }
    const { body: sixth } = await callFunction('contact-captcha', { token: await widgetToken() });
    assert.equal((await send(address, form, unique('Rafale'), sixth.pass)).status, 429, 'the limit is per client address');
    // Another address still sends with its own pass: the function's address counts for nothing.
    const other = newAddress();
    const { body: fresh } = await callFunction('contact-captcha', { token: await widgetToken() });
    assert.equal((await send(other, await shownForm(other), unique('Autre adresse'), fresh.pass)).status, 204);
  });
});

Deno.test('contact-captcha refuses a missing, an invalid or a spent token in French, and issues no pass', async () => {
  const passes = async () => (await asOperator<{ n: number }>('select count(*)::int as n from private.contact_captcha_passes'))[0]!.n;
  const before = await passes();

  for (const body of [{}, { token: '' }, { token: '   ' }]) {
    const missing = await callFunction('contact-captcha', body);
    assert.equal(missing.status, 400, JSON.stringify(body));
    assert.deepEqual(missing.body.error, {
      code: 'captcha_missing',
      message: 'Vérification anti-robot manquante',
      detail: "Veuillez compléter la vérification anti-robot avant d'envoyer votre message.",
    });
  }
  const invalid = await callFunction('contact-captcha', { token: 'XXXX.DUMMY.TOKEN.forged' });
  assert.equal(invalid.status, 403);
  assert.equal(invalid.body.error.code, 'captcha_failed');
  assert.equal(invalid.body.error.message, 'Vérification anti-robot échouée');
  assert.match(invalid.body.error.detail, /Veuillez la refaire/);

  const token = await widgetToken();
  assert.equal((await callFunction('contact-captcha', { token })).status, 200);
  assert.equal((await callFunction('contact-captcha', { token })).status, 403, 'a widget token is checked once');
  assert.equal(await passes(), before + 1, 'only the accepted token got a pass');
});

Deno.test('the provider down: a clear French 502, no pass, nothing stored', async () => {
  await withCaptchaRequired(async () => {
    const passes = async () => (await asOperator<{ n: number }>('select count(*)::int as n from private.contact_captcha_passes'))[0]!.n;
    const before = await passes();
    const down = await callFunction('contact-captcha', { token: await widgetToken('unavailable') });
    assert.equal(down.status, 502);
    assert.deepEqual(down.body.error, {
      code: 'captcha_unavailable',
      message: 'Vérification anti-robot indisponible',
      detail: 'Le service de vérification ne répond pas pour le moment. Veuillez réessayer dans quelques minutes.',
    });
    assert.equal(await passes(), before);
    const address = newAddress();
    const subject = unique('Fournisseur en panne');
    assert.equal((await send(address, await shownForm(address), subject, down.body.pass)).status, 403);
    assert.equal(await stored(subject), 0);
  });
});
