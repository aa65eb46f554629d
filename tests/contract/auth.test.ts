// The unmodified supabase-js against the local GoTrue: every auth call of the shop, with its
// success and its failure, raising the errors auth-js raises against the real service.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { newestMailTo } from '../../scripts/stack/auth/test-stack.ts';
import { signUpConfirmed } from '../support/confirmed-customer.ts';
import { startAuthStack, type AuthStack } from './support/auth-stack.ts';

let stack: AuthStack;

beforeAll(async () => {
  stack = await startAuthStack();
});

afterAll(async () => {
  await stack?.stop();
});

function client(url = stack.url, key = stack.anonKey): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; realtime-js needs a transport even when unused.
    realtime: { transport: ws as never },
  });
}

const uniqueEmail = (label = 'contract') => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;

/** A customer signed up, confirmed and signed in (confirmations are on, as config.toml has them). */
async function signedUp(data: Record<string, unknown> = {}) {
  const supabase = client();
  const email = uniqueEmail();
  const password = 'client-demo-2026';
  const keys = { SUPABASE_URL: stack.url, SUPABASE_SECRET_KEY: stack.serviceRoleKey };
  const user = await signUpConfirmed(keys, supabase, email, password, data);
  const { data: current } = await supabase.auth.getSession();
  return { supabase, email, password, session: current.session!, user };
}

