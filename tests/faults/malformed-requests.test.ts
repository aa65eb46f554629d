// Malformed and oversized bodies to every function and every API endpoint: a clear 4xx, nothing
// written, and the processes stay up (the same endpoints answer normally right after).
import { beforeAll, describe, expect, it } from 'vitest';
import { useOwnStack } from '../support/own-stack.ts';
import { newCustomer } from '../support/shop.ts';

const own = useOwnStack({ db: true });
let token: string;

beforeAll(async () => {
  const { supabase } = await newCustomer(own.env, 'malformed');
  token = (await supabase.auth.getSession()).data.session!.access_token;
});

const bodies: Array<[string, string | Buffer]> = [
  ['not JSON', '{"items": ['],
  ['a JSON array', '[1, 2, 3]'],
  ['a JSON string', '"bonjour"'],
  ['wrong types', '{"items": "all", "session_id": 42, "adminEmail": ["x"], "email": 1, "password": {}}'],
  ['deeply nested', '['.repeat(5000) + ']'.repeat(5000)],
  ['an oversized body (3 MB)', Buffer.alloc(3 * 1024 * 1024, 'a')],
];

const targets = [
  { name: 'create-checkout', path: '/functions/v1/create-checkout' },
  { name: 'record-order', path: '/functions/v1/record-order' },
  { name: 'set-admin-role', path: '/functions/v1/set-admin-role' },
  { name: 'REST insert', path: '/rest/v1/contact_messages' },
  { name: 'auth sign-up', path: '/auth/v1/signup' },
  { name: 'auth token', path: '/auth/v1/token?grant_type=password' },
];

async function tableCounts(): Promise<string> {
  const { rows } = await own.db.query(
    `select (select count(*) from public.orders) o, (select count(*) from public.checkout_sessions) c,
            (select count(*) from public.contact_messages) m, (select count(*) from auth.users) u,
            (select count(*) from public.profiles where role = 'admin') a`,
  );
  return JSON.stringify(rows[0]);
}

describe.each(targets)('$name', ({ path }) => {
  it.each(bodies)('answers %s with a clear 4xx and writes nothing', async (_, body) => {
    const before = await tableCounts();
    const response = await fetch(`${own.env.SUPABASE_URL}${path}`, {
      method: 'POST',
      headers: { apikey: own.env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(JSON.stringify(answer)).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack trace
    expect(await tableCounts()).toBe(before);
  });
});

it('keeps answering after the abuse', async () => {
  const health = await fetch(`${own.env.SUPABASE_URL}/rest/v1/contact_messages`, {
    method: 'POST',
    headers: { apikey: own.env.SUPABASE_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Anne', email: 'anne@example.test', subject: 'Bonjour', message: 'Tout va bien.' }),
  });
  expect(health.status).toBe(201);
  const fn = await fetch(`${own.env.SUPABASE_URL}/functions/v1/record-order`, {
    method: 'POST',
    headers: { apikey: own.env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ session_id: 'cs_unknown' }),
  });
  expect(fn.status).toBeGreaterThanOrEqual(400);
  expect(fn.status).toBeLessThan(500);
});
