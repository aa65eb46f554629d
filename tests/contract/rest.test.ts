// The unmodified supabase-js against the local PostgREST: every query form the shop can send,
// with its success and its failure, answered as hosted Supabase answers it. Signed-in users are
// HS256 tokens made with the stack's secret, exactly what GoTrue would issue.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { startRestStack, type RestStack } from './support/rest-stack.ts';

let stack: RestStack;
let anon: SupabaseClient;
let alice: SupabaseClient;
let service: SupabaseClient;

function client(token?: string, key = stack.anonKey): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; realtime-js needs a transport even when unused.
    realtime: { transport: ws as never },
    ...(token && { global: { headers: { Authorization: `Bearer ${token}` } } }),
  });
}

beforeAll(async () => {
  stack = await startRestStack();
  anon = client();
  alice = client(stack.tokenFor(stack.fixture.alice.userId));
  service = client(undefined, stack.serviceRoleKey);
});

afterAll(async () => {
  await stack?.stop();
});

const reference = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}`;
const ids = (rows: Array<{ id: number }> | null) => (rows ?? []).map((r) => r.id);

describe('select filters', () => {
  it('applies every comparison operator', async () => {
    const products = () => anon.from('rest_products').select('id').order('id');
    const [p1, p2, p3, p4] = stack.fixture.productIds;
    expect(ids((await products().eq('price_cents', 900)).data)).toEqual([p2]);
    expect(ids((await products().neq('price_cents', 900)).data)).toEqual([p1, p3, p4]);
    expect(ids((await products().gt('price_cents', 900)).data)).toEqual([p1, p3]);
    expect(ids((await products().gte('price_cents', 900)).data)).toEqual([p1, p2, p3]);
    expect(ids((await products().lt('price_cents', 900)).data)).toEqual([p4]);
    expect(ids((await products().lte('price_cents', 900)).data)).toEqual([p2, p4]);
    expect(ids((await products().like('title', '%de%')).data)).toEqual([p1, p3]);
    expect(ids((await products().ilike('title', 'méDITATION%')).data)).toEqual([p2]);
    expect(ids((await products().likeAnyOf('title', ['Livre%', 'Rituel%'])).data)).toEqual([p1, p3]);
    expect(ids((await products().match({ price_cents: 1500, active: true })).data)).toEqual([p1]);
    expect(ids((await products().is('released_on', null)).data)).toEqual([p3]);
    expect(ids((await products().in('title', ['Carnet spécial, (édition)', 'Rituel de lumière'])).data)).toEqual([p3, p4]);
    expect(ids((await products().not('released_on', 'is', null).isDistinct('price_cents', 900)).data)).toEqual([p1, p4]);
    expect(ids((await products().contains('tags', ['rituel'])).data)).toEqual([p3]);
    expect(ids((await products().contains('attributes', { format: 'pdf' })).data)).toEqual([p1]);
    expect(ids((await products().containedBy('tags', ['audio', 'pdf', 'livre'])).data)).toEqual([p1, p2, p4]);
    expect(ids((await products().overlaps('tags', ['pdf', 'video'])).data)).toEqual([p1, p3]);
    expect(ids((await products().rangeGt('sizes', '[1,2)')).data)).toEqual([p2, p3]);
    expect(ids((await products().rangeAdjacent('sizes', '[10,12)')).data)).toEqual([p3]);
    expect(ids((await products().textSearch('search', 'prayer & book', { config: 'english' })).data)).toEqual([p1]);
    expect(ids((await products().textSearch('search', '"evening meditation"', { type: 'websearch', config: 'english' })).data)).toEqual([p2]);
    expect(ids((await products().filter('title', 'imatch', '^rituel')).data)).toEqual([p3]);
    expect(ids((await products().not('tags', 'cs', '{pdf}')).data)).toEqual([p2, p3, p4]);
  });

  it('combines or/and/not and orders', async () => {
    const [p1, p2, p3, p4] = stack.fixture.productIds;
    const { data } = await anon.from('rest_products').select('id').or('price_cents.eq.0,and(price_cents.gt.1000,tags.cs.{video})').order('id', { ascending: false });
    expect(ids(data)).toEqual([p4, p3]);
    const notAnd = await anon.from('rest_products').select('id').not('released_on', 'is', null).or('price_cents.lt.1000,title.like.Livre*').order('released_on', { ascending: true, nullsFirst: false });
    expect(ids(notAnd.data)).toEqual([p4, p1, p2]);
  });

  it('pages with range() and counts exactly, with and without head', async () => {
    const page = await anon.from('rest_products').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(page).toMatchObject({ status: 206, count: 4 });
    expect(ids(page.data)).toEqual(stack.fixture.productIds.slice(1, 3));
    const head = await alice.from('rest_orders').select('*', { count: 'exact', head: true });
    expect(head).toMatchObject({ status: 200, count: 3, data: null, error: null });
    const filtered = await alice.from('rest_orders').select('id', { count: 'exact', head: true }).eq('status', 'paid');
    expect(filtered.count).toBe(1);
  });
});

describe('embedding', () => {
  it('nests orders with their items (to-many) and customer (to-one)', async () => {
    const { data, error } = await alice
      .from('rest_orders')
      .select('reference, status, customer:rest_customers(name, rest_loyalty(points)), rest_order_items(quantity, price_cents, product:rest_products(title))')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data).toHaveLength(3);
    const [newest, , oldest] = data as Array<Record<string, any>>;
    expect(newest).toMatchObject({ status: 'pending', customer: { name: 'Alice', rest_loyalty: { points: 120 } }, rest_order_items: [] });
    expect(oldest!.rest_order_items).toEqual(
      expect.arrayContaining([
        { quantity: 1, price_cents: 1500, product: { title: 'Livre de prières' } },
        { quantity: 1, price_cents: 900, product: { title: 'Méditation du soir' } },
      ]),
    );
  });

  it('applies child filters, order and limit to the embedded rows only', async () => {
    const { data } = await alice
      .from('rest_orders')
      .select('reference, rest_order_items(price_cents)')
      .order('created_at')
      .order('price_cents', { referencedTable: 'rest_order_items', ascending: true })
      .limit(1, { referencedTable: 'rest_order_items' })
      .gt('rest_order_items.price_cents', 1000);
    expect((data as Array<{ rest_order_items: unknown[] }>).map((o) => o.rest_order_items)).toEqual([[{ price_cents: 1500 }], [{ price_cents: 2500 }], []]);
  });

  it('filters parents with !inner and reports unknown and ambiguous relationships', async () => {
    const inner = await alice.from('rest_orders').select('reference, rest_order_items!inner(id)', { count: 'exact' }).eq('rest_order_items.price_cents', 2500);
    expect(inner.count).toBe(1);
    const none = await alice.from('rest_orders').select('id, rest_products(id)');
    expect(none.error).toMatchObject({ code: 'PGRST200' });
    expect(none.status).toBe(400);
    const ambiguous = await alice.from('rest_gifts').select('id, rest_customers(name)');
    expect(ambiguous).toMatchObject({ status: 300, error: { code: 'PGRST201' } });
    const hinted = await alice.from('rest_gifts').select('message, giver:rest_customers!rest_gifts_giver_id_fkey(name)');
    expect(hinted.data).toEqual([{ message: 'Pour toi', giver: { name: 'Alice' } }]);
  });
});

describe('single rows', () => {
  it('single() answers an object, or PGRST116 for zero and for two rows', async () => {
    const one = await alice.from('rest_customers').select('name').single();
    expect(one).toMatchObject({ status: 200, data: { name: 'Alice' } });
    const zero = await alice.from('rest_orders').select('id').eq('reference', 'nothing').single();
    expect(zero).toMatchObject({ status: 406, data: null, error: { code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object' } });
    expect(zero.error!.details).toContain('0 rows');
    const two = await alice.from('rest_orders').select('id').in('status', ['paid', 'shipped']).single();
    expect(two.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
  });

  it('maybeSingle() answers null for zero rows', async () => {
    const { data, error, status } = await alice.from('rest_orders').select('id').eq('reference', 'nothing').maybeSingle();
    expect({ data, error, status }).toEqual({ data: null, error: null, status: 200 });
  });
});

describe('writes', () => {
  const order = (label: string, extra: Record<string, unknown> = {}) => ({
    customer_id: stack.fixture.alice.customerId,
    user_id: stack.fixture.alice.userId,
    reference: reference(label),
    ...extra,
  });

  it('inserts without and with select()', async () => {
    const plain = await alice.from('rest_orders').insert(order('ins'));
    expect(plain).toMatchObject({ status: 201, data: null, error: null });
    // Rows of one array lacking a key get the column default only with defaultToNull: false.
    const nulls = await alice.from('rest_orders').insert([order('ins-n', { total_cents: 5 }), order('ins-m')]);
    expect(nulls).toMatchObject({ status: 400, error: { code: '23502' } });
    const returned = await alice.from('rest_orders').insert([order('ins-a', { total_cents: 5 }), order('ins-b')], { defaultToNull: false }).select('total_cents, status');
    expect(returned).toMatchObject({ status: 201, data: [{ total_cents: 5, status: 'pending' }, { total_cents: 0, status: 'pending' }] });
    const single = await alice.from('rest_orders').insert(order('ins-c')).select('reference').single();
    expect(single.data).toMatchObject({ reference: expect.stringMatching(/^ins-c-/) });
  });

  it('upserts on a unique column, merging or ignoring', async () => {
    const row = order('ups', { total_cents: 1 });
    await alice.from('rest_orders').insert(row);
    const merged = await alice.from('rest_orders').upsert({ ...row, total_cents: 2 }, { onConflict: 'reference' }).select('total_cents');
    expect(merged.data).toEqual([{ total_cents: 2 }]);
    const ignored = await alice.from('rest_orders').upsert({ ...row, total_cents: 3 }, { onConflict: 'reference', ignoreDuplicates: true }).select('total_cents');
    expect(ignored.data).toEqual([]);
    const plain = await alice.from('rest_orders').upsert({ ...row, total_cents: 4 }, { onConflict: 'reference' });
    expect(plain).toMatchObject({ error: null, data: null });
    expect((await alice.from('rest_orders').select('total_cents').eq('reference', row.reference).single()).data).toEqual({ total_cents: 4 });
  });

  it('updates and deletes without and with select()', async () => {
    const row = order('upd');
    await alice.from('rest_orders').insert(row);
    const updated = await alice.from('rest_orders').update({ note: 'mise à jour' }).eq('reference', row.reference);
    expect(updated).toMatchObject({ status: 204, error: null });
    const selected = await alice.from('rest_orders').update({ status: 'paid' }).eq('reference', row.reference).select('note, status');
    expect(selected).toMatchObject({ status: 200, data: [{ note: 'mise à jour', status: 'paid' }] });
    const deleted = await alice.from('rest_orders').delete({ count: 'exact' }).eq('reference', row.reference).select('reference');
    expect(deleted).toMatchObject({ status: 200, count: 1, data: [{ reference: row.reference }] });
    const gone = await alice.from('rest_orders').delete().eq('reference', row.reference);
    expect(gone).toMatchObject({ status: 204, error: null });
  });

  it('cannot update or delete another customer\u2019s rows (RLS hides them)', async () => {
    const { data } = await alice.from('rest_orders').update({ note: 'hijack' }).eq('user_id', stack.fixture.bob.userId).select('id');
    expect(data).toEqual([]);
    const check = await service.from('rest_orders').select('note').eq('user_id', stack.fixture.bob.userId).eq('note', 'hijack');
    expect(check.data).toEqual([]);
  });
});

describe('database errors', () => {
  it('refuses an RLS-forbidden insert: 401 for anon, 403 for a signed-in user', async () => {
    const row = { customer_id: stack.fixture.bob.customerId, user_id: stack.fixture.bob.userId, reference: reference('rls') };
    const asAnon = await anon.from('rest_orders').insert(row);
    expect(asAnon).toMatchObject({ status: 401, error: { code: '42501' } });
    const asAlice = await alice.from('rest_orders').insert(row);
    expect(asAlice).toMatchObject({ status: 403, error: { code: '42501', message: 'new row violates row-level security policy for table "rest_orders"' } });
  });

  it('reports a unique violation as 409 and a check violation as 400', async () => {
    const row = { customer_id: stack.fixture.alice.customerId, user_id: stack.fixture.alice.userId, reference: reference('dup') };
    await alice.from('rest_orders').insert(row);
    const duplicate = await alice.from('rest_orders').insert(row);
    expect(duplicate).toMatchObject({ status: 409, error: { code: '23505', message: 'duplicate key value violates unique constraint "rest_orders_reference_key"' } });
    // Postgres leaves the key out of the detail on a table with RLS, so nothing leaks through it.
    expect(duplicate.error!.details).toBeNull();
    const bad = await alice.from('rest_orders').insert({ ...row, reference: reference('chk'), total_cents: -1 });
    expect(bad).toMatchObject({ status: 400, error: { code: '23514' } });
  });

  it('answers a PTxxx SQLSTATE with its status and the JSON error, as PostgREST does', async () => {
    for (const [state, status] of [['PT429', 429], ['PT402', 402], ['PT503', 503]] as const) {
      const refused = await anon.rpc('rest_refuse', { state });
      expect(refused).toMatchObject({ status, data: null, error: { code: state, message: `refused with ${state}`, details: 'the detail', hint: 'the hint' } });
    }
    const response = await fetch(`${stack.url}/rest/v1/rpc/rest_refuse`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ state: 'PT429' }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ code: 'PT429', message: 'refused with PT429', details: 'the detail', hint: 'the hint' });
  });
});

describe('rpc', () => {
  it('returns a scalar, a set, and nothing for void', async () => {
    expect(await anon.rpc('rest_add', { a: 20, b: 22 })).toMatchObject({ status: 200, data: 42, error: null });
    expect((await anon.rpc('rest_series', { n: 3 })).data).toEqual([1, 2, 3]);
    const rows = await alice.rpc('rest_orders_above', { min_total: 2400 }).select('status').order('total_cents');
    expect(rows.data).toEqual([{ status: 'paid' }, { status: 'shipped' }]);
    const withGet = await anon.rpc('rest_add', { a: 1, b: 2 }, { get: true });
    expect(withGet.data).toBe(3);
    const ref = (await alice.from('rest_orders').select('reference').eq('status', 'pending').limit(1).single()).data!.reference;
    const none = await alice.rpc('rest_set_note', { order_reference: ref, new_note: 'par rpc' });
    expect(none).toMatchObject({ status: 204, data: null, error: null });
    expect((await alice.from('rest_orders').select('note').eq('reference', ref).single()).data).toEqual({ note: 'par rpc' });
  });

  it('reports an unknown function as 404 PGRST202', async () => {
    const { error, status } = await anon.rpc('rest_nothing', {});
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PGRST202' });
  });
});

describe('request errors', () => {
  it('unknown table: 404 PGRST205', async () => {
    const { error, status } = await anon.from('rest_unknown').select('*');
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.rest_unknown' in the schema cache" });
  });

  it('bad filter: 400 PGRST100', async () => {
    const { error, status } = await anon.from('rest_products').select('id').filter('price_cents', 'between', '1');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST100' });
  });

  it('bad and expired JWTs: 401 PGRST301 and PGRST303', async () => {
    const forged = client(`${stack.tokenFor(stack.fixture.alice.userId).slice(0, -6)}xxxxxx`);
    expect(await forged.from('rest_products').select('id')).toMatchObject({ status: 401, error: { code: 'PGRST301' } });
    const expired = client(stack.tokenFor(stack.fixture.alice.userId, { expiresIn: -60 }));
    expect(await expired.from('rest_products').select('id')).toMatchObject({ status: 401, error: { code: 'PGRST303', message: 'JWT expired' } });
  });

  it('never shows one customer another customer\u2019s rows', async () => {
    const { data } = await alice.from('rest_orders').select('marker, rest_order_items(marker)');
    expect(JSON.stringify(data)).not.toContain(stack.fixture.bobMarker);
    expect((await anon.from('rest_orders').select('*')).data).toEqual([]);
  });
});