describe('signUp, sign-ups auto-confirmed (enable_confirmations = false)', () => {
  async function autoconfirming() {
    const gateway = await stack.autoconfirmingGateway();
    return () => client(gateway.url, gateway.publishableKey);
  }

  it('signs up and in at once', async () => {
    const anon = await autoconfirming();
    const email = uniqueEmail();
    const { data, error } = await anon().auth.signUp({ email, password: 'client-demo-2026', options: { data: { full_name: 'Claire Martin' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user).toMatchObject({ email, role: 'authenticated', user_metadata: { full_name: 'Claire Martin' } });
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
  });

  it('refuses a registered address with "User already registered"', async () => {
    const anon = await autoconfirming();
    const email = uniqueEmail();
    expect((await anon().auth.signUp({ email, password: 'client-demo-2026' })).error).toBeNull();
    const { data, error } = await anon().auth.signUp({ email, password: 'another-secret' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ name: 'AuthApiError', message: 'User already registered', status: 422, code: 'user_already_exists' });
  });
});

describe('signUp, confirmations on', () => {
  it('answers the user without a session, and a confirmed address with an obfuscated user, not an error', async () => {
    const email = uniqueEmail();
    const first = await client().auth.signUp({ email, password: 'client-demo-2026' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect(first.data.user?.email).toBe(email);
    const { user } = await signedUp();
    const again = await client().auth.signUp({ email: user.email!, password: 'another-secret' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
  });

  it('refuses a short password with AuthWeakPasswordError', async () => {
    const { error } = await client().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length'] });
  });
});

describe('signInWithPassword', () => {
  it('signs in with the right password', async () => {
    const { email, password, user } = await signedUp();
    const { data, error } = await client().auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.session?.expires_at).toBeGreaterThan(Date.now() / 1000);
  });

  it('refuses a wrong password with "Invalid login credentials"', async () => {
    const { email } = await signedUp();
    const { data, error } = await client().auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ name: 'AuthApiError', message: 'Invalid login credentials', status: 400, code: 'invalid_credentials' });
  });
});

describe('the signed-in user', () => {
  it('reads itself with getUser', async () => {
    const { supabase, user } = await signedUp();
    const { data, error } = await supabase.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
  });

  it('updates its full name', async () => {
    const { supabase } = await signedUp({ full_name: 'Old Name' });
    const { data, error } = await supabase.auth.updateUser({ data: { full_name: 'Claire Martin' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.full_name).toBe('Claire Martin');
    expect((await supabase.auth.getUser()).data.user?.user_metadata.full_name).toBe('Claire Martin');
  });

  it('changes its password, then signs in with the new one only', async () => {
    const { supabase, email, password } = await signedUp();
    const { error } = await supabase.auth.updateUser({ password: 'a-new-password' });
    expect(error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'a-new-password' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
  });

  it('refuses a short new password with AuthWeakPasswordError', async () => {
    const { supabase } = await signedUp();
    const { error } = await supabase.auth.updateUser({ password: 'abc' });
    expect(error).toMatchObject({ name: 'AuthWeakPasswordError', code: 'weak_password', status: 422 });
  });
});

describe('refreshSession', () => {
  it('rotates the refresh token and refuses the old one afterwards', async () => {
    const { supabase, session } = await signedUp();
    const { data, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    const reused = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.data.session).toBeNull();
    expect(reused.error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'refresh_token_already_used' });
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await client().auth.refreshSession({ refresh_token: 'unknowntoken' });
    expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
  });
});

describe('signOut', () => {
  it('ends the session: the old access token then reads as a missing session', async () => {
    const { supabase, session } = await signedUp();
    expect((await supabase.auth.signOut()).error).toBeNull();
    const { data, error } = await client().auth.getUser(session.access_token);
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
    // What auth-js turns into that error: GoTrue's 403 session_not_found.
    const raw = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${session.access_token}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ code: 'session_not_found' });
  });
});

describe('auth.admin', () => {
  it('creates, lists and deletes users with the service-role key', async () => {
    const admin = client(stack.url, stack.serviceRoleKey).auth.admin;
    const email = uniqueEmail('admin-made');
    const created = await admin.createUser({ email, password: 'admin-made-1', email_confirm: true, user_metadata: { full_name: 'Ada' } });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ email, user_metadata: { full_name: 'Ada' } });

    const listed = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.map((u) => u.email)).toContain(email);
    expect((listed.data as { total?: number }).total).toBeGreaterThanOrEqual(1);

    const deleted = await admin.deleteUser(created.data.user!.id);
    expect(deleted.error).toBeNull();
    const gone = await admin.getUserById(created.data.user!.id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('refuses the anon key with "User not allowed"', async () => {
    const admin = client().auth.admin;
    const created = await admin.createUser({ email: uniqueEmail(), password: 'secret-123' });
    expect(created.error).toMatchObject({ name: 'AuthApiError', status: 403, code: 'not_admin', message: 'User not allowed' });
    expect((await admin.listUsers()).error?.code).toBe('not_admin');
    const { user } = await signedUp();
    expect((await admin.deleteUser(user.id)).error?.code).toBe('not_admin');
  });
});

describe('e-mail confirmation (auto-confirmation off)', () => {
  it('mails a link; before it "Email not confirmed", after it sign-in works', async () => {
    const gateway = await stack.confirmingGateway();
    const supabase = client(gateway.url, gateway.publishableKey);
    const email = uniqueEmail('confirm');
    const signUp = await supabase.auth.signUp({ email, password: 'secret-123', options: { emailRedirectTo: `${gateway.siteUrl}/auth/callback` } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);

    const early = await supabase.auth.signInWithPassword({ email, password: 'secret-123' });
    expect(early.error).toMatchObject({ name: 'AuthApiError', message: 'Email not confirmed', status: 400, code: 'email_not_confirmed' });

    const { link } = await newestMailTo(gateway.url, email);
    expect(link).toContain('/auth/v1/verify?');
    const verified = await fetch(link, { redirect: 'manual' });
    expect(verified.status).toBe(303);
    expect(verified.headers.get('location')).toMatch(new RegExp(`^${gateway.siteUrl}/auth/callback#access_token=`));

    const late = await supabase.auth.signInWithPassword({ email, password: 'secret-123' });
    expect(late.error).toBeNull();
    expect(late.data.user?.email_confirmed_at).toBeTruthy();
  });
});

describe('the database behind it', () => {
  it('keeps users in auth.users with bcrypt hashes and their sessions in auth.sessions', async () => {
    const { user, session } = await signedUp();
    const db = new pg.Client({ connectionString: stack.dbUrl });
    await db.connect();
    try {
      const row = await db.query('select encrypted_password from auth.users where id = $1', [user.id]);
      expect(row.rows[0].encrypted_password).toMatch(/^\$2[aby]\$/);
      const sessionId = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).session_id;
      expect((await db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, user.id])).rowCount).toBe(1);
    } finally {
      await db.end();
    }
  });
});
