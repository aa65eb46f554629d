// The sandbox's Resend API over real HTTP: the key check, the validation answers, read-back,
// idempotency, and an outbox that survives a restart.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callApi, confirmation, sendEmail, sentCount, startSandbox, tempMailDir, useMailSandbox } from './test-support.ts';

const sandbox = useMailSandbox();
const pdfBytes = Buffer.from('%PDF-1.4\n% facture 2026-0001\n%%EOF\n');

describe('POST /emails', () => {
  it('accepts a message and gives back every field through GET /emails/{id}', async () => {
    const sent = await sendEmail(sandbox(), {
      ...confirmation(),
      reply_to: 'contact@lumiere-sacree.test',
      headers: { 'X-Entity-Ref-ID': 'order-1042' },
      attachments: [{ filename: 'facture-2026-0001.pdf', content: pdfBytes.toString('base64') }],
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const { status, body } = await callApi(sandbox(), 'GET', `/emails/${sent.body.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      object: 'email',
      id: sent.body.id,
      from: 'Lumière Sacrée <boutique@lumiere-sacree.test>',
      to: ['client@lumiere-sacree.test'],
      reply_to: ['contact@lumiere-sacree.test'],
      subject: 'Votre commande n° 1042',
      html: '<p>Merci pour votre commande.</p>',
      text: 'Merci pour votre commande.',
      headers: { 'X-Entity-Ref-ID': 'order-1042' },
      last_event: 'delivered',
    });
    expect(Date.parse(body.created_at)).not.toBeNaN();
    expect(body.attachments).toEqual([{ filename: 'facture-2026-0001.pdf', content_type: 'application/pdf', size: pdfBytes.length, download_url: expect.any(String) }]);
    const download = await fetch(body.attachments[0].download_url);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdfBytes)).toBe(true);
  });

  it('answers 401 without a key and 403 with a wrong one, and stores nothing', async () => {
    const before = await sentCount(sandbox());
    const missing = await sendEmail(sandbox(), confirmation(), { key: null });
    expect(missing).toEqual({ status: 401, body: { statusCode: 401, name: 'missing_api_key', message: expect.stringContaining('Authorization: Bearer') } });
    const wrong = await sendEmail(sandbox(), confirmation(), { key: 're_not_the_sandbox_key' });
    expect(wrong).toEqual({ status: 403, body: { statusCode: 403, name: 'invalid_api_key', message: 'API key is invalid.' } });
    expect((await callApi(sandbox(), 'GET', '/emails', { key: null })).status).toBe(401);
    expect(await sentCount(sandbox())).toBe(before);
  });

  const { from, to, subject, html, text } = confirmation();
  const refusals: Array<[string, unknown, number, string, RegExp]> = [
    ['no to', { from, subject, html }, 422, 'missing_required_field', /`to`/],
    ['an empty to list', { from, to: [], subject, html }, 422, 'missing_required_field', /`to`/],
    ['no from', { to, subject, html }, 422, 'missing_required_field', /`from`/],
    ['no subject', { from, to, html }, 422, 'missing_required_field', /`subject`/],
    ['neither html nor text', { from, to, subject }, 422, 'missing_required_field', /`html` or `text`/],
    ['a malformed to address', { from, to: 'client-at-example', subject, text }, 422, 'validation_error', /Invalid `to`/],
    ['a malformed from address', { from: 'Lumière Sacrée <boutique>', to, subject, text }, 422, 'validation_error', /Invalid `from`/],
    ['more than 50 recipients', { from, to: Array.from({ length: 51 }, (_, i) => `c${i}@example.test`), subject, text }, 422, 'validation_error', /maximum is 50/],
    ['headers that are not strings', { from, to, subject, text, headers: { 'X-Count': 3 } }, 422, 'validation_error', /`headers`/],
    ['an attachment without content', { from, to, subject, text, attachments: [{ filename: 'a.pdf' }] }, 422, 'invalid_attachment', /`content`/],
    ['an attachment that is not base64', { from, to, subject, text, attachments: [{ filename: 'a.pdf', content: 'not base64!' }] }, 422, 'invalid_attachment', /base64/],
    ['a remote attachment', { from, to, subject, text, attachments: [{ filename: 'a.pdf', path: 'https://example.test/a.pdf' }] }, 422, 'invalid_attachment', /`path`/],
    ['a body that is not JSON', '{"from": ', 400, 'validation_error', /JSON/],
  ];

  it.each(refusals)('refuses %s with Resend’s answer', async (_case, body, status, name, message) => {
    const before = await sentCount(sandbox());
    const answer = await sendEmail(sandbox(), body);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ statusCode: status, name, message: expect.stringMatching(message) });
    expect(await sentCount(sandbox())).toBe(before);
  });

  it('sends a retried request with the same idempotency key once, and refuses the key on another body', async () => {
    const key = `order-confirmation/${Date.now()}`;
    const first = await sendEmail(sandbox(), confirmation(), { idempotencyKey: key });
    const count = await sentCount(sandbox());
    const retry = await sendEmail(sandbox(), confirmation(), { idempotencyKey: key });
    expect(retry).toEqual({ status: 200, body: { id: first.body.id } });
    expect(await sentCount(sandbox())).toBe(count);

    const reuse = await sendEmail(sandbox(), { ...confirmation(), subject: 'Autre chose' }, { idempotencyKey: key });
    expect(reuse).toEqual({ status: 409, body: { statusCode: 409, name: 'invalid_idempotent_request', message: expect.any(String) } });
    const tooLong = await sendEmail(sandbox(), confirmation(), { idempotencyKey: 'k'.repeat(257) });
    expect(tooLong.body).toEqual({ statusCode: 400, name: 'invalid_idempotency_key', message: 'The key must be between 1-256 chars.' });
    expect(await sentCount(sandbox())).toBe(count);
  });
});

describe('GET /emails', () => {
  it('lists the newest first, without bodies, up to limit', async () => {
    const older = await sendEmail(sandbox(), { ...confirmation(), subject: 'Plus ancien' });
    const newer = await sendEmail(sandbox(), { ...confirmation(), subject: 'Plus récent' });
    const { status, body } = await callApi(sandbox(), 'GET', '/emails?limit=2');
    expect(status).toBe(200);
    expect(body).toMatchObject({ object: 'list', has_more: true });
    expect(body.data.map((e: { id: string }) => e.id)).toEqual([newer.body.id, older.body.id]);
    expect(body.data[0]).not.toHaveProperty('html');
    expect((await callApi(sandbox(), 'GET', '/emails?limit=0')).status).toBe(422);
  });

  it('answers 404 for an unknown id', async () => {
    const { status, body } = await callApi(sandbox(), 'GET', '/emails/4ef9a417-02e9-4d39-ad75-9611e0fcc33c');
    expect(status).toBe(404);
    expect(body.name).toBe('not_found');
  });
});

describe('persistence', () => {
  it('keeps the outbox and the idempotency keys across a restart', async () => {
    const dir = tempMailDir();
    try {
      const first = await startSandbox(dir, 're_local_restart');
      const sent = await sendEmail(first, confirmation(), { idempotencyKey: 'restart-1' });
      await first.close();
      const second = await startSandbox(dir, 're_local_restart');
      try {
        expect((await callApi(second, 'GET', `/emails/${sent.body.id}`)).body.subject).toBe('Votre commande n° 1042');
        expect((await sendEmail(second, confirmation(), { idempotencyKey: 'restart-1' })).body).toEqual({ id: sent.body.id });
        expect(await sentCount(second)).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start over a damaged mail file, naming it', async () => {
    const dir = tempMailDir();
    try {
      const damaged = join(dir, '4ef9a417-02e9-4d39-ad75-9611e0fcc33c.json');
      writeFileSync(damaged, '{"id": ');
      await expect(startSandbox(dir)).rejects.toThrow(damaged);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('POST /__sandbox/recipient-fault', () => {
  const setFault = (to: string, status: number | null) =>
    fetch(`${sandbox().url}/__sandbox/recipient-fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ to, status }) });

  it('makes sends to one address fail as the provider would, others still sent, until cleared', async () => {
    expect((await setFault('Failing@Example.test', 500)).status).toBe(200);
    const before = await sentCount(sandbox());
    const failed = await sendEmail(sandbox(), { ...confirmation(), to: ['failing@example.test'] });
    expect(failed).toEqual({ status: 500, body: { statusCode: 500, name: 'application_error', message: 'An unexpected error occurred.' } });
    expect((await sendEmail(sandbox(), confirmation())).status).toBe(200);
    expect(await sentCount(sandbox())).toBe(before + 1);
    expect((await setFault('failing@example.test', 429)).status).toBe(200);
    expect((await sendEmail(sandbox(), { ...confirmation(), to: ['failing@example.test'] })).body.name).toBe('rate_limit_exceeded');
    expect((await setFault('failing@example.test', null)).status).toBe(200);
    expect((await sendEmail(sandbox(), { ...confirmation(), to: ['failing@example.test'] })).status).toBe(200);
  });

  it('refuses a status it cannot play', async () => {
    expect((await setFault('a@example.test', 404)).status).toBe(422);
  });
});
