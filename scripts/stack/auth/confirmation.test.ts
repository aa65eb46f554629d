// E-mail confirmation on (MAILER_AUTOCONFIRM=false): sign-up answers the bare user, the link
// goes to the console and the outbox page, /verify confirms and redirects with the session.
import { describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../keys.ts';
import { publicJwk } from '../signing-keys.ts';
import { callAuth, newestMailTo, useAuthTestStack, uniqueEmail } from './test-stack.ts';

const auth = useAuthTestStack();

const signUp = (email: string, password = 'secret-123', query = '') =>
  callAuth(auth.stack.unconfirmed, `/signup${query}`, { body: { email, password, data: { full_name: 'Claire Martin' } } });
const signIn = (email: string, password = 'secret-123') =>
  callAuth(auth.stack.unconfirmed, '/token?grant_type=password', { body: { email, password } });

/** The outbox page, without any key (as a developer's browser opens it). */
async function outbox(): Promise<string> {
  const response = await fetch(`${auth.stack.unconfirmed.url}/auth/v1/outbox`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

async function linkFor(email: string): Promise<string> {
  return (await newestMailTo(auth.stack.unconfirmed.url, email)).link;
}

describe('sign-up with confirmation', () => {
  it('answers the bare unconfirmed user and mails a verify link', async () => {
    const email = uniqueEmail('confirm');
    const response = await signUp(email);
    expect(response.status).toBe(200);
    expect(response.body.access_token).toBeUndefined();
    expect(response.body).toMatchObject({ email, role: 'authenticated', user_metadata: { full_name: 'Claire Martin' } });
    expect(response.body.email_confirmed_at).toBeUndefined();
    expect(response.body.confirmation_sent_at).toBeTruthy();
    expect(response.body.identities).toHaveLength(1);
    const link = new URL(await linkFor(email));
    expect(link.origin + link.pathname).toBe(`${auth.stack.unconfirmed.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(auth.stack.unconfirmed.siteUrl);
    const row = await auth.db.query('select confirmation_token from auth.users where email = $1', [email]);
    expect(row.rows[0].confirmation_token).toBe(link.searchParams.get('token'));
  });

  it('refuses to sign in before confirmation with email_not_confirmed', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const response = await signIn(email);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('lists mails newest first on the outbox page', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await signUp(first);
    await signUp(second);
    const page = await outbox();
    expect(page.indexOf(second)).toBeGreaterThan(-1);
    expect(page.indexOf(second)).toBeLessThan(page.indexOf(first));
  });

  it('confirms through the link: 303 to redirect_to with the session in the fragment, then sign-in works', async () => {
    const email = uniqueEmail();
    const redirect = new URL('/auth/callback', auth.stack.unconfirmed.siteUrl).toString();
    await signUp(email, 'secret-123', `?redirect_to=${encodeURIComponent(redirect)}`);
    const response = await fetch(await linkFor(email), { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    const [target, fragment] = location.split('#');
    expect(target).toBe(redirect);
    const params = new URLSearchParams(fragment);
    expect([...params.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']);
    expect(params.get('type')).toBe('signup');
    expect(params.get('token_type')).toBe('bearer');
    const claims = verifyAccessToken(params.get('access_token')!, { jwks: [publicJwk(auth.stack.unconfirmed.signingKey)], legacySecret: undefined });
    expect(claims).toMatchObject({ email, amr: [{ method: 'otp' }] });

    const user = await callAuth(auth.stack.unconfirmed, '/user', { token: params.get('access_token') });
    expect(user.body.email_confirmed_at).toBeTruthy();
    expect(user.body.identities[0].identity_data.email_verified).toBe(true);
    expect((await signIn(email)).status).toBe(200);
  });

  it('sends a spent or expired link back with otp_expired in the fragment', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const link = await linkFor(email);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
    const spent = await fetch(link, { redirect: 'manual' });
    const location = new URL(spent.headers.get('location')!);
    expect(location.origin).toBe(new URL(auth.stack.unconfirmed.siteUrl).origin);
    expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });

    const late = uniqueEmail('late');
    await signUp(late);
    await auth.db.query("update auth.users set confirmation_sent_at = now() - interval '2 hours' where email = $1", [late]);
    const expired = await fetch(await linkFor(late), { redirect: 'manual' });
    expect(expired.headers.get('location')).toContain('error_code=otp_expired');
    expect((await signIn(late)).body.code).toBe('email_not_confirmed');
  });

  it('never redirects to another site: an unlisted redirect_to falls back to the site URL', async () => {
    const email = uniqueEmail();
    await signUp(email, 'secret-123', `?redirect_to=${encodeURIComponent('https://evil.example/steal')}`);
    const link = new URL(await linkFor(email));
    expect(link.searchParams.get('redirect_to')).toBe(auth.stack.unconfirmed.siteUrl);
  });

  it('answers malformed verify requests with 400 JSON', async () => {
    const noType = await callAuth(auth.stack.unconfirmed, '/verify?token=abc', { apikey: null, token: null });
    expect(noType.status).toBe(400);
    expect(noType.body).toMatchObject({ code: 'validation_failed', message: 'Verify requires a verification type' });
    const noToken = await callAuth(auth.stack.unconfirmed, '/verify?type=signup', { apikey: null, token: null });
    expect(noToken.body.message).toBe('Verify requires a token or a token hash');
  });
});

describe('repeated sign-up with confirmation on', () => {
  it('re-sends the link to an unconfirmed address once max_frequency has passed, and answers the same user', async () => {
    const email = uniqueEmail();
    const first = await signUp(email);
    const firstLink = await linkFor(email);
    const tooSoon = await signUp(email, 'another-secret');
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({ code: 'over_email_send_rate_limit', message: expect.stringMatching(/^For security purposes, you can only request this after (59|60) seconds\.$/) });
    expect(await linkFor(email)).toBe(firstLink);
    await auth.db.query(`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`, [email]);
    const again = await signUp(email, 'another-secret');
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await linkFor(email)).not.toBe(firstLink);
    const stale = await fetch(firstLink, { redirect: 'manual' });
    expect(stale.headers.get('location')).toContain('error_code=otp_expired');
  });

  it('answers a confirmed address with a fake user whose identities are empty', async () => {
    const email = uniqueEmail();
    const first = await signUp(email);
    await fetch(await linkFor(email), { redirect: 'manual' });
    const again = await signUp(email);
    expect(again.status).toBe(200);
    expect(again.body.identities).toEqual([]);
    expect(again.body.id).not.toBe(first.body.id);
    expect(again.body.email).toBe(email);
    expect((await auth.db.query('select count(*)::int as n from auth.users where email = $1', [email])).rows[0].n).toBe(1);
  });
});
