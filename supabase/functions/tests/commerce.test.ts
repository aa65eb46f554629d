// Hostinger's two APIs as the provider speaks them. The storefront against a fake store: it walks
// the catalogue's pages, prices lines with the sale price when there is one, merges managed stock,
// opens a checkout with spec §7's body and reads `{ url }` alone. The Ecommerce API against the
// stack's double, which holds every request to openapi.json and refuses (422) one that strays, and
// against a fake for what the double does not play on demand (pages, 429). Every failure is a
// CommerceError, which the functions answer with 502 and a clear message.
import assert from 'node:assert/strict';
import { CommerceError, errorResponse, HttpError } from '../_shared/errors.ts';
import { HostingerOrders } from '../_shared/hostinger/ecommerce-api.ts';
import { RequestBudget } from '../_shared/request-budget.ts';
import { HostingerProvider } from '../_shared/hostinger/provider.ts';
import { RateLimited } from '../_shared/hostinger/http.ts';
import { HostingerStorefront } from '../_shared/hostinger/storefront.ts';
import { pressPaymentButton } from './commerce_sandbox.ts';
import { startCheckout } from './checkouts.ts';
import { env, signUpCustomer } from './helpers.ts';

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
    return new Response('Not Found', { status: 404 });
  });
  const client = new HostingerStorefront(`http://127.0.0.1:${server.addr.port}`, 's1');
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
      assert.equal(error.message, 'product list: HTTP 500: Internal Server Error');
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

Deno.test('an unreachable store is a CommerceError', async () => {
  const store = fakeStore();
  await store.close();
  await assert.rejects(store.client.findVariants(['v1']), CommerceError);
});

Deno.test('opens a checkout with spec §7\'s body and reads the page\'s address alone, as Hostinger answers', async () => {
  let body: unknown;
  const store = fakeStore({
    '/store/s1/checkout': () => Response.json({ url: 'https://pay.test/c/1' }),
  });
  const request = { items: [{ variant_id: 'v1', quantity: 2 }], successUrl: 'https://shop.test/success?checkout=c1', cancelUrl: 'https://shop.test/store', locale: 'fr', timeZone: 'Europe/Paris' };
  try {
    assert.deepEqual(await store.client.openCheckout(request), { url: 'https://pay.test/c/1' });
  } finally {
    await store.close();
  }
  const echo = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, async (incoming) => {
    body = await incoming.json();
    return Response.json({ url: 'javascript:alert(1)' });
  });
  try {
    await assert.rejects(new HostingerStorefront(`http://127.0.0.1:${echo.addr.port}`, 's1').openCheckout(request), CommerceError, 'a page that is no http(s) address is refused');
    assert.deepEqual(body, request, 'the body is exactly the seed\'s: items, successUrl, cancelUrl, locale, timeZone');
  } finally {
    await echo.shutdown();
  }
});

Deno.test('the provider opens Hostinger\'s checkout of a priced cart with spec §7\'s body alone, and answers no id of its own', async () => {
  let body: unknown;
  const echo = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, async (incoming) => {
    body = await incoming.json();
    return Response.json({ url: 'https://pay.test/c/2' });
  });
  const provider = new HostingerProvider({
    storefront: new HostingerStorefront(`http://127.0.0.1:${echo.addr.port}`, 's1'),
    storeId: 's1',
    apiUrl: env.commerceUrl,
    apiToken: env.hostingerApiToken,
    requestBudget: 1,
  });
  try {
    const opened = await provider.openCheckout({
      id: 'c2',
      pricedAt: new Date(),
      lines: [{ variant_id: 'v1', quantity: 2, unit_price_cents: 2000, product_title: 'Enseignement', variant_title: 'PDF' }],
      currency: 'eur',
      buyerEmail: 'acheteuse@example.test',
      successUrl: 'https://shop.test/success?checkout=c2',
      cancelUrl: 'https://shop.test/store',
      locale: 'fr',
      timeZone: 'Europe/Paris',
    });
    assert.deepEqual(opened, { url: 'https://pay.test/c/2' });
    assert.deepEqual(body, { items: [{ variant_id: 'v1', quantity: 2 }], successUrl: 'https://shop.test/success?checkout=c2', cancelUrl: 'https://shop.test/store', locale: 'fr', timeZone: 'Europe/Paris' }, 'no price, title, e-mail nor id reaches the storefront, whose body has no such field');
  } finally {
    await echo.shutdown();
  }
});

