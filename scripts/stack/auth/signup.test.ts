// POST /signup over real HTTP: the session body, the user JSON, the access token's claims, the
// rows GoTrue would write, and GoTrue's refusals.
import { describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../keys.ts';
import { publicJwk } from '../signing-keys.ts';
import { callAuth, decodeJwt, useAuthTestStack, uniqueEmail } from './test-stack.ts';

const auth = useAuthTestStack();

describe('sign-up with auto-confirmation', () => {
  it('answers a session whose user has GoTrue fields, metadata and an email identity', async () => {
    const email = uniqueEmail('Claire');
    const response = await callAuth(auth.stack.confirmed, '/signup', { body: { email, password: 'client-demo-2026', data: { full_name: 'Claire Martin' } } });
    expect(response.status).toBe(200);
    const session = response.body;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session.refresh_token).toMatch(/^[a-z2-7]{12}$/);
    const user = session.user;
    expect(Object.keys(user)).toEqual([
      'id', 'aud', 'role', 'email', 'email_confirmed_at', 'phone', 'confirmed_at', 'last_sign_in_at',
      'app_metadata', 'user_metadata', 'identities', 'created_at', 'updated_at', 'is_anonymous',
    ]);
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Claire Martin', email_verified: true },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(user.identities).toHaveLength(1);
    expect(user.identities[0]).toMatchObject({
      id: user.id,
      user_id: user.id,
      provider: 'email',
      email: email.toLowerCase(),
      identity_data: { sub: user.id, email: email.toLowerCase(), email_verified: false, phone_verified: false, full_name: 'Claire Martin' },
    });
    expect(user.identities[0].identity_id).not.toBe(user.id);
  });

  it('signs an access token with GoTrue claims for the new session', async () => {
    const email = uniqueEmail();
    const { body } = await callAuth(auth.stack.confirmed, '/signup', { body: { email, password: 'secret-123', data: {} } });
    const claims = verifyAccessToken(body.access_token, { jwks: [publicJwk(auth.stack.confirmed.signingKey)], legacySecret: undefined });
    expect(Object.keys(claims)).toEqual([
      'iss', 'sub', 'aud', 'exp', 'iat', 'email', 'phone', 'app_metadata', 'user_metadata', 'role', 'aal', 'amr', 'session_id', 'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      iss: `${auth.stack.confirmed.url}/auth/v1`,
      sub: body.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.exp).toBe(body.expires_at);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const session = await auth.db.query('select user_id from auth.sessions where id = $1', [claims.session_id]);
    expect(session.rows).toEqual([{ user_id: body.user.id }]);
  });

  it('writes the rows GoTrue writes: a bcrypt hash, an identity, a session and its refresh token', async () => {
    const email = uniqueEmail('MiXeD');
    const { body } = await callAuth(auth.stack.confirmed, '/signup', { body: { email, password: 'secret-123' } });
    const user = await auth.db.query('select email, encrypted_password, instance_id, email_confirmed_at, last_sign_in_at from auth.users where id = $1', [body.user.id]);
    expect(user.rows[0].email).toBe(email.toLowerCase());
    expect(user.rows[0].encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    expect(user.rows[0].instance_id).toBe('00000000-0000-0000-0000-000000000000');
    expect(user.rows[0].email_confirmed_at).not.toBeNull();
    expect(user.rows[0].last_sign_in_at).not.toBeNull();
    const identities = await auth.db.query('select provider, provider_id from auth.identities where user_id = $1', [body.user.id]);
    expect(identities.rows).toEqual([{ provider: 'email', provider_id: body.user.id }]);
    const tokens = await auth.db.query('select token, revoked, parent, session_id from auth.refresh_tokens where user_id = $1', [body.user.id]);
    expect(tokens.rows).toEqual([{ token: body.refresh_token, revoked: false, parent: null, session_id: decodeJwt(body.access_token).session_id }]);
  });
});

describe('sign-up refusals', () => {
  it('refuses a registered address with 422 user_already_exists, echoing the API version', async () => {
    const email = uniqueEmail();
    await callAuth(auth.stack.confirmed, '/signup', { body: { email, password: 'secret-123' } });
    const again = await callAuth(auth.stack.confirmed, '/signup', { body: { email: email.toUpperCase(), password: 'other-secret' } });
    expect(again.status).toBe(422);
    expect(again.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(again.headers.get('x-sb-error-code')).toBe('user_already_exists');
    expect(again.body).toEqual({ code: 'user_already_exists', message: 'User already registered', error_code: 'user_already_exists', msg: 'User already registered' });
  });

  it('answers the legacy error shape to a client without the version header', async () => {
    const email = uniqueEmail();
    await callAuth(auth.stack.confirmed, '/signup', { body: { email, password: 'secret-123' } });
    const again = await callAuth(auth.stack.confirmed, '/signup', { body: { email, password: 'secret-123' }, apiVersion: null });
    expect(again.status).toBe(422);
    expect(again.headers.get('x-supabase-api-version')).toBeNull();
    expect(again.body).toEqual({ code: 422, error_code: 'user_already_exists', msg: 'User already registered' });
  });

  it('refuses a short password with 422 weak_password and its reasons', async () => {
    const response = await callAuth(auth.stack.confirmed, '/signup', { body: { email: uniqueEmail(), password: '12345' } });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'weak_password', message: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] } });
  });

  it('refuses a password longer than bcrypt can hash', async () => {
    const response = await callAuth(auth.stack.confirmed, '/signup', { body: { email: uniqueEmail(), password: 'x'.repeat(73) } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', message: 'Password cannot be longer than 72 characters' });
  });

  it.each([
    [{ email: uniqueEmail() }, 400, 'validation_failed', 'Signup requires a valid password'],
    [{ password: 'secret-123' }, 422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'],
    [{ email: 'not-an-address', password: 'secret-123' }, 400, 'validation_failed', 'Unable to validate email address: invalid format'],
    [{ email: 'a@b.test', phone: '+33612345678', password: 'secret-123' }, 400, 'validation_failed', 'Only an email address or phone number should be provided on signup.'],
    [{ phone: '+33612345678', password: 'secret-123' }, 400, 'phone_provider_disabled', 'Phone signups are disabled'],
  ])('refuses %j with %i %s', async (body, status, code, message) => {
    const response = await callAuth(auth.stack.confirmed, '/signup', { body });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ code, message });
  });

  it('creates nothing when it refuses', async () => {
    const email = uniqueEmail();
    await callAuth(auth.stack.confirmed, '/signup', { body: { email, password: '123' } });
    const rows = await auth.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows.rowCount).toBe(0);
  });
});
