// The captcha sandbox's siteverify over real HTTP, answering as Turnstile and hCaptcha do: a minted
// token accepted once with the right secret; a wrong secret, a missing, unknown or spent token
// refused with the providers' error codes; a token minted `unavailable` answered 503.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../lib/free-port.ts';
import { startCaptchaSandbox, type CaptchaSandbox } from './server.ts';

let sandbox: CaptchaSandbox;
beforeAll(async () => {
  sandbox = await startCaptchaSandbox({ port: await freePort() });
});
afterAll(async () => {
  await sandbox.close();
});

async function mint(outcome?: 'unavailable'): Promise<string> {
  const response = await fetch(`${sandbox.url}/tokens`, { method: 'POST', body: JSON.stringify(outcome ? { outcome } : {}) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

async function siteverify(fields: Record<string, string>) {
  const response = await fetch(`${sandbox.url}/siteverify`, { method: 'POST', body: new URLSearchParams(fields) });
  return { status: response.status, body: (await response.json()) as { success: boolean; 'error-codes': string[] } };
}

describe('POST /siteverify', () => {
  it('accepts a minted token once, with the right secret', async () => {
    const token = await mint();
    const first = await siteverify({ secret: sandbox.secret, response: token, remoteip: '192.0.2.7' });
    expect(first).toEqual({ status: 200, body: expect.objectContaining({ success: true, 'error-codes': [] }) });
    expect(await siteverify({ secret: sandbox.secret, response: token })).toEqual({ status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } });
  });

  it('refuses a wrong secret without spending the token, a missing and an unknown token', async () => {
    const token = await mint();
    expect((await siteverify({ secret: 'autre', response: token })).body).toEqual({ success: false, 'error-codes': ['invalid-input-secret'] });
    expect((await siteverify({ secret: sandbox.secret, response: '' })).body).toEqual({ success: false, 'error-codes': ['missing-input-response'] });
    expect((await siteverify({ secret: sandbox.secret, response: 'XXXX.DUMMY.TOKEN.inconnu' })).body).toEqual({ success: false, 'error-codes': ['invalid-input-response'] });
    expect((await siteverify({ secret: sandbox.secret, response: token })).body.success).toBe(true);
  });

  it('answers 503 for a token minted while the provider is down', async () => {
    expect((await siteverify({ secret: sandbox.secret, response: await mint('unavailable') })).status).toBe(503);
  });
});
