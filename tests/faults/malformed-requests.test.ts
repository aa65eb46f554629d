// Malformed and oversized bodies to every function and every API endpoint: a clear 4xx, nothing
// written, and the processes stay up (the same endpoints answer normally right after).
import { beforeAll, describe, expect, it } from 'vitest';
import { useOwnStack } from '../support/own-stack.ts';
import { newCustomer } from '../support/shop.ts';

const own = useOwnStack({ db: true });
let token: string;
let userId: string;

beforeAll(async () => {
  const customer = await newCustomer(own.env, 'malformed');
  userId = customer.userId;
  token = (await customer.supabase.auth.getSession()).data.session!.access_token;
});

const bodies: Array<[string, string | Buffer]> = [
  ['not JSON', '{"items": ['],
  ['a JSON array', '[1, 2, 3]'],
  ['a JSON string', '"bonjour"'],
  ['wrong types', '{"items": "all", "checkout_id": 42, "adminEmail": ["x"], "email": 1, "password": {}}'],
  ['deeply nested', '['.repeat(5000) + ']'.repeat(5000)],
  ['an oversized body (3 MB)', Buffer.alloc(3 * 1024 * 1024, 'a')],
];

// Every write the app makes, with the method it uses (the signed-in customer's token throughout).
const targets = [
  { name: 'create-checkout', method: 'POST', path: () => '/functions/v1/create-checkout' },
  { name: 'record-order', method: 'POST', path: () => '/functions/v1/record-order' },
  { name: 'set-admin-role', method: 'POST', path: () => '/functions/v1/set-admin-role' },
  { name: 'contact-captcha', method: 'POST', path: () => '/functions/v1/contact-captcha' },
  { name: 'REST rpc send_contact_message', method: 'POST', path: () => '/rest/v1/rpc/send_contact_message' },
  { name: 'REST insert user_messages', method: 'POST', path: () => '/rest/v1/user_messages' },
  { name: 'REST insert crash_reports', method: 'POST', path: () => '/rest/v1/crash_reports' },
  { name: 'REST update profiles', method: 'PATCH', path: () => `/rest/v1/profiles?id=eq.${userId}` },
  { name: 'REST update user_messages', method: 'PATCH', path: () => `/rest/v1/user_messages?receiver_id=eq.${userId}` },
  { name: 'REST rpc admin_conversations', method: 'POST', path: () => '/rest/v1/rpc/admin_conversations' },
  { name: 'REST rpc admin_users', method: 'POST', path: () => '/rest/v1/rpc/admin_users' },
  { name: 'REST rpc admin_set_role', method: 'POST', path: () => '/rest/v1/rpc/admin_set_role' },
  { name: 'auth sign-up', method: 'POST', path: () => '/auth/v1/signup' },
  { name: 'auth token', method: 'POST', path: () => '/auth/v1/token?grant_type=password' },
  { name: 'auth user update', method: 'PUT', path: () => '/auth/v1/user' },
];

/** What any of the targets could write: row counts, and the customer's own rows as they stand. */
async function stateOfWrites(): Promise<string> {
  const { rows } = await own.db.query(
    `select (select count(*) from public.orders) o, (select count(*) from public.checkout_sessions) c,
            (select count(*) from public.contact_messages) m, (select count(*) from auth.users) u,
            (select count(*) from public.user_messages) um, (select count(*) from public.user_messages where is_read) r,
            (select count(*) from public.crash_reports) cr, (select count(*) from public.profiles where role = 'admin') a,
            (select count(*) from public.admin_role_changes) rc, (select count(*) from private.contact_captcha_passes) cp,
            (select row(p.*)::text from public.profiles p where p.id = $1) profile,
            (select row(u.encrypted_password, u.email, u.raw_user_meta_data, u.updated_at)::text from auth.users u where u.id = $1) account`,
    [userId],
  );
  return JSON.stringify(rows[0]);
}

describe.each(targets)('$name', ({ method, path }) => {
  it.each(bodies)('answers %s with a clear 4xx and writes nothing', async (_, body) => {
    const before = await stateOfWrites();
    const response = await fetch(`${own.env.SUPABASE_URL}${path()}`, {
      method,
      headers: { apikey: own.env.SUPABASE_PUBLISHABLE_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(JSON.stringify(answer)).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack trace
    expect(await stateOfWrites()).toBe(before);
  });
});

it('keeps answering after the abuse', async () => {
  const health = await fetch(`${own.env.SUPABASE_URL}/rest/v1/rpc/contact_form_token`, {
    method: 'POST',
    headers: { apikey: own.env.SUPABASE_PUBLISHABLE_KEY, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(health.status).toBe(200);
  expect(await health.json()).toMatch(/^\d+\.[0-9a-f]{64}$/);
  const fn = await fetch(`${own.env.SUPABASE_URL}/functions/v1/record-order`, {
    method: 'POST',
    headers: { apikey: own.env.SUPABASE_PUBLISHABLE_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ checkout_id: 'unknown' }),
  });
  expect(fn.status).toBeGreaterThanOrEqual(400);
  expect(fn.status).toBeLessThan(500);
});
