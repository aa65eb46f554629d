// The admin user endpoints over real HTTP: only an admin role may call them, with GoTrue's
// shapes, pagination headers and refusals.
import { describe, expect, it } from 'vitest';
import { callAuth, signUp, useAuthTestStack, uniqueEmail, type AuthCall } from './test-stack.ts';

const auth = useAuthTestStack();

const asAdmin = (path: string, call: AuthCall = {}) => callAuth(auth.stack.confirmed, path, { token: auth.stack.confirmed.secretKey, ...call });
const createUser = (body: unknown) => asAdmin('/admin/users', { body });

describe('admin access', () => {
  it('refuses the anon key and a signed-in user with 403 not_admin', async () => {
    const { session } = await signUp(auth.stack.confirmed);
    for (const token of [auth.stack.confirmed.publishableKey, session.access_token]) {
      for (const [path, method] of [['/admin/users', 'GET'], ['/admin/users', 'POST'], [`/admin/users/${session.user.id}`, 'DELETE']] as const) {
        const response = await callAuth(auth.stack.confirmed, path, { token, method, body: method === 'POST' ? { email: uniqueEmail() } : undefined });
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ code: 'not_admin', message: 'User not allowed' });
      }
    }
    expect((await auth.db.query('select 1 from auth.users where id = $1', [session.user.id])).rowCount).toBe(1);
  });

  it('answers 401 without a bearer token', async () => {
    const response = await callAuth(auth.stack.confirmed, '/admin/users', { token: null });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('no_authorization');
  });
});

