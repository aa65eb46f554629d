// POST /invite over real HTTP, as GoTrue answers it: an administrator invites an address, which
// receives the French invitation; its link confirms the address and signs the new user in.
import { describe, expect, it } from 'vitest';
import { callAuth, newestMailTo, signUp, useAuthTestStack, uniqueEmail } from './test-stack.ts';

const auth = useAuthTestStack();

const invite = (body: Record<string, unknown>, token = auth.stack.unconfirmed.secretKey) => callAuth(auth.stack.unconfirmed, '/invite', { body, token });

describe('POST /invite', () => {
  it('creates the invited user and mails the French invitation, whose link confirms and signs in', async () => {
    const email = uniqueEmail('invited');
    const invited = await invite({ email, data: { full_name: 'Inès Dupont' } });
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({ email, user_metadata: { full_name: 'Inès Dupont' } });
    expect(invited.body.invited_at).toBeTruthy();
    expect(invited.body.email_confirmed_at).toBeUndefined();

    const mail = await newestMailTo(auth.stack.unconfirmed.url, email);
    expect(mail).toMatchObject({ action: 'invite', subject: 'Vous êtes invité(e) à rejoindre Lumière Sacrée' });
    expect(mail.body).toContain("Accepter l'invitation");
    const location = new URL((await fetch(mail.link, { redirect: 'manual' })).headers.get('location')!);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    const user = await callAuth(auth.stack.unconfirmed, '/user', { token: fragment.get('access_token')! });
    expect(user.body.email_confirmed_at).toBeTruthy();
  });

  it('refuses a confirmed address with email_exists, and anyone but an administrator with not_admin', async () => {
    const { email } = await signUp(auth.stack.confirmed);
    expect((await invite({ email })).body).toMatchObject({ code: 'email_exists', message: 'A user with this email address has already been registered' });
    const anon = await invite({ email: uniqueEmail() }, auth.stack.unconfirmed.publishableKey);
    expect(anon.status).toBe(403);
    expect(anon.body.code).toBe('not_admin');
  });
});
