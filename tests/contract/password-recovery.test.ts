// A forgotten password with the unmodified supabase-js against the local GoTrue, over real HTTP:
// resetPasswordForEmail mails a link and a 6-digit code; either signs the customer in once, within
// otp_expiry, and the new password replaces the old. An unknown address is answered the same way.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { newestMailTo, uniqueEmail } from '../../scripts/stack/auth/test-stack.ts';
import { startAuthStack, type AuthStack } from './support/auth-stack.ts';

let stack: AuthStack;
let db: pg.Client;
// A loopback address is an allowed redirect whatever the site URL (GoTrue's rule).
const resetPage = 'http://127.0.0.1:4173/mot-de-passe/nouveau';

beforeAll(async () => {
  stack = await startAuthStack();
  db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await stack?.stop();
});

function client(): SupabaseClient {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
}

/** A customer who signed up, then forgot the password and asked for a recovery mail. */
async function forgotten() {
  const email = uniqueEmail('recovery');
  const password = 'ancien-secret-1';
  const signUp = await client().auth.signUp({ email, password });
  expect(signUp.error).toBeNull();
  const asked = await client().auth.resetPasswordForEmail(email, { redirectTo: resetPage });
  expect(asked).toEqual({ data: {}, error: null });
  const mail = await newestMailTo(stack.url, email);
  expect(mail.action).toBe('recovery');
  return { email, password, mail };
}

/** As if the last recovery mail had gone over a minute ago (GoTrue's max_frequency). */
async function ageRecoveryMail(email: string): Promise<void> {
  await db.query(`update auth.users set recovery_sent_at = now() - interval '61 seconds' where email = $1`, [email]);
}