describe('POST /admin/users', () => {
  it('creates a confirmed user with metadata who can sign in', async () => {
    const email = uniqueEmail('Admin-Made');
    const response = await createUser({ email, password: 'admin-made-1', email_confirm: true, user_metadata: { full_name: 'Ada' }, app_metadata: { plan: 'gold' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      email: email.toLowerCase(),
      role: 'authenticated',
      aud: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'], plan: 'gold' },
      user_metadata: { full_name: 'Ada', email_verified: true },
      identities: [{ provider: 'email', identity_data: { email: email.toLowerCase(), email_verified: false } }],
    });
    expect(response.body.email_confirmed_at).toBeTruthy();
    const signIn = await callAuth(auth.stack.confirmed, '/token?grant_type=password', { body: { email, password: 'admin-made-1' } });
    expect(signIn.status).toBe(200);
  });

  it('creates an unconfirmed user, who cannot sign in yet', async () => {
    const email = uniqueEmail();
    const response = await createUser({ email, password: 'secret-123' });
    expect(response.status).toBe(200);
    expect(response.body.email_confirmed_at).toBeUndefined();
    const signIn = await callAuth(auth.stack.confirmed, '/token?grant_type=password', { body: { email, password: 'secret-123' } });
    expect(signIn.body).toMatchObject({ code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('refuses a taken address with 422 email_exists, and a user with neither email nor phone', async () => {
    const { email } = await signUp(auth.stack.confirmed);
    const duplicate = await createUser({ email, password: 'secret-123' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toMatchObject({ code: 'email_exists', message: 'A user with this email address has already been registered' });
    const empty = await createUser({ password: 'secret-123' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'validation_failed', message: 'Cannot create a user without either an email or phone' });
  });

  it('takes a custom id and refuses a malformed one', async () => {
    const id = '7a1b5e8c-3f6d-4c2a-9b1e-0d4f6a8c2e11';
    const created = await createUser({ id, email: uniqueEmail() });
    expect(created.body.id).toBe(id);
    const again = await createUser({ id, email: uniqueEmail() });
    expect(again.status).toBe(422);
    const malformed = await createUser({ id: 'abc', email: uniqueEmail() });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('ID must conform to the uuid v4 format');
  });
});

describe('GET /admin/users', () => {
  it('pages users newest first with X-Total-Count and a Link header auth-js can read', async () => {
    for (let i = 0; i < 3; i += 1) await createUser({ email: uniqueEmail('page'), password: 'secret-123' });
    const total = Number((await auth.db.query("select count(*) from auth.users where aud = 'authenticated'")).rows[0].count);
    const response = await asAdmin('/admin/users?page=1&per_page=2');
    expect(response.status).toBe(200);
    expect(response.body.aud).toBe('authenticated');
    expect(response.body.users).toHaveLength(2);
    expect(Date.parse(response.body.users[0].created_at)).toBeGreaterThanOrEqual(Date.parse(response.body.users[1].created_at));
    expect(response.headers.get('x-total-count')).toBe(String(total));
    const lastPage = Math.ceil(total / 2);
    expect(response.headers.get('link')).toBe(`</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${lastPage}&per_page=2>; rel="last"`);
    const last = await asAdmin(`/admin/users?page=${lastPage}&per_page=2`);
    expect(last.headers.get('link')).toBe(`</admin/users?page=${lastPage}&per_page=2>; rel="last"`);
  });

  it('filters by address and refuses malformed paging', async () => {
    const email = uniqueEmail('findme');
    await createUser({ email });
    const found = await asAdmin(`/admin/users?filter=${encodeURIComponent(email.slice(0, 14))}`);
    expect(found.body.users.map((u: { email: string }) => u.email)).toEqual([email]);
    const bad = await asAdmin('/admin/users?page=two');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
  });
});

describe('GET, PUT and DELETE /admin/users/:id', () => {
  it('reads a user and answers 404 for an unknown or malformed id', async () => {
    const { session } = await signUp(auth.stack.confirmed);
    const found = await asAdmin(`/admin/users/${session.user.id}`);
    expect(found.body).toMatchObject({ id: session.user.id, email: session.user.email });
    const unknown = await asAdmin('/admin/users/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'user_not_found', message: 'User not found' });
    const malformed = await asAdmin('/admin/users/42');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toMatchObject({ code: 'validation_failed', message: 'user_id must be an UUID' });
  });

  it('updates metadata, confirms, sets a password (ending sessions) and bans', async () => {
    const { email, session } = await signUp(auth.stack.confirmed, uniqueEmail(), 'secret-123', { full_name: 'Before' });
    const response = await asAdmin(`/admin/users/${session.user.id}`, {
      method: 'PUT',
      body: { user_metadata: { full_name: 'After' }, app_metadata: { plan: 'gold', provider: null }, password: 'changed-by-admin' },
    });
    expect(response.status).toBe(200);
    expect(response.body.user_metadata).toEqual({ full_name: 'After', email_verified: true });
    expect(response.body.app_metadata).toEqual({ providers: ['email'], plan: 'gold' });
    expect((await callAuth(auth.stack.confirmed, '/user', { token: session.access_token })).body.code).toBe('session_not_found');
    const signIn = await callAuth(auth.stack.confirmed, '/token?grant_type=password', { body: { email, password: 'changed-by-admin' } });
    expect(signIn.status).toBe(200);

    const banned = await asAdmin(`/admin/users/${session.user.id}`, { method: 'PUT', body: { ban_duration: '24h' } });
    expect(Date.parse(banned.body.banned_until)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const refused = await callAuth(auth.stack.confirmed, '/token?grant_type=password', { body: { email, password: 'changed-by-admin' } });
    expect(refused.body.code).toBe('user_banned');
    const lifted = await asAdmin(`/admin/users/${session.user.id}`, { method: 'PUT', body: { ban_duration: 'none' } });
    expect(lifted.body.banned_until).toBeUndefined();
    const badBan = await asAdmin(`/admin/users/${session.user.id}`, { method: 'PUT', body: { ban_duration: 'forever' } });
    expect(badBan.status).toBe(400);
  });

  it('deletes a user with its identities and sessions', async () => {
    const { session } = await signUp(auth.stack.confirmed);
    const response = await asAdmin(`/admin/users/${session.user.id}`, { method: 'DELETE', body: { should_soft_delete: false } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
    for (const table of ['users', 'identities', 'sessions']) {
      const column = table === 'users' ? 'id' : 'user_id';
      expect((await auth.db.query(`select 1 from auth.${table} where ${column} = $1`, [session.user.id])).rowCount).toBe(0);
    }
    expect((await asAdmin(`/admin/users/${session.user.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('soft-deletes: the row stays, the address is freed, nobody can sign in', async () => {
    const { email, password, session } = await signUp(auth.stack.confirmed);
    const response = await asAdmin(`/admin/users/${session.user.id}`, { method: 'DELETE', body: { should_soft_delete: true } });
    expect(response.status).toBe(200);
    const row = await auth.db.query('select email, deleted_at from auth.users where id = $1', [session.user.id]);
    expect(row.rows[0].email).toBeNull();
    expect(row.rows[0].deleted_at).not.toBeNull();
    const signIn = await callAuth(auth.stack.confirmed, '/token?grant_type=password', { body: { email, password } });
    expect(signIn.body.code).toBe('invalid_credentials');
    expect((await signUp(auth.stack.confirmed, email)).session.user.id).not.toBe(session.user.id);
  });
});
