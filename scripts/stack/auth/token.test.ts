// POST /token over real HTTP: the password grant and its refusals, refresh-token rotation and
// GoTrue's reuse detection, and the grants the local stack does not run.
import { describe, expect, it } from 'vitest';
import { callAuth, decodeJwt, signUp, useAuthTestStack, uniqueEmail } from './test-stack.ts';

const auth = useAuthTestStack();

const passwordGrant = (body: unknown, apiVersion?: string | null) => callAuth(auth.stack.confirmed, '/token?grant_type=password', { body, apiVersion });
const refreshGrant = (refresh_token: unknown) => callAuth(auth.stack.confirmed, '/token?grant_type=refresh_token', { body: { refresh_token } });

describe('password grant', () => {
  it('opens a new session for the right password, whatever the case of the address', async () => {
    const { email, password, session: first } = await signUp(auth.stack.confirmed);
    const before = await auth.db.query('select last_sign_in_at from auth.users where email = $1', [email]);
    const response = await passwordGrant({ email: email.toUpperCase(), password });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: first.user.id, email } });
    expect(response.body.weak_password).toBeUndefined();
    const sessionId = decodeJwt(response.body.access_token).session_id;
    expect(sessionId).not.toBe(decodeJwt(first.access_token).session_id);
    const sessions = await auth.db.query('select id from auth.sessions where user_id = $1 order by created_at', [first.user.id]);
    expect(sessions.rows.map((r) => r.id)).toContain(sessionId);
    const after = await auth.db.query('select last_sign_in_at from auth.users where email = $1', [email]);
    expect(after.rows[0].last_sign_in_at.getTime()).toBeGreaterThan(before.rows[0].last_sign_in_at.getTime());
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    const { email } = await signUp(auth.stack.confirmed);
    for (const body of [{ email, password: 'wrong-password' }, { email: uniqueEmail('nobody'), password: 'whatever-1' }]) {
      const response = await passwordGrant(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('says "missing email or phone" when neither is given', async () => {
    const response = await passwordGrant({ password: 'secret-123' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', message: 'missing email or phone' });
  });

  it('refuses a banned user', async () => {
    const { email, password } = await signUp(auth.stack.confirmed);
    await auth.db.query("update auth.users set banned_until = now() + interval '1 hour' where email = $1", [email]);
    const response = await passwordGrant({ email, password });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'user_banned', message: 'User is banned' });
  });

  it('signs in a seeded user inserted by SQL with a pgcrypto hash', async () => {
    const email = uniqueEmail('seeded');
    await auth.db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt('seed-password', extensions.gen_salt('bf')), now(), now(), now())`,
      [email],
    );
    const response = await passwordGrant({ email, password: 'seed-password' });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email, app_metadata: {}, user_metadata: {}, identities: [] });
  });

  it('answers unknown and unsupported grant types with 400', async () => {
    const unknown = await callAuth(auth.stack.confirmed, '/token?grant_type=magic', { body: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
    const idToken = await callAuth(auth.stack.confirmed, '/token?grant_type=id_token', { body: { provider: 'google', id_token: 'x' } });
    expect(idToken.status).toBe(400);
    expect(idToken.body.message).toMatch(/^unsupported_grant_type: .*id_token/);
  });

  it('answers the pkce grant without a known code as GoTrue does', async () => {
    const empty = await callAuth(auth.stack.confirmed, '/token?grant_type=pkce', { body: { auth_code: '', code_verifier: 'y' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'validation_failed', message: 'invalid request: both auth code and code verifier should be non-empty' });
    const unknown = await callAuth(auth.stack.confirmed, '/token?grant_type=pkce', { body: { auth_code: 'x', code_verifier: 'y' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'flow_state_not_found' });
  });
});

describe('refresh_token grant', () => {
  it('rotates: a new token whose parent is the old one, which is revoked, in the same session', async () => {
    const { session } = await signUp(auth.stack.confirmed);
    const response = await refreshGrant(session.refresh_token);
    expect(response.status).toBe(200);
    const next = response.body;
    expect(next.refresh_token).toMatch(/^[a-z2-7]{12}$/);
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.user.id).toBe(session.user.id);
    const sessionId = decodeJwt(session.access_token).session_id;
    expect(decodeJwt(next.access_token)).toMatchObject({ session_id: sessionId, amr: [{ method: 'password' }] });
    const rows = await auth.db.query('select token, revoked, parent from auth.refresh_tokens where session_id = $1 order by id', [sessionId]);
    expect(rows.rows).toEqual([
      { token: session.refresh_token, revoked: true, parent: null },
      { token: next.refresh_token, revoked: false, parent: session.refresh_token },
    ]);
  });

  it('treats a second use of a token as reuse: refused, and the whole session family revoked', async () => {
    const { session } = await signUp(auth.stack.confirmed);
    const next = (await refreshGrant(session.refresh_token)).body;
    const reuse = await refreshGrant(session.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    const stillUsable = await refreshGrant(next.refresh_token);
    expect(stillUsable.status).toBe(400);
    expect(stillUsable.body.code).toBe('refresh_token_already_used');
  });

  it('refuses an unknown token with refresh_token_not_found', async () => {
    const response = await refreshGrant('abcdefghijkl');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
  });

  it('answers a missing token with an OAuth-style error, as GoTrue does', async () => {
    const response = await refreshGrant('');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });

  it('gives the refreshed token the metadata changed since sign-in', async () => {
    const { session } = await signUp(auth.stack.confirmed);
    await auth.db.query(`update auth.users set raw_user_meta_data = raw_user_meta_data || '{"full_name": "Changed"}' where id = $1`, [session.user.id]);
    const next = (await refreshGrant(session.refresh_token)).body;
    expect(decodeJwt(next.access_token).user_metadata.full_name).toBe('Changed');
  });
});
