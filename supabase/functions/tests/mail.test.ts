// The mail adapter: a mail sent through it reaches the stack's mail sandbox (Resend's API played
// locally) and reads back whole; a retry with the same idempotency key is one mail; and every way
// the provider can fail (a wrong key, a refusal, a 500, a 429, an unreadable answer, no server, no
// answer in time) is a MailError that says what happened and never holds the key.
import assert from 'node:assert/strict';
import { MailClient, MailError, mailFromEnv, type MailFailure } from '../_shared/mail.ts';
import { env } from './helpers.ts';

const shopSender = Deno.env.get('MAIL_FROM') ?? '';

async function readBack(id: string): Promise<any> {
  const response = await fetch(`${env.mailApiUrl}/emails/${id}`, { headers: { Authorization: `Bearer ${env.mailApiKey}` } });
  assert.equal(response.status, 200, `GET /emails/${id}`);
  return response.json();
}

/** Bytes past the adapter's base64 slice size, so the slices have to join up. */
const invoicePdf = new Uint8Array(100_000).map((_, i) => (i * 31 + 7) % 256);

Deno.test('a mail sent through the adapter reaches the mail sandbox and reads back whole', async () => {
  const { id } = await mailFromEnv().send({
    to: 'jeanne@example.test',
    subject: 'Votre commande n° 1042 est confirmée',
    html: '<h1>Merci, Jeanne</h1><p>Votre enseignement vous attend dans votre bibliothèque.</p>',
    text: 'Merci, Jeanne. Votre enseignement vous attend dans votre bibliothèque.',
    replyTo: 'contact@lumiere-sacree.test',
    headers: { 'X-Entity-Ref-ID': 'order-1042' },
    attachments: [{ filename: 'facture-2026-0001.pdf', content: invoicePdf }],
  });
  const mail = await readBack(id);
  assert.ok(shopSender.includes('@'), 'MAIL_FROM comes from the functions’ secrets');
  assert.equal(mail.from, shopSender);
  assert.deepEqual(mail.to, ['jeanne@example.test']);
  assert.deepEqual(mail.reply_to, ['contact@lumiere-sacree.test']);
  assert.equal(mail.subject, 'Votre commande n° 1042 est confirmée');
  assert.match(mail.html, /Merci, Jeanne/);
  assert.match(mail.text, /bibliothèque/);
  assert.deepEqual(mail.headers, { 'X-Entity-Ref-ID': 'order-1042' });
  assert.equal(mail.attachments.length, 1);
  assert.equal(mail.attachments[0].content_type, 'application/pdf');
  const download = await fetch(mail.attachments[0].download_url);
  assert.deepEqual(new Uint8Array(await download.arrayBuffer()), invoicePdf);
});

Deno.test('a send retried with the same idempotency key is one mail', async () => {
  const mailer = mailFromEnv();
  const message = { to: 'paul@example.test', subject: 'Facture 2026-0002', text: 'Votre facture est jointe.', idempotencyKey: `invoice/${crypto.randomUUID()}` };
  const first = await mailer.send(message);
  const retried = await mailer.send(message);
  assert.equal(retried.id, first.id);
  const list = await (await fetch(`${env.mailApiUrl}/emails?limit=100`, { headers: { Authorization: `Bearer ${env.mailApiKey}` } })).json();
  assert.equal(list.data.filter((mail: { id: string }) => mail.id === first.id).length, 1);
});

async function failureOf(send: Promise<unknown>): Promise<MailError> {
  try {
    await send;
  } catch (error) {
    assert.ok(error instanceof MailError, `expected a MailError, got ${error}`);
    return error;
  }
  assert.fail('the send succeeded');
}

function assertFailure(error: MailError, failure: MailFailure, retryable: boolean, message: RegExp): void {
  assert.equal(error.failure, failure);
  assert.equal(error.retryable, retryable);
  assert.match(error.message, message);
}

Deno.test('a wrong key is an unauthorized MailError that names the refusal and never holds the key', async () => {
  const secret = 're_this_key_must_not_leak_0123456789';
  const mailer = new MailClient({ apiUrl: env.mailApiUrl, apiKey: secret, from: shopSender });
  const error = await failureOf(mailer.send({ to: 'jeanne@example.test', subject: 'Test', text: 'Test' }));
  assertFailure(error, 'unauthorized', false, /^the mail API answered HTTP 403 invalid_api_key: API key is invalid\.$/);
  assert.equal(error.status, 403);
  assert.equal(error.providerName, 'invalid_api_key');
  for (const logged of [String(error), error.stack ?? '', JSON.stringify(error), Deno.inspect(error)]) assert.ok(!logged.includes(secret), `the key leaked into: ${logged}`);
});

