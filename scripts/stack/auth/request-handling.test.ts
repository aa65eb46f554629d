// Hostile and unusual requests get GoTrue's 4xx JSON, never a 500; the metadata endpoints; and
// sign-up through a shop trigger on auth.users (the profiles trigger of the migrations).
import { beforeAll, describe, expect, it } from 'vitest';
import { callAuth, signUp, useAuthTestStack, uniqueEmail } from './test-stack.ts';

const auth = useAuthTestStack();

describe('malformed bodies', () => {
  it.each([
    ['{"email": ', 'unterminated JSON'],
    ['', 'an empty body'],
    ['[1, 2]', 'an array'],
    ['"text"', 'a string'],
    ['{"email": 42, "password": "secret-123"}', 'a number for a string field'],
    ['{"email": "a@b.test", "password": "secret-123", "data": [1]}', 'an array for data'],
  ])('answers 400 bad_json to %j (%s)', async (body) => {
    const response = await callAuth(auth.stack.confirmed, '/signup', { body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('bad_json');
    expect(response.body.message).toMatch(/^Could not parse request body as JSON: /);
  });

  it('answers 413 with JSON to a body over 1 MiB, and keeps serving', async () => {
    const response = await callAuth(auth.stack.confirmed, '/signup', { body: { email: uniqueEmail(), password: 'secret-123', data: { blob: 'x'.repeat(1 << 20) } } });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'request_entity_too_large', message: 'Request body too large (max 1048576 bytes)' });
    expect((await callAuth(auth.stack.confirmed, '/health')).status).toBe(200);
  });

  it('answers 400, not 500, to values Postgres cannot store', async () => {
    const nul = await callAuth(auth.stack.confirmed, '/signup', { body: { email: uniqueEmail(), password: 'secret-123', data: { full_name: 'a\u0000b' } } });
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe('validation_failed');
    const admin = await callAuth(auth.stack.confirmed, '/admin/users', { token: auth.stack.confirmed.secretKey, body: { email: uniqueEmail(), role: 'r'.repeat(300) } });
    expect(admin.status).toBe(400);
    expect(admin.text).not.toMatch(/insert|select|auth\.users/i);
  });

  it('treats SQL in a value as data', async () => {
    const email = `x'or'1'='1@example.test`;
    const response = await callAuth(auth.stack.confirmed, '/token?grant_type=password', { body: { email, password: "' or 1=1 --" } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_credentials');
    const filter = await callAuth(auth.stack.confirmed, `/admin/users?filter=${encodeURIComponent("%' or 1=1 --")}`, { token: auth.stack.confirmed.secretKey });
    expect(filter.status).toBe(200);
    expect(filter.body.users).toEqual([]);
  });
});

describe('routing and keys', () => {
  it('answers unknown paths with 404 and wrong methods with 405, as JSON', async () => {
    const missing = await callAuth(auth.stack.confirmed, '/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    const wrong = await callAuth(auth.stack.confirmed, '/signup', { method: 'GET' });
    expect(wrong.status).toBe(405);
  });

  it('needs the API key except on the browser-facing links', async () => {
    const noKey = await callAuth(auth.stack.confirmed, '/settings', { apikey: null, token: null });
    expect(noKey.status).toBe(401);
    const verify = await callAuth(auth.stack.confirmed, '/verify?type=signup&token=unknown', { apikey: null, token: null });
    expect(verify.status).toBe(303);
  });

  it('serves GoTrue health and settings', async () => {
    const health = await callAuth(auth.stack.confirmed, '/health');
    expect(health.body).toMatchObject({ name: 'GoTrue' });
    const confirmed = await callAuth(auth.stack.confirmed, '/settings');
    expect(confirmed.body).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, external: { email: true, phone: false, google: false } });
    const unconfirmed = await callAuth(auth.stack.unconfirmed, '/settings', { apikey: auth.stack.unconfirmed.publishableKey, token: auth.stack.unconfirmed.publishableKey });
    expect(unconfirmed.body.mailer_autoconfirm).toBe(false);
  });
});

describe('a shop trigger on auth.users', () => {
  beforeAll(async () => {
    // What the shop's migration does: a profile per user, filled by a SECURITY DEFINER trigger.
    await auth.db.query(`
      create table public.profiles (id uuid primary key references auth.users (id) on delete cascade, full_name text);
      create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
      begin
        insert into public.profiles (id, full_name) values (new.id, new.raw_user_meta_data ->> 'full_name');
        return new;
      end $$;
      create trigger on_auth_user_created after insert on auth.users for each row execute function public.handle_new_user();`);
  });

  it('creates the profile in the same transaction as the user', async () => {
    const { session } = await signUp(auth.stack.confirmed, uniqueEmail(), 'secret-123', { full_name: 'Claire Martin' });
    const profile = await auth.db.query('select full_name from public.profiles where id = $1', [session.user.id]);
    expect(profile.rows).toEqual([{ full_name: 'Claire Martin' }]);
  });

  it('creates no user when the trigger fails, and says so without leaking SQL', async () => {
    await auth.db.query(`alter table public.profiles add constraint full_name_not_forbidden check (full_name is distinct from 'forbidden')`);
    const email = uniqueEmail();
    const response = await callAuth(auth.stack.confirmed, '/signup', { body: { email, password: 'secret-123', data: { full_name: 'forbidden' } } });
    expect(response.status).toBe(500);
    expect(response.body).toMatchObject({ code: 'unexpected_failure' });
    expect(response.text).not.toMatch(/profiles|constraint|insert/i);
    expect((await auth.db.query('select 1 from auth.users where email = $1', [email])).rowCount).toBe(0);
  });
});
