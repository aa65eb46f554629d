// GET/PUT /user and POST /logout over real HTTP, and the authentication errors auth-js maps
// (no_authorization, bad_jwt, user_not_found, session_not_found).
import { describe, expect, it } from 'vitest';
import { signJwt } from '../keys.ts';
import { callAuth, decodeJwt, signUp, useAuthTestStack, uniqueEmail } from './test-stack.ts';

const auth = useAuthTestStack();

const getUser = (token: string | null) => callAuth(auth.stack.confirmed, '/user', { token });
const putUser = (token: string, body: unknown) => callAuth(auth.stack.confirmed, '/user', { method: 'PUT', token, body });
const signIn = async (email: string, password: string) =>
  (await callAuth(auth.stack.confirmed, '/token?grant_type=password', { body: { email, password } })).body;

describe('authentication of /user', () => {
  it('answers the signed-in user', async () => {
    const { session } = await signUp(auth.stack.confirmed, uniqueEmail(), 'secret-123', { full_name: 'Claire Martin' });
    const response = await getUser(session.access_token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(session.user);
  });

  it('answers 401 no_authorization without a bearer token', async () => {
    const response = await getUser(null);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
  });

  it('answers 403 bad_jwt for a forged, an expired and a user-less token', async () => {
    const { session } = await signUp(auth.stack.confirmed);
    const claims = decodeJwt(session.access_token);
    const forged = signJwt(claims, 'not-the-secret');
    const expired = signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, auth.stack.confirmed.signingKey);
    for (const token of [forged, expired, auth.stack.confirmed.publishableKey, 'not-a-jwt']) {
      const response = await getUser(token);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('bad_jwt');
    }
    expect((await getUser(auth.stack.confirmed.publishableKey)).body.message).toBe('invalid claim: missing sub claim');
  });

  it('answers 403 user_not_found once the user is deleted', async () => {
    const { session } = await signUp(auth.stack.confirmed);
    await auth.db.query('delete from auth.users where id = $1', [session.user.id]);
    const response = await getUser(session.access_token);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'user_not_found', message: 'User from sub claim in JWT does not exist' });
  });
});

describe('PUT /user', () => {
  it('merges data into user_metadata, a null removing a key', async () => {
    const { session } = await signUp(auth.stack.confirmed, uniqueEmail(), 'secret-123', { full_name: 'Old Name', avatar_url: 'a.png' });
    const response = await putUser(session.access_token, { data: { full_name: 'Claire Martin', avatar_url: null } });
    expect(response.status).toBe(200);
    expect(response.body.user_metadata).toEqual({ full_name: 'Claire Martin', email_verified: true });
    const row = await auth.db.query('select raw_user_meta_data from auth.users where id = $1', [session.user.id]);
    expect(row.rows[0].raw_user_meta_data).toEqual({ full_name: 'Claire Martin', email_verified: true });
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const { email, password, session } = await signUp(auth.stack.confirmed);
    const other = await signIn(email, password);
    const response = await putUser(session.access_token, { password: 'new-secret-456' });
    expect(response.status).toBe(200);
    expect((await getUser(session.access_token)).status).toBe(200);
    const otherNow = await getUser(other.access_token);
    expect(otherNow.status).toBe(403);
    expect(otherNow.body.code).toBe('session_not_found');
    expect((await signIn(email, password)).code).toBe('invalid_credentials');
    expect((await signIn(email, 'new-secret-456')).access_token).toBeTruthy();
  });

  it('refuses a short password, the same password and app_metadata', async () => {
    const { password, session } = await signUp(auth.stack.confirmed);
    const short = await putUser(session.access_token, { password: 'abc' });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['length'] } });
    const same = await putUser(session.access_token, { password });
    expect(same.status).toBe(422);
    expect(same.body).toMatchObject({ code: 'same_password', message: 'New password should be different from the old password.' });
    const app = await putUser(session.access_token, { app_metadata: { role: 'admin' } });
    expect(app.status).toBe(403);
    expect(app.body.code).toBe('not_admin');
    const row = await auth.db.query('select raw_app_meta_data from auth.users where id = $1', [session.user.id]);
    expect(row.rows[0].raw_app_meta_data).toEqual({ provider: 'email', providers: ['email'] });
  });

  it('changes the email only through the link mailed to the new address', async () => {
    const { session } = await signUp(auth.stack.confirmed);
    const taken = (await signUp(auth.stack.confirmed)).email;
    const refused = await putUser(session.access_token, { email: taken });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('email_exists');

    const newEmail = uniqueEmail('moved');
    const response = await putUser(session.access_token, { email: newEmail });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: session.user.email, new_email: newEmail });
    const outbox = await callAuth(auth.stack.confirmed, '/outbox', { apikey: null, token: null });
    const link = /href="([^"]*type=email_change[^"]*)"/.exec(outbox.text)?.[1]?.replaceAll('&amp;', '&');
    expect(link).toBeDefined();
    const verified = await fetch(link!, { redirect: 'manual' });
    expect(verified.status).toBe(303);
    expect(verified.headers.get('location')).toMatch(/#access_token=.*&type=email_change$/);
    const after = await getUser(session.access_token);
    expect(after.body).toMatchObject({ email: newEmail });
    expect(after.body.new_email).toBeUndefined();
    expect(after.body.identities[0].identity_data.email).toBe(newEmail);
  });
});

describe('POST /logout', () => {
  async function threeSessions() {
    const { email, password, session } = await signUp(auth.stack.confirmed);
    return [session, await signIn(email, password), await signIn(email, password)];
  }
  const alive = async (sessions: Array<{ access_token: string }>) => Promise.all(sessions.map(async (s) => (await getUser(s.access_token)).status === 200));
  const logout = (token: string, scope?: string) => callAuth(auth.stack.confirmed, `/logout${scope ? `?scope=${scope}` : ''}`, { token, body: {} });

  it('scope=local ends only this session', async () => {
    const sessions = await threeSessions();
    const response = await logout(sessions[0]!.access_token, 'local');
    expect(response.status).toBe(204);
    expect(await alive(sessions)).toEqual([false, true, true]);
  });

  it('scope=others ends every session but this one', async () => {
    const sessions = await threeSessions();
    expect((await logout(sessions[0]!.access_token, 'others')).status).toBe(204);
    expect(await alive(sessions)).toEqual([true, false, false]);
  });

  it('the default (global) ends every session and its refresh tokens', async () => {
    const sessions = await threeSessions();
    expect((await logout(sessions[1]!.access_token)).status).toBe(204);
    expect(await alive(sessions)).toEqual([false, false, false]);
    const afterwards = await getUser(sessions[0]!.access_token);
    expect(afterwards.body).toMatchObject({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });
    const refresh = await callAuth(auth.stack.confirmed, '/token?grant_type=refresh_token', { body: { refresh_token: sessions[0]!.refresh_token } });
    expect(refresh.body.code).toBe('refresh_token_not_found');
  });

  it('refuses an unknown scope and an anonymous caller', async () => {
    const { session } = await signUp(auth.stack.confirmed);
    const bad = await logout(session.access_token, 'everyone');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', message: 'Unsupported logout scope "everyone"' });
    expect((await logout(auth.stack.confirmed.publishableKey)).status).toBe(403);
  });
});
