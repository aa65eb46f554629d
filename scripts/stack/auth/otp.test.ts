// POST /otp (magic links) over real HTTP, as GoTrue answers it: a confirmed address gets a link and
// a 6-digit code that sign in once; an unknown address is signed up (create_user) and receives the
// confirmation mail when confirmations are on, or is refused with otp_disabled when it may not be
// created; the magic link shares the recovery mail's per-address interval.
import { describe, expect, it } from 'vitest';
import { callAuth, newestMailTo, useAuthTestStack, uniqueEmail, type AuthGateway } from './test-stack.ts';

const auth = useAuthTestStack();

const requestLink = (gateway: AuthGateway, body: Record<string, unknown>, query = '') => callAuth(gateway, `/otp${query}`, { body });

/** A confirmed customer of the confirming gateway (signed up, link followed). */
async function confirmedCustomer(): Promise<string> {
  const email = uniqueEmail('magic');
  await callAuth(auth.stack.unconfirmed, '/signup', { body: { email, password: 'secret-123' } });
  await fetch((await newestMailTo(auth.stack.unconfirmed.url, email)).link, { redirect: 'manual' });
  return email;
}

describe('POST /otp to a confirmed address', () => {
  it('mails a magic link in French whose link signs in once, redirecting with the session', async () => {
    const email = await confirmedCustomer();
    const redirect = `${auth.stack.unconfirmed.siteUrl}/profile`;
    const sent = await requestLink(auth.stack.unconfirmed, { email, create_user: true }, `?redirect_to=${encodeURIComponent(redirect)}`);
    expect(sent).toMatchObject({ status: 200, body: {} });
    const mail = await newestMailTo(auth.stack.unconfirmed.url, email);
    expect(mail.action).toBe('magiclink');
    expect(mail.subject).toBe('Votre lien de connexion');
    expect(mail.body).toContain('Me connecter');
    expect(mail.body).toContain(mail.code);

    const followed = await fetch(mail.link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const location = new URL(followed.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(redirect);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('magiclink');
    const user = await callAuth(auth.stack.unconfirmed, '/user', { token: fragment.get('access_token')! });
    expect(user.body.email).toBe(email);

    const spent = await fetch(mail.link, { redirect: 'manual' });
    expect(spent.headers.get('location')).toContain('error_code=otp_expired');
  });

  it('signs in with the mail\'s code through POST /verify type=email or magiclink, once', async () => {
    for (const type of ['email', 'magiclink']) {
      const email = await confirmedCustomer();
      await requestLink(auth.stack.unconfirmed, { email });
      const { code } = await newestMailTo(auth.stack.unconfirmed.url, email);
      const verified = await callAuth(auth.stack.unconfirmed, '/verify', { body: { type, email, token: code } });
      expect(verified.status).toBe(200);
      expect(verified.body.user.email).toBe(email);
      const again = await callAuth(auth.stack.unconfirmed, '/verify', { body: { type, email, token: code } });
      expect(again.body).toMatchObject({ code: 'otp_expired', message: 'Token has expired or is invalid' });
    }
  });

  it('refuses a second link within max_frequency (shared with recovery mails), and an expired one', async () => {
    const email = await confirmedCustomer();
    expect((await requestLink(auth.stack.unconfirmed, { email })).status).toBe(200);
    const early = await requestLink(auth.stack.unconfirmed, { email });
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('over_email_send_rate_limit');
    const recovery = await callAuth(auth.stack.unconfirmed, '/recover', { body: { email } });
    expect(recovery.body.code).toBe('over_email_send_rate_limit');

    const { link } = await newestMailTo(auth.stack.unconfirmed.url, email);
    await auth.db.query(`update auth.users set recovery_sent_at = now() - interval '3601 seconds' where email = $1`, [email]);
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toContain('error_code=otp_expired');
  });
});

describe('POST /otp to an address without an account', () => {
  it('confirmations on: signs it up and mails the confirmation, which signs in', async () => {
    const email = uniqueEmail('new-magic');
    const sent = await requestLink(auth.stack.unconfirmed, { email, data: { full_name: 'Inès Dupont' } });
    expect(sent).toMatchObject({ status: 200, body: {} });
    const mail = await newestMailTo(auth.stack.unconfirmed.url, email);
    expect(mail.action).toBe('signup');
    expect(mail.subject).toBe('Confirmez votre adresse e-mail');
    const location = (await fetch(mail.link, { redirect: 'manual' })).headers.get('location')!;
    expect(location).toContain('#access_token=');
    const row = await auth.db.query('select email_confirmed_at, raw_user_meta_data from auth.users where email = $1', [email]);
    expect(row.rows[0].email_confirmed_at).toBeTruthy();
    expect(row.rows[0].raw_user_meta_data).toMatchObject({ full_name: 'Inès Dupont' });
  });

  it('auto-confirming: signs it up and mails the magic link', async () => {
    const email = uniqueEmail('new-auto');
    expect((await requestLink(auth.stack.confirmed, { email })).status).toBe(200);
    expect((await newestMailTo(auth.stack.confirmed.url, email)).action).toBe('magiclink');
  });

  it('create_user false: 422 otp_disabled, and no account', async () => {
    const email = uniqueEmail('no-create');
    const refused = await requestLink(auth.stack.unconfirmed, { email, create_user: false });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'otp_disabled', message: 'Signups not allowed for otp' });
    expect((await auth.db.query('select 1 from auth.users where email = $1', [email])).rowCount).toBe(0);
  });
});

describe('POST /otp refusals, as GoTrue words them', () => {
  it.each([
    [{}, 400, 'validation_failed', 'One of email or phone must be set'],
    [{ email: 'a@example.test', phone: '+33612345678' }, 400, 'validation_failed', 'Only an email address or phone number should be provided'],
    [{ email: 'a@example.test', channel: 'sms' }, 400, 'validation_failed', 'Channel should only be specified with Phone OTP'],
    [{ email: 'not-an-address' }, 400, 'validation_failed', 'Unable to validate email address: invalid format'],
    [{ phone: '+33612345678' }, 400, 'phone_provider_disabled', 'Unsupported phone provider'],
    [{ email: 'a@example.test', create_user: 'yes' }, 400, 'bad_json', expect.stringContaining('of type bool')],
  ])('%j → %i %s', async (body, status, code, message) => {
    const response = await requestLink(auth.stack.unconfirmed, body);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ code, message });
  });
});

describe('POST /verify with a code, validated as GoTrue does', () => {
  it('refuses a token with a token hash, answers a malformed address 422, and a phone code as invalid (no SMS here)', async () => {
    const both = await callAuth(auth.stack.unconfirmed, '/verify', { body: { type: 'email', email: 'a@example.test', token: '123456', token_hash: 'abc' } });
    expect(both.body).toMatchObject({ code: 'validation_failed', message: 'Verify requires either a token or a token hash' });
    const malformed = await callAuth(auth.stack.unconfirmed, '/verify', { body: { type: 'email', email: 'not-an-address', token: '123456' } });
    expect(malformed.status).toBe(422);
    expect(malformed.body).toMatchObject({ code: 'validation_failed', message: 'Invalid email format' });
    const phone = await callAuth(auth.stack.unconfirmed, '/verify', { body: { type: 'sms', phone: '+33612345678', token: '123456' } });
    expect(phone.status).toBe(403);
    expect(phone.body).toMatchObject({ code: 'otp_expired', message: 'Token has expired or is invalid' });
  });
});
