// POST /resend over real HTTP, as GoTrue answers it: a new confirmation link that voids the
// previous one, GoTrue's per-address interval (429 over_email_send_rate_limit), and the same empty
// answer when there is nothing to send, so the answer does not tell whether an address signed up.
import { describe, expect, it } from 'vitest';
import { callAuth, newestMailTo, useAuthTestStack, uniqueEmail } from './test-stack.ts';

const auth = useAuthTestStack();

const resend = (body: Record<string, unknown>) => callAuth(auth.stack.unconfirmed, '/resend', { body });
const signUp = (email: string) => callAuth(auth.stack.unconfirmed, '/signup', { body: { email, password: 'secret-123' } });
const mailOf = (email: string) => newestMailTo(auth.stack.unconfirmed.url, email);
/** As if the last confirmation mail had gone `seconds` ago. */
const ageConfirmation = (email: string, seconds: number) =>
  auth.db.query(`update auth.users set confirmation_sent_at = now() - make_interval(secs => $2) where email = $1`, [email, seconds]);

describe('POST /resend type=signup', () => {
  it('refuses a second mail within max_frequency with GoTrue\'s 429, then sends a new link that voids the old one', async () => {
    const email = uniqueEmail('resend');
    expect((await signUp(email)).status).toBe(200);
    const first = await mailOf(email);

    const early = await resend({ type: 'signup', email });
    expect(early.status).toBe(429);
    expect(early.headers.get('x-sb-error-code')).toBe('over_email_send_rate_limit');
    expect(early.body).toMatchObject({ code: 'over_email_send_rate_limit', message: expect.stringMatching(/^For security purposes, you can only request this after (59|60) seconds\.$/) });

    await ageConfirmation(email, 45);
    expect((await resend({ type: 'signup', email })).body.message).toMatch(/after 1[45] seconds\.$/);

    await ageConfirmation(email, 61);
    const later = await resend({ type: 'signup', email });
    expect(later.status).toBe(200);
    expect(later.body).toEqual({});
    const second = await mailOf(email);
    expect(second.action).toBe('signup');
    expect(second.link).not.toBe(first.link);
    expect((await fetch(first.link, { redirect: 'manual' })).headers.get('location')).toContain('error_code=otp_expired');
    expect((await fetch(second.link, { redirect: 'manual' })).headers.get('location')).toContain('#access_token=');
  });

  it('answers an unknown address and a confirmed one with the same empty 200, sending nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const known = await resend({ type: 'signup', email: unknown });
    expect(known).toMatchObject({ status: 200, body: {} });
    await expect(mailOf(unknown)).rejects.toThrow(/no mail/);

    const email = uniqueEmail('confirmed');
    await signUp(email);
    await fetch((await mailOf(email)).link, { redirect: 'manual' });
    await ageConfirmation(email, 61);
    const confirmed = await resend({ type: 'signup', email });
    expect(confirmed).toMatchObject({ status: 200, body: {} });
    expect((await auth.db.query('select confirmation_token from auth.users where email = $1', [email])).rows[0].confirmation_token).toBe('');
  });

  it('lets the new code confirm the address through POST /verify, once', async () => {
    const email = uniqueEmail('code');
    await signUp(email);
    await ageConfirmation(email, 61);
    await resend({ type: 'signup', email });
    const { code } = await mailOf(email);
    const verified = await callAuth(auth.stack.unconfirmed, '/verify', { body: { type: 'signup', email, token: code } });
    expect(verified.status).toBe(200);
    expect(verified.body.user.email_confirmed_at).toBeTruthy();
    const again = await callAuth(auth.stack.unconfirmed, '/verify', { body: { type: 'signup', email, token: code } });
    expect(again.body).toMatchObject({ code: 'otp_expired', message: 'Token has expired or is invalid' });
  });
});

describe('POST /resend type=email_change', () => {
  it('re-sends the link to the pending new address, and nothing when no change is pending', async () => {
    const email = uniqueEmail('old');
    const signedUp = await callAuth(auth.stack.confirmed, '/signup', { body: { email, password: 'secret-123' } });
    const token = signedUp.body.access_token;
    const none = await callAuth(auth.stack.confirmed, '/resend', { body: { type: 'email_change', email } });
    expect(none).toMatchObject({ status: 200, body: {} });

    const newEmail = uniqueEmail('new');
    expect((await callAuth(auth.stack.confirmed, '/user', { method: 'PUT', token, body: { email: newEmail } })).status).toBe(200);
    const first = await newestMailTo(auth.stack.confirmed.url, newEmail);
    expect((await callAuth(auth.stack.confirmed, '/resend', { body: { type: 'email_change', email } })).status).toBe(429);
    await auth.db.query(`update auth.users set email_change_sent_at = now() - interval '61 seconds' where email = $1`, [email]);
    expect((await callAuth(auth.stack.confirmed, '/resend', { body: { type: 'email_change', email } })).status).toBe(200);
    const second = await newestMailTo(auth.stack.confirmed.url, newEmail);
    expect(second.action).toBe('email_change');
    expect(second.link).not.toBe(first.link);
    expect(second.subject).toBe('Confirmez votre nouvelle adresse e-mail');
    expect(second.body).toContain(`par ${newEmail}`);
  });
});

describe('POST /resend refusals, as GoTrue words them', () => {
  it.each([
    [{ email: 'a@example.test' }, 'Missing one of these types: signup, email_change, sms, phone_change'],
    [{ type: 'recovery', email: 'a@example.test' }, 'Missing one of these types: signup, email_change, sms, phone_change'],
    [{ type: 'signup' }, 'Type provided requires an email address'],
    [{ type: 'signup', email: 'not-an-address' }, 'Unable to validate email address: invalid format'],
    [{ type: 'signup', email: 'a@example.test', code_challenge: 'x'.repeat(43) }, 'PKCE flow requires code_challenge_method and code_challenge'],
  ])('%j → 400 %s', async (body, message) => {
    const response = await resend(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', message });
  });

  it('answers a phone with phone_provider_disabled: the local stack sends no SMS', async () => {
    const response = await resend({ type: 'sms', phone: '+33612345678' });
    expect(response.body).toMatchObject({ code: 'phone_provider_disabled' });
  });
});
