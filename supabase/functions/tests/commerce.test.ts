// The commerce client against a fake store: it walks the catalogue's pages, prices lines with the
// sale price when there is one, merges managed stock, and turns every failure of the service
// into a CommerceError, which the functions answer with 502 and a clear message.
import assert from 'node:assert/strict';
import { CommerceClient } from '../_shared/commerce.ts';
import { CommerceError, errorResponse, HttpError } from '../_shared/errors.ts';

const variant = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Variante ${id}`,
  image_url: null,
  price_in_cents: 2000,
  sale_price_in_cents: null,
  currency: 'EUR',
  manage_inventory: false,
  ...extra,
});

const products = [
  { id: 'p1', title: 'Enseignement', purchasable: true, image: 'http://img.test/p1.png', variants: [variant('v1'), variant('v2', { sale_price_in_cents: 1500, image_url: 'http://img.test/v2.png' })] },
  { id: 'p2', title: 'Méditation', purchasable: true, image: null, variants: [variant('v3', { manage_inventory: true, inventory_quantity: 99 })] },
  { id: 'p3', title: 'Rituel', purchasable: false, image: null, variants: [variant('v4')] },
  { id: 'p4', title: 'Pack', purchasable: true, image: null, variants: [variant('v5', { price_in_cents: 4200 })] },
];

/** A store answering like the spec's API, two products per page at most. */
function fakeStore(overrides: Record<string, () => Response> = {}) {
  const seen: string[] = [];
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, (request) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}${url.search}`);
    const override = overrides[url.pathname];
    if (override) return override();
    if (url.pathname === '/store/s1/products') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Math.min(2, Number(url.searchParams.get('limit') ?? 12));
      return Response.json({ count: products.length, offset, limit, products: products.slice(offset, offset + limit) });
    }
    if (url.pathname === '/store/s1/variants') {
      assert.deepEqual(url.searchParams.getAll('product_ids[]'), ['p2']);
      return Response.json({ variants: [{ id: 'v3', inventory_quantity: 3 }] });
    }
    if (url.pathname === '/store/s1/checkout/cs_missing') return new Response('Not Found', { status: 404 });
    return new Response('Not Found', { status: 404 });
  });
  const client = new CommerceClient(`http://127.0.0.1:${server.addr.port}`, 's1');
  return { client, seen, close: () => server.shutdown() };
}

Deno.test('prices variants from the catalogue across pages, with sale prices and managed stock', async () => {
  const store = fakeStore();
  try {
    const found = await store.client.findVariants(['v2', 'v3', 'v4', 'v5', 'nope']);
    assert.deepEqual([...found.keys()].sort(), ['v2', 'v3', 'v4', 'v5']);
    assert.deepEqual(found.get('v2'), {
      variant_id: 'v2', product_id: 'p1', product_title: 'Enseignement', variant_title: 'Variante v2',
      image_url: 'http://img.test/v2.png', unit_price_cents: 1500, currency: 'eur', purchasable: true, stock: null,
    });
    assert.equal(found.get('v3')?.stock, 3, 'the variants call is the stock that counts');
    assert.equal(found.get('v4')?.purchasable, false);
    assert.equal(found.get('v5')?.unit_price_cents, 4200);
    assert.ok(store.seen.some((line) => line.includes('offset=2')), 'the second page was read');
  } finally {
    await store.close();
  }
});

Deno.test('a non-OK answer is a CommerceError worded as spec §8 says', async () => {
  const store = fakeStore({ '/store/s1/products': () => new Response('boom', { status: 500, statusText: 'Internal Server Error' }) });
  try {
    await assert.rejects(store.client.findVariants(['v1']), (error: unknown) => {
      assert.ok(error instanceof CommerceError);
      assert.equal(error.message, 'HTTP 500: Internal Server Error');
      return true;
    });
  } finally {
    await store.close();
  }
});

Deno.test('garbage or a wrongly shaped answer is a CommerceError, not a crash', async () => {
  for (const answer of [() => new Response('<html>', { status: 200 }), () => Response.json({ products: 'many' })]) {
    const store = fakeStore({ '/store/s1/products': answer });
    try {
      await assert.rejects(store.client.findVariants(['v1']), CommerceError);
    } finally {
      await store.close();
    }
  }
});