/** Follows a mail's link as the browser does; the 303's target and its fragment's values. */
async function follow(link: string) {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location')!);
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

describe('password recovery by link (implicit flow)', () => {
  it('signs the customer in on the shop page, who then chooses a new password', async () => {
    const { email, password, mail } = await forgotten();
    const link = new URL(mail.link);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(resetPage);
    expect(mail.code).toMatch(/^\d{6}$/);

    const { location, fragment } = await follow(mail.link);
    expect(location.origin + location.pathname).toBe(resetPage);
    expect(fragment.get('type')).toBe('recovery');
    const supabase = client();
    const session = await supabase.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(session.error).toBeNull();
    expect(session.data.user?.email).toBe(email);

    const updated = await supabase.auth.updateUser({ password: 'nouveau-secret-2' });
    expect(updated.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'nouveau-secret-2' })).error).toBeNull();
    const old = await client().auth.signInWithPassword({ email, password });
    expect(old.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('refuses a link used once already, with otp_expired in the redirect', async () => {
    const { mail } = await forgotten();
    expect((await follow(mail.link)).fragment.get('access_token')).toBeTruthy();
    const { location, fragment } = await follow(mail.link);
    expect(location.origin + location.pathname).toBe(resetPage);
    expect(fragment.get('access_token')).toBeNull();
    expect(Object.fromEntries(fragment)).toMatchObject({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' });
  });

  it('refuses a link older than otp_expiry (one hour)', async () => {
    const { email, mail } = await forgotten();
    await db.query(`update auth.users set recovery_sent_at = now() - interval '3601 seconds' where email = $1`, [email]);
    const { fragment } = await follow(mail.link);
    expect(fragment.get('error_code')).toBe('otp_expired');
    const byHash = await client().auth.verifyOtp({ token_hash: new URL(mail.link).searchParams.get('token')!, type: 'recovery' });
    expect(byHash.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('refuses a second mail within max_frequency, and keeps only the newest mail valid when the customer asks again later', async () => {
    const { email, mail: first } = await forgotten();
    const tooSoon = await client().auth.resetPasswordForEmail(email, { redirectTo: resetPage });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit', message: expect.stringMatching(/^For security purposes, you can only request this after \d+ seconds\.$/) });
    expect((await newestMailTo(stack.url, email)).link).toBe(first.link);
    await ageRecoveryMail(email);
    expect((await client().auth.resetPasswordForEmail(email, { redirectTo: resetPage })).error).toBeNull();
    const second = await newestMailTo(stack.url, email);
    expect(second.link).not.toBe(first.link);
    expect((await follow(first.link)).fragment.get('error_code')).toBe('otp_expired');
    expect((await follow(second.link)).fragment.get('access_token')).toBeTruthy();
  });
});

describe('password recovery by POST /verify (verifyOtp)', () => {
  it('signs in with the 6-digit code and the address, once', async () => {
    const { email, mail } = await forgotten();
    const wrong = await client().auth.verifyOtp({ email, token: mail.code === '000000' ? '000001' : '000000', type: 'recovery' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const other = await client().auth.verifyOtp({ email: uniqueEmail('other'), token: mail.code, type: 'recovery' });
    expect(other.error).toMatchObject({ status: 403, code: 'otp_expired' });

    const verified = await client().auth.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email).toBe(email);

    const again = await client().auth.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
    // The code and the link are one token: spending one spends the other.
    expect((await follow(mail.link)).fragment.get('error_code')).toBe('otp_expired');
  });

  it('signs in with the token hash of the link, once', async () => {
    const { email, mail } = await forgotten();
    const token_hash = new URL(mail.link).searchParams.get('token')!;
    const verified = await client().auth.verifyOtp({ token_hash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
    const again = await client().auth.verifyOtp({ token_hash, type: 'recovery' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
  });

  it('confirms an address still unconfirmed, as GoTrue does', async () => {
    const gateway = await stack.confirmingGateway();
    const email = uniqueEmail('unconfirmed');
    const anon = createClient(gateway.url, gateway.publishableKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } });
    expect((await anon.auth.signUp({ email, password: 'secret-123' })).error).toBeNull();
    expect((await anon.auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await newestMailTo(gateway.url, email);
    expect(mail.action).toBe('recovery');
    const verified = await anon.auth.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
  });
});

describe('no account enumeration', () => {
  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const known = (await forgotten()).email;
    // A minute later, as GoTrue lets a known address ask again (sooner it answers 429).
    await ageRecoveryMail(known);
    const unknown = uniqueEmail('nobody');
    const ask = (email: string) =>
      fetch(`${stack.url}/auth/v1/recover?redirect_to=${encodeURIComponent(resetPage)}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({ email }),
      }).then(async (response) => ({ status: response.status, body: await response.text() }));
    expect(await ask(unknown)).toEqual(await ask(known));
    expect(await ask(unknown)).toEqual({ status: 200, body: '{}' });
    expect(await client().auth.resetPasswordForEmail(unknown, { redirectTo: resetPage })).toEqual({ data: {}, error: null });
    await expect(newestMailTo(stack.url, unknown)).rejects.toThrow(/no mail/);
  });

  it('still refuses a malformed address, as GoTrue does', async () => {
    const { error } = await client().auth.resetPasswordForEmail('pas-une-adresse');
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('password recovery in the PKCE flow', () => {
  /** A client in supabase-js's PKCE flow, keeping its code verifier in memory as a browser would in storage. */
  function pkceClient(): SupabaseClient {
    const store = new Map<string, string>();
    return createClient(stack.url, stack.anonKey, {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => void store.set(key, value), removeItem: (key) => void store.delete(key) },
      },
      realtime: { transport: ws as never },
    });
  }

  it('redirects with ?code= that only the requesting client can exchange, once, for the session', async () => {
    const email = uniqueEmail('pkce');
    expect((await client().auth.signUp({ email, password: 'ancien-secret-1' })).error).toBeNull();
    const browser = pkceClient();
    expect(await browser.auth.resetPasswordForEmail(email, { redirectTo: resetPage })).toEqual({ data: {}, error: null });
    const mail = await newestMailTo(stack.url, email);
    expect(new URL(mail.link).searchParams.get('token')).toMatch(/^pkce_/);

    const { location } = await follow(mail.link);
    expect(location.origin + location.pathname).toBe(resetPage);
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();

    // Another client has no verifier for this code; a wrong verifier is refused.
    const stranger = await pkceClient().auth.exchangeCodeForSession(code);
    expect(stranger.error).not.toBeNull();
    const forged = await fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 'bad_code_verifier' });

    const exchanged = await browser.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    // auth-js returns it beside the session (emitting PASSWORD_RECOVERY); its types leave it out.
    expect((exchanged.data as { redirectType?: string | null }).redirectType).toBe('recovery');
    expect((await browser.auth.updateUser({ password: 'nouveau-secret-2' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'nouveau-secret-2' })).error).toBeNull();

    const again = await fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'flow_state_not_found' });
    // The spent link answers with the error in the query too, as GoTrue does for PKCE.
    const spent = await follow(mail.link);
    expect(spent.location.searchParams.get('error_code')).toBe('otp_expired');
    expect(spent.fragment.get('error_code')).toBe('otp_expired');
  });

  it('refuses a code older than the flow state expiry (five minutes) with flow_state_expired', async () => {
    const email = uniqueEmail('pkce-late');
    expect((await client().auth.signUp({ email, password: 'ancien-secret-1' })).error).toBeNull();
    const browser = pkceClient();
    await browser.auth.resetPasswordForEmail(email, { redirectTo: resetPage });
    const code = (await follow((await newestMailTo(stack.url, email)).link)).location.searchParams.get('code')!;
    await db.query(`update auth.flow_state set auth_code_issued_at = now() - interval '301 seconds' where auth_code = $1`, [code]);
    const late = await browser.auth.exchangeCodeForSession(code);
    expect(late.error).toMatchObject({ status: 422, code: 'flow_state_expired' });
  });

  it('accepts the 6-digit code of a PKCE mail on POST /verify too', async () => {
    const email = uniqueEmail('pkce-code');
    expect((await client().auth.signUp({ email, password: 'ancien-secret-1' })).error).toBeNull();
    await pkceClient().auth.resetPasswordForEmail(email, { redirectTo: resetPage });
    const mail = await newestMailTo(stack.url, email);
    const verified = await client().auth.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
  });

  it('refuses a half or malformed code challenge with validation_failed', async () => {
    const email = (await forgotten()).email;
    const ask = (body: Record<string, string>) =>
      fetch(`${stack.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({ email, ...body }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { code?: string; message?: string } }));
    expect(await ask({ code_challenge: 'a'.repeat(43) })).toMatchObject({ status: 400, body: { code: 'validation_failed', message: 'PKCE flow requires code_challenge_method and code_challenge' } });
    expect((await ask({ code_challenge: 'short', code_challenge_method: 's256' })).body.code).toBe('validation_failed');
  });
});