const orders = (budget = 20, token = env.hostingerApiToken, url = env.commerceUrl) => new HostingerOrders(url, env.storeId, token, new RequestBudget(budget));

Deno.test('lists and reads the orders of the double, every request held to openapi.json', async () => {
  const buyer = await signUpCustomer('orders-api');
  const opened = new Date(Date.now() - 1000);
  const { url } = await startCheckout(buyer);
  assert.equal((await pressPaymentButton(url, 'Payer', { email: buyer.email })).status, 303);
  const listed = (await orders().list({ payment_status: ['captured', 'partially_refunded', 'refunded'], createdFrom: opened })).filter((order) => order.customer_email === buyer.email);
  assert.equal(listed.length, 1, 'the order paid under the buyer\'s e-mail is listed');
  assert.equal(listed[0]!.payment_status, 'captured');
  const order = await orders().get(listed[0]!.id);
  assert.equal(order?.paid_total, listed[0]!.total);
  assert.equal(order?.items.length, 2);
  assert.equal(await orders().get('order_00000000000000000000000000'), null, 'an order the store does not have is null');
  assert.deepEqual(await orders().list({ status: ['canceled'], createdFrom: new Date() }), []);
});

Deno.test('a wrong token is a CommerceError that names the refusal, never the token', async () => {
  await assert.rejects(orders(20, 'not-the-owners-token').list({}), (error: unknown) => {
    assert.ok(error instanceof CommerceError);
    assert.match(error.message, /HTTP 401/);
    assert.doesNotMatch(error.message, /not-the-owners-token/);
    return true;
  });
});

Deno.test('a run spends no more requests than its budget', async () => {
  const client = orders(1);
  await client.list({ createdFrom: new Date() });
  await assert.rejects(client.get('order_x'), /budget/);
});

/** An Ecommerce API answering `answer` to every request, recording what it was asked. */
function fakeEcommerce(answer: (url: URL) => Response) {
  const seen: URL[] = [];
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, (request) => {
    const url = new URL(request.url);
    seen.push(url);
    return answer(url);
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, seen, close: () => server.shutdown() };
}

Deno.test('walks the pages of a list until its total, arrays repeated by name as the document\'s form style says', async () => {
  const summary = (n: number) => ({ id: `order_${n}`, display_id: n, status: 'pending', payment_status: 'captured', total: 100, currency_code: 'eur', customer_email: 'a@b.test', item_count: 1, created_at: '2026-11-29T10:00:00.000000Z' });
  const api = fakeEcommerce((url) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const data = page < 3 ? [summary(page * 2 - 1), summary(page * 2)] : [summary(5)];
    return Response.json({ data, meta: { current_page: page, per_page: 2, total: 5 } });
  });
  try {
    const listed = await orders(10, 't', api.url).list({ payment_status: ['captured', 'refunded'], createdFrom: new Date('2026-11-28T00:00:00Z') });
    assert.deepEqual(listed.map((order) => order.id), ['order_1', 'order_2', 'order_3', 'order_4', 'order_5']);
    assert.equal(api.seen.length, 3, 'no page past the total is asked');
    assert.deepEqual(api.seen[0]!.searchParams.getAll('payment_status'), ['captured', 'refunded']);
    assert.equal(api.seen[0]!.searchParams.get('created_at_from'), '2026-11-28T00:00:00.000Z');
    assert.equal(api.seen[1]!.searchParams.get('page'), '2');
  } finally {
    await api.close();
  }
});

Deno.test('429 is RateLimited, with the wait its Retry-After asks', async () => {
  const api = fakeEcommerce(() => Response.json({ message: 'Too Many Attempts.', correlation_id: 'c' }, { status: 429, headers: { 'Retry-After': '42' } }));
  try {
    await assert.rejects(orders(10, 't', api.url).list({}), (error: unknown) => {
      assert.ok(error instanceof RateLimited && error instanceof CommerceError);
      assert.equal(error.retryAfterMs, 42_000);
      return true;
    });
  } finally {
    await api.close();
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