Deno.test('an unreachable service is a CommerceError', async () => {
  const store = fakeStore();
  await store.close();
  await assert.rejects(store.client.getCheckoutSession('cs_1'), CommerceError);
});

Deno.test('an unknown checkout session is null; a malformed one is a CommerceError', async () => {
  const store = fakeStore({ '/store/s1/checkout/cs_bad': () => Response.json({ id: 'cs_bad', status: 'lost' }) });
  try {
    assert.equal(await store.client.getCheckoutSession('cs_missing'), null);
    await assert.rejects(store.client.getCheckoutSession('cs_bad'), CommerceError);
  } finally {
    await store.close();
  }
});

Deno.test('errors become JSON answers: 4xx as given, 502 for the commerce service, a bare 500 otherwise', async () => {
  const quiet = { warn: console.warn, error: console.error };
  console.warn = console.error = () => {};
  try {
    const refused = errorResponse(new HttpError(400, 'empty_cart', 'The cart is empty.'));
    assert.equal(refused.status, 400);
    assert.deepEqual(await refused.json(), { error: { code: 'empty_cart', message: 'The cart is empty.' } });
    const upstream = errorResponse(new CommerceError('HTTP 503: Service Unavailable'));
    assert.equal(upstream.status, 502);
    assert.deepEqual(await upstream.json(), { error: { code: 'commerce_unavailable', message: 'The commerce service failed: HTTP 503: Service Unavailable' } });
    const unexpected = errorResponse(new Error('relation "secret_table" does not exist'));
    assert.equal(unexpected.status, 500);
    assert.doesNotMatch(await unexpected.text(), /secret_table|at /);
    assert.equal(unexpected.headers.get('access-control-allow-origin'), '*');
  } finally {
    Object.assign(console, quiet);
  }
});

const refundJson = { id: 're_1', session_id: 'cs_1', amount_cents: 1500, lines: [{ variant_id: 'v2', quantity: 1, amount_cents: 1500 }], reason: 'Doublon', created_at: '2026-11-26T10:00:00Z' };

Deno.test('refunds a session by line with the idempotency key, and reads a refusal as null', async () => {
  const store = fakeStore({
    '/store/s1/checkout/cs_1/refunds': () => Response.json(refundJson, { status: 201 }),
    '/store/s1/checkout/cs_2/refunds': () => Response.json({ message: 'those lines are already refunded' }, { status: 409 }),
  });
  try {
    const request = { variant_ids: ['v2'], reason: 'Doublon', idempotency_key: 'k1' };
    assert.deepEqual(await store.client.refund('cs_1', request), refundJson);
    assert.equal(await store.client.refund('cs_2', request), null);
    assert.deepEqual(store.seen.slice(0, 2), ['POST /store/s1/checkout/cs_1/refunds', 'POST /store/s1/checkout/cs_2/refunds']);
  } finally {
    await store.close();
  }
});

Deno.test('lists refunds and disputes since a time, and refuses answers it cannot read', async () => {
  const dispute = { id: 'dp_1', session_id: 'cs_1', status: 'open', opened_at: '2026-11-26T10:00:00Z', closed_at: null };
  const store = fakeStore({
    '/store/s1/refunds': () => Response.json({ refunds: [refundJson] }),
    '/store/s1/disputes': () => Response.json({ disputes: [dispute] }),
    '/store/s1/checkout/cs_3/refunds': () => Response.json({ id: 're_3' }, { status: 201 }),
  });
  try {
    const since = new Date('2026-11-20T00:00:00Z');
    assert.deepEqual(await store.client.refundsSince(since), [refundJson]);
    assert.deepEqual(await store.client.disputesSince(since), [dispute]);
    assert.ok(store.seen.includes(`GET /store/s1/refunds?since=${encodeURIComponent(since.toISOString())}`));
    await assert.rejects(store.client.refund('cs_3', { reason: 'x', idempotency_key: 'k' }), CommerceError);
  } finally {
    await store.close();
  }
});