Deno.test('a message the provider refuses is a rejected MailError, not worth retrying', async () => {
  const error = await failureOf(mailFromEnv().send({ to: 'not-an-address', subject: 'Test', text: 'Test' }));
  assertFailure(error, 'rejected', false, /HTTP 422 validation_error: Invalid `to` field/);
  assert.equal(error.status, 422);
});

/** A provider on a free port that records what it receives and answers with `answer`. */
function fakeProvider(answer: () => Response | Promise<Response>) {
  // Read while the request is open: Deno closes it once answered.
  const received: { method: string; path: string; headers: Headers; body: any }[] = [];
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, async (request) => {
    received.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, body: await request.json() });
    return answer();
  });
  const mailer = (timeoutMs?: number) => new MailClient({ apiUrl: `http://127.0.0.1:${server.addr.port}/`, apiKey: 're_fake', from: 'Boutique <boutique@example.test>', timeoutMs });
  return { received, mailer, close: () => server.shutdown() };
}

const anyMail = { to: ['a@example.test', 'b@example.test'], subject: 'Sujet', html: '<p>Corps</p>', text: 'Corps' };

Deno.test('the request is Resend’s: POST /emails, bearer key, idempotency key, JSON body, base64 attachments', async () => {
  const provider = fakeProvider(() => Response.json({ id: 'email-1' }));
  try {
    const answer = await provider.mailer().send({ ...anyMail, replyTo: 'r@example.test', idempotencyKey: 'order/1', attachments: [{ filename: 'a.txt', content: new TextEncoder().encode('hé'), contentType: 'text/plain' }] });
    assert.deepEqual(answer, { id: 'email-1' });
    assert.equal(provider.received.length, 1);
    const { method, path, headers, body } = provider.received[0]!;
    assert.equal(method, 'POST');
    assert.equal(path, '/emails', 'the trailing slash of MAIL_API_URL is dropped');
    assert.equal(headers.get('authorization'), 'Bearer re_fake');
    assert.equal(headers.get('idempotency-key'), 'order/1');
    assert.equal(headers.get('content-type'), 'application/json');
    assert.ok(headers.get('user-agent'));
    assert.deepEqual(body, {
      from: 'Boutique <boutique@example.test>',
      to: ['a@example.test', 'b@example.test'],
      subject: 'Sujet',
      html: '<p>Corps</p>',
      text: 'Corps',
      reply_to: 'r@example.test',
      attachments: [{ filename: 'a.txt', content: 'aMOp', content_type: 'text/plain' }],
    });
  } finally {
    await provider.close();
  }
});

Deno.test('a provider failing with 500 or 429 is a retryable MailError; a 2xx without an id is a bad answer', async () => {
  const cases: [() => Response, MailFailure, boolean, RegExp][] = [
    [() => Response.json({ statusCode: 500, name: 'application_error', message: 'An unexpected error occurred.' }, { status: 500 }), 'provider_error', true, /HTTP 500 application_error: An unexpected error occurred\./],
    [() => new Response('<html>Bad gateway</html>', { status: 502 }), 'provider_error', true, /HTTP 502: <html>Bad gateway<\/html>/],
    [() => Response.json({ statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests.' }, { status: 429 }), 'rate_limited', true, /HTTP 429 rate_limit_exceeded/],
    [() => new Response('OK', { status: 200 }), 'bad_answer', false, /HTTP 200 without an email id/],
  ];
  for (const [answer, failure, retryable, message] of cases) {
    const provider = fakeProvider(answer);
    try {
      assertFailure(await failureOf(provider.mailer().send(anyMail)), failure, retryable, message);
    } finally {
      await provider.close();
    }
  }
});

Deno.test('an unreachable provider is a retryable MailError', async () => {
  const provider = fakeProvider(() => Response.json({ id: 'never' }));
  const mailer = provider.mailer();
  await provider.close();
  assertFailure(await failureOf(mailer.send(anyMail)), 'unreachable', true, /^the mail API is unreachable/);
});

Deno.test('a provider that does not answer in time is a timeout, so it cannot hold the function', async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const provider = fakeProvider(async () => {
    await held;
    return Response.json({ id: 'too-late' });
  });
  try {
    assertFailure(await failureOf(provider.mailer(200).send(anyMail)), 'timeout', true, /did not answer within 200 ms/);
  } finally {
    release();
    await provider.close();
  }
});
