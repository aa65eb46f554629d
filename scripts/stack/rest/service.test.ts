// The REST service over real HTTP: a throwaway cluster, the gateway with /rest/v1 only, and the
// `rest_` fixture. Checks PostgREST's wire details that supabase-js does not surface: headers,
// statuses, the transaction settings, rollbacks, and schema reloads.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestStack, type RestStack } from '../../../tests/contract/support/rest-stack.ts';

let stack: RestStack;
let alice: string;

beforeAll(async () => {
  stack = await startRestStack({ shared: false });
  alice = stack.tokenFor(stack.fixture.alice.userId);
});

afterAll(async () => {
  await stack?.stop();
});

async function call(method: string, path: string, options: { token?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const headers: Record<string, string> = { apikey: stack.anonKey, ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] ??= 'application/json';
  const response = await fetch(`${stack.url}/rest/v1${path}`, {
    method,
    headers,
    ...(options.body !== undefined && { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? (JSON.parse(text) as any) : undefined };
}

describe('reads', () => {
  it('answers an array with Content-Range, and counts with 206 for a partial page', async () => {
    const all = await call('GET', '/rest_products?select=id&order=id');
    expect(all).toMatchObject({ status: 200, json: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] });
    expect(all.headers.get('content-range')).toBe('0-3/*');
    expect(all.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const page = await call('GET', '/rest_products?select=id&order=id&offset=1&limit=2', { headers: { Prefer: 'count=exact' } });
    expect(page).toMatchObject({ status: 206, json: [{ id: 2 }, { id: 3 }] });
    expect(page.headers.get('content-range')).toBe('1-2/4');
    expect(page.headers.get('preference-applied')).toBe('count=exact');
  });

  it('reads a Range header on GET and answers 416 past the end', async () => {
    const ranged = await call('GET', '/rest_products?select=id&order=id', { headers: { Range: '2-10', Prefer: 'count=exact' } });
    expect(ranged).toMatchObject({ status: 206, json: [{ id: 3 }, { id: 4 }] });
    expect(ranged.headers.get('content-range')).toBe('2-3/4');
    const beyond = await call('GET', '/rest_products?offset=9', { headers: { Prefer: 'count=exact' } });
    expect(beyond).toMatchObject({ status: 416, json: { code: 'PGRST103', details: 'An offset of 9 was requested, but there are only 4 rows.' } });
    expect((await call('GET', '/rest_products', { headers: { Range: '5-1' } })).json).toMatchObject({ code: 'PGRST103' });
  });

  it('estimates with count=planned and returns empty pages as */total', async () => {
    const planned = await call('GET', '/rest_products?select=id&limit=1', { headers: { Prefer: 'count=planned' } });
    expect(planned.status).toBeLessThan(300);
    expect(planned.headers.get('content-range')).toMatch(/^0-0\/\d+$/);
    const none = await call('GET', '/rest_products?id=eq.-1', { headers: { Prefer: 'count=exact' } });
    expect(none.headers.get('content-range')).toBe('*/0');
  });

  it('answers a single object or 406 PGRST116, and strips nulls on request', async () => {
    const one = await call('GET', '/rest_products?select=id,released_on&id=eq.3', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
    expect(one).toMatchObject({ status: 200, json: { id: 3, released_on: null } });
    expect(one.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    const stripped = await call('GET', '/rest_products?select=id,released_on&id=eq.3', { headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' } });
    expect(stripped.json).toEqual([{ id: 3 }]);
    const many = await call('GET', '/rest_products', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
    expect(many).toMatchObject({ status: 406, json: { code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 4 rows', hint: null } });
    expect((await call('GET', '/rest_products', { headers: { Accept: 'text/html' } })).json).toMatchObject({ code: 'PGRST107' });
  });

  it('applies filters on JSON paths, arrays, ranges and full text', async () => {
    const ids = async (query: string) => ((await call('GET', `/rest_products?select=id&order=id&${query}`)).json as Array<{ id: number }>).map((r) => r.id);
    expect(await ids('attributes->>format=eq.mp3')).toEqual([2]);
    expect(await ids('attributes->pages=gt.100')).toEqual([1]);
    expect(await ids('tags=cs.{video}')).toEqual([3]);
    expect(await ids('tags=ov.{pdf,audio}')).toEqual([1, 2]);
    expect(await ids('sizes=sl.[6,9)')).toEqual([1]);
    expect(await ids('search=fts(english).meditation')).toEqual([2]);
    expect(await ids('title=in.("Carnet spécial, (édition)",x)')).toEqual([4]);
    expect(await ids('description=in.("Notebook with \\"quotes\\"")')).toEqual([4]);
    expect(await ids('released_on=isdistinct.2025-01-10&released_on=not.is.null')).toEqual([2, 4]);
  });
});

describe('transactions and identity', () => {
  it('runs as the JWT role with request.* settings, reads read-only', async () => {
    const who = await call('POST', '/rpc/rest_whoami', { token: alice, body: {}, headers: { 'X-Test': 'abc' } });
    expect(who.json).toEqual({
      role: 'authenticated', sub: stack.fixture.alice.userId, method: 'POST', path: '/rpc/rest_whoami', header: 'abc',
      forwarded_for: '127.0.0.1', real_ip: '127.0.0.1', readonly: 'on',
    });
    const anon = await call('GET', '/rpc/rest_whoami');
    expect(anon.json).toMatchObject({ role: 'anon', sub: null, method: 'GET' });
    const service = await call('GET', '/rpc/rest_whoami', { token: stack.serviceRoleKey });
    expect(service.json).toMatchObject({ role: 'service_role' });
  });

  it('passes the client address as Kong does: appended to X-Forwarded-For, and X-Real-IP', async () => {
    // record_page_view hashes the client address from these (after cf-connecting-ip on hosted).
    const who = await call('GET', '/rpc/rest_whoami', { headers: { 'X-Forwarded-For': '203.0.113.5' } });
    expect(who.json).toMatchObject({ forwarded_for: '203.0.113.5, 127.0.0.1', real_ip: '127.0.0.1' });
  });

  it('refuses bad tokens with 401 and WWW-Authenticate', async () => {
    const bad = await call('GET', '/rest_products', { token: `${alice.slice(0, -4)}AAAA` });
    expect(bad).toMatchObject({ status: 401, json: { code: 'PGRST301' } });
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const expired = await call('GET', '/rest_products', { token: stack.tokenFor(stack.fixture.alice.userId, { expiresIn: -10 }) });
    expect(expired).toMatchObject({ status: 401, json: { code: 'PGRST303', message: 'JWT expired' } });
    expect((await call('GET', '/rest_products', { headers: { Authorization: 'Bearer ' } })).json).toMatchObject({ code: 'PGRST301' });
  });

  it('rolls a write back when the single-object check fails', async () => {
    const refused = await call('PATCH', '/rest_orders?select=id', { token: alice, body: { note: 'touched' }, headers: { Accept: 'application/vnd.pgrst.object+json', Prefer: 'return=representation' } });
    expect(refused).toMatchObject({ status: 406, json: { code: 'PGRST116', details: 'The result contains 3 rows' } });
    const notes = await call('GET', '/rest_orders?select=note&note=eq.touched', { token: alice });
    expect(notes.json).toEqual([]);
  });

  it('refuses a write beyond max-affected with handling=strict, and strict unknown preferences', async () => {
    const over = await call('DELETE', '/rest_orders', { token: alice, headers: { Prefer: 'handling=strict, max-affected=1' } });
    expect(over).toMatchObject({ status: 400, json: { code: 'PGRST124' } });
    expect((await call('GET', '/rest_orders', { token: alice })).json).toHaveLength(3);
    expect((await call('GET', '/rest_products', { headers: { Prefer: 'handling=strict, bogus=1, constructor=x' } })).json).toMatchObject({
      code: 'PGRST122', details: 'Invalid preferences: bogus=1, constructor=x',
    });
  });

  it('only exposes the public schema', async () => {
    expect(await call('GET', '/rest_products', { headers: { 'Accept-Profile': 'auth' } })).toMatchObject({ status: 406, json: { code: 'PGRST106' } });
    expect((await call('POST', '/rest_messages', { body: { body: 'x' }, headers: { 'Content-Profile': 'private' } })).json).toMatchObject({ code: 'PGRST106' });
    const ok = await call('GET', '/rest_products?limit=1', { headers: { 'Accept-Profile': 'public' } });
    expect(ok.headers.get('content-profile')).toBe('public');
  });
});

describe('writes', () => {
  it('inserts with missing=default, reports a Location for headers-only, and checks bodies', async () => {
    const created = await call('POST', '/rest_orders?columns="customer_id","reference","status"&select=reference,status,user_id', {
      token: alice,
      headers: { Prefer: 'return=representation, missing=default' },
      body: [{ customer_id: stack.fixture.alice.customerId, reference: `md-${Date.now()}` }],
    });
    expect(created).toMatchObject({ status: 201, json: [{ status: 'pending', user_id: stack.fixture.alice.userId }] });
    const located = await call('POST', '/rest_orders', {
      token: alice,
      headers: { Prefer: 'return=headers-only' },
      body: { customer_id: stack.fixture.alice.customerId, user_id: stack.fixture.alice.userId, reference: `loc-${Date.now()}` },
    });
    expect(located).toMatchObject({ status: 201, text: '' });
    expect(located.headers.get('location')).toMatch(/^\/rest_orders\?id=eq\.\d+$/);
    expect((await call('POST', '/rest_messages', { body: [{ body: 'a' }, { nope: 1 }] })).json).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
    expect((await call('POST', '/rest_messages', { body: '{"body":' })).json).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    expect((await call('POST', '/rest_messages', { body: '"bonjour"' })).json).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
    expect((await call('POST', '/rest_messages', { body: { nope: 1 } })).json).toMatchObject({ code: 'PGRST204' });
  });

  it('upserts: merge updates the row, ignore keeps it', async () => {
    const reference = `up-${Date.now()}`;
    const row = { customer_id: stack.fixture.alice.customerId, user_id: stack.fixture.alice.userId, reference, total_cents: 10 };
    await call('POST', '/rest_orders', { token: alice, body: row });
    const ignored = await call('POST', '/rest_orders?on_conflict=reference&select=total_cents', { token: alice, body: { ...row, total_cents: 20 }, headers: { Prefer: 'resolution=ignore-duplicates,return=representation' } });
    expect(ignored.json).toEqual([]);
    const merged = await call('POST', '/rest_orders?on_conflict=reference&select=total_cents', { token: alice, body: { ...row, total_cents: 30 }, headers: { Prefer: 'resolution=merge-duplicates,return=representation' } });
    expect(merged.json).toEqual([{ total_cents: 30 }]);
    expect(merged.headers.get('preference-applied')).toContain('resolution=merge-duplicates');
  });

  it('updates and deletes with counts in Content-Range', async () => {
    const reference = `ud-${Date.now()}`;
    await call('POST', '/rest_orders', { token: alice, body: { customer_id: stack.fixture.alice.customerId, user_id: stack.fixture.alice.userId, reference } });
    const updated = await call('PATCH', `/rest_orders?reference=eq.${reference}`, { token: alice, body: { status: 'paid' }, headers: { Prefer: 'count=exact' } });
    expect(updated.status).toBe(204);
    expect(updated.headers.get('content-range')).toBe('0-0/1');
    const deleted = await call('DELETE', `/rest_orders?reference=eq.${reference}&select=status`, { token: alice, headers: { Prefer: 'return=representation,count=exact' } });
    expect(deleted).toMatchObject({ status: 200, json: [{ status: 'paid' }] });
    expect(deleted.headers.get('content-range')).toBe('*/1');
  });
});

describe('rpc', () => {
  it('calls with GET arguments, a single json parameter, and reports unknown functions', async () => {
    expect((await call('GET', '/rpc/rest_add?a=2&b=3')).json).toBe(5);
    expect((await call('GET', '/rpc/rest_series?n=4&limit=2&offset=1')).json).toEqual([2, 3]);
    expect((await call('POST', '/rpc/rest_echo', { body: [1, { a: 'b' }] })).json).toEqual([1, { a: 'b' }]);
    const missing = await call('POST', '/rpc/rest_add', { body: { a: 1 } });
    expect(missing).toMatchObject({ status: 404, json: { code: 'PGRST202', message: 'Could not find the function public.rest_add(a) in the schema cache' } });
    expect((await call('POST', '/rpc/rest_fail', { body: { message: 'refusé' } })).json).toMatchObject({ code: 'P0001', message: 'refusé' });
    expect((await call('PATCH', '/rpc/rest_add', { body: {} })).json).toMatchObject({ code: 'PGRST101' });
  });
});

describe('schema cache', () => {
  it('sees a table created after start once told to reload', async () => {
    const db = new pg.Client({ connectionString: stack.dbUrl });
    await db.connect();
    try {
      expect((await call('GET', '/rest_late')).json).toMatchObject({ code: 'PGRST205' });
      await db.query("create table public.rest_late (id int primary key); grant select on public.rest_late to anon; insert into public.rest_late values (1); notify pgrst, 'reload schema'");
      let answer = await call('GET', '/rest_late');
      for (let i = 0; i < 50 && answer.status !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await call('GET', '/rest_late');
      }
      expect(answer).toMatchObject({ status: 200, json: [{ id: 1 }] });
    } finally {
      await db.query('drop table if exists public.rest_late');
      await db.end();
    }
  });

  it('answers unknown paths and methods the PostgREST way', async () => {
    expect(await call('GET', '/a/b/c')).toMatchObject({ status: 404, json: { code: 'PGRST125' } });
    expect(await call('PUT', '/rest_products')).toMatchObject({ status: 405, json: { code: 'PGRST117' } });
  });
});
