// GET /reauthenticate over real HTTP, as GoTrue answers it: a code for the signed-in user, mailed
// from the French reauthentication template (a code only, no link), once a minute at most.
import { describe, expect, it } from 'vitest';
import { callAuth, newestMailTo, signUp, useAuthTestStack } from './test-stack.ts';

const auth = useAuthTestStack();

describe('GET /reauthenticate', () => {
  it('mails the signed-in user a code in French, and refuses another within max_frequency', async () => {
    const { email, session } = await signUp(auth.stack.confirmed);
    const sent = await callAuth(auth.stack.confirmed, '/reauthenticate', { method: 'GET', token: session.access_token });
    expect(sent).toMatchObject({ status: 200, body: {} });
    const mail = await newestMailTo(auth.stack.confirmed.url, email);
    expect(mail).toMatchObject({ action: 'reauthentication', subject: 'Votre code de vérification', link: '' });
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.body).toContain(`<strong>${mail.code}</strong>`);
    const again = await callAuth(auth.stack.confirmed, '/reauthenticate', { method: 'GET', token: session.access_token });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('over_email_send_rate_limit');
  });

  it('needs a signed-in user', async () => {
    const anonymous = await callAuth(auth.stack.confirmed, '/reauthenticate', { method: 'GET' });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.code).toBe('bad_jwt');
  });
});
