// The Ecommerce API of the double over real HTTP: a checkout paid on the hosted page becomes an
// order there, under the e-mail the buyer typed; the orders list filters and pages as openapi.json
// says; the Bearer token is required; cancel and hPanel's refunds change the figures a shop polls;
// and the orders survive a restart. Every answer here also passed the double's own schema check.
import { describe, expect, it } from 'vitest';
import { paidSession, postCheckout, postJson, startSandbox, submitPayment, tempDataDir, useSandbox, type Sandbox } from '../test-support.ts';
import type { OrderDetail, OrderSummary } from './orders.ts';

const shop = useSandbox();
const twoLines = [{ variant_id: 'var_eveil_du_coeur', quantity: 1 }, { variant_id: 'var_gratitude', quantity: 2 }];

const api = (sandbox: Sandbox, path: string) => `${sandbox.url}/api/ecommerce/v1${path}`;
const bearer = (sandbox: Sandbox) => ({ Authorization: `Bearer ${sandbox.apiToken}` });

async function call<T = Record<string, unknown>>(path: string, init: RequestInit = {}, sandbox = shop.sandbox): Promise<{ status: number; body: T }> {
  const response = await fetch(api(sandbox, path), { ...init, headers: { ...bearer(sandbox), 'Content-Type': 'application/json', ...init.headers } });
  return { status: response.status, body: (await response.json()) as T };
}

interface Page {
  data: OrderSummary[];
  meta: { current_page: number; per_page: number; total: number };
}

const ordersOf = (query: string) => call<Page>(`/stores/${shop.sandbox.storeId}/orders?${query}`);
const orderOf = async (id: string) => (await call<{ data: OrderDetail }>(`/stores/${shop.sandbox.storeId}/orders/${id}`)).body.data;
const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID()}@example.test`;

/** Pays `items` under `email` and answers the order it made, found as a shop would: by that e-mail. */
async function paidOrder(email: string, items = twoLines): Promise<OrderDetail> {
  await paidSession(shop.sandbox, items, email);
  const { body } = await ordersOf(`email=${encodeURIComponent(email)}`);
  expect(body.data).toHaveLength(1);
  return orderOf(body.data[0]!.id);
}

const hpanel = (id: string, action: 'refund' | 'cancel', body: Record<string, unknown> = {}) => postJson<{ data: OrderDetail; message?: string }>(`${shop.sandbox.url}/__sandbox/orders/${id}/${action}`, body);

describe('the Bearer token', () => {
  it.each([
    ['no token', {}],
    ['another token', { Authorization: 'Bearer hapi_not_the_owners' }],
    ['the token without its scheme', { Authorization: 'x' }],
  ])('is required: %s answers 401', async (_, headers) => {
    for (const path of ['/stores', `/stores/${shop.sandbox.storeId}/orders`, `/stores/${shop.sandbox.storeId}/orders/order_x`]) {
      const response = await fetch(api(shop.sandbox, path), { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated', correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    }
  });

  it('opens the stores of its owner', async () => {
    const { status, body } = await call<Page>('/stores');
    expect(status).toBe(200);
    expect(body.data).toEqual([expect.objectContaining({ id: shop.sandbox.storeId, name: 'Lumière Sacrée', version: 'v2_standalone' })]);
    expect(body.meta).toEqual({ current_page: 1, per_page: 50, total: 1 });
  });
});

describe('an order paid on the hosted page', () => {
  it('holds the lines, prices and e-mail of the payment, captured and nothing given back', async () => {
    const email = uniqueEmail('order');
    const order = await paidOrder(email);
    expect(order).toMatchObject({
      status: 'pending',
      payment_status: 'captured',
      fulfillment_status: 'not_fulfilled',
      total: 2900 + 2 * 700,
      paid_total: 2900 + 2 * 700,
      refunded_total: 0,
      currency_code: 'eur',
      customer_email: email,
      item_count: 2,
    });
    expect(order.id).toMatch(/^order_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(order.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(order.items.map(({ variant_id, quantity, unit_price, total, returned_quantity }) => ({ variant_id, quantity, unit_price, total, returned_quantity }))).toEqual([
      { variant_id: 'var_eveil_du_coeur', quantity: 1, unit_price: 2900, total: 2900, returned_quantity: 0 },
      { variant_id: 'var_gratitude', quantity: 2, unit_price: 700, total: 1400, returned_quantity: 0 },
    ]);
  });

  it('needs the buyer to type an e-mail: without one the page says so and nothing is paid', async () => {
    const { body } = await postCheckout(shop.sandbox, [{ variant_id: 'var_gratitude', quantity: 1 }]);
    const refused = await submitPayment(body.url!, 'pay', 'pas-une-adresse');
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('Veuillez indiquer une adresse e-mail valide pour recevoir votre reçu.');
    expect(page).toContain('value="pas-une-adresse"');
    expect((await ordersOf('q=pas-une-adresse')).body.meta.total).toBe(0);
    expect((await submitPayment(body.url!, 'pay', uniqueEmail('second-try'))).status).toBe(303);
  });
});

describe('GET …/orders', () => {
  it('lists newest first and filters by e-mail (exactly), payment status, order number and text', async () => {
    const email = uniqueEmail('filters');
    const first = await paidOrder(email, [{ variant_id: 'var_gratitude', quantity: 1 }]);
    await paidSession(shop.sandbox, [{ variant_id: 'var_eveil_du_coeur', quantity: 1 }], email);
    const both = (await ordersOf(`email=${encodeURIComponent(email)}`)).body;
    expect(both.data.map((order) => order.id)[1]).toBe(first.id);
    expect(both.data[0]!.display_id).toBe(first.display_id + 1);
    expect((await ordersOf(`email=${encodeURIComponent(email.toUpperCase())}`)).body.data).toEqual([]);
    expect((await ordersOf(`display_id=${first.display_id}`)).body.data.map((order) => order.id)).toEqual([first.id]);
    expect((await ordersOf(`q=${encodeURIComponent(email.slice(0, 20))}`)).body.meta.total).toBe(2);

    await hpanel(first.id, 'refund');
    const refunded = (await ordersOf(`email=${encodeURIComponent(email)}&payment_status=refunded`)).body.data;
    expect(refunded.map((order) => order.id)).toEqual([first.id]);
    const either = (await ordersOf(`email=${encodeURIComponent(email)}&payment_status=refunded&payment_status=captured`)).body.data;
    expect(either).toHaveLength(2);
  });

  it('filters by creation time: a date-time from, a bare date to covering its whole day', async () => {
    const order = await paidOrder(uniqueEmail('dates'));
    const created = Date.parse(order.created_at);
    const email = `email=${encodeURIComponent(order.customer_email!)}`;
    expect((await ordersOf(`${email}&created_at_from=${new Date(created - 1000).toISOString()}`)).body.data).toHaveLength(1);
    expect((await ordersOf(`${email}&created_at_from=${new Date(created + 1000).toISOString()}`)).body.data).toHaveLength(0);
    expect((await ordersOf(`${email}&created_at_to=${order.created_at.slice(0, 10)}`)).body.data).toHaveLength(1);
    expect((await ordersOf(`${email}&created_at_to=${new Date(created - 86_400_000).toISOString().slice(0, 10)}`)).body.data).toHaveLength(0);
    expect((await ordersOf(`${email}&created_at_from=hier`)).status).toBe(422);
  });

  it('pages by 50 with the total in meta', async () => {
    const { body: before } = await ordersOf('');
    const missing = Math.max(0, 51 - before.meta.total);
    for (let i = 0; i < missing; i++) await paidSession(shop.sandbox, [{ variant_id: 'var_gratitude', quantity: 1 }], uniqueEmail('page'));
    const first = (await ordersOf('')).body;
    const second = (await ordersOf('page=2')).body;
    expect(first.meta).toEqual({ current_page: 1, per_page: 50, total: first.meta.total });
    expect(first.data).toHaveLength(50);
    expect(second.meta.current_page).toBe(2);
    expect(second.data).toHaveLength(Math.min(50, first.meta.total - 50));
    expect(new Set([...first.data, ...second.data].map((order) => order.id)).size).toBe(first.data.length + second.data.length);
  });

  it('refuses with 422 what openapi.json does not define, and says what', async () => {
    for (const query of ['per_page=100', 'payment_status[]=captured', 'payment_status=paid', 'page=0']) {
      const { status, body } = await ordersOf(query);
      expect(status, query).toBe(422);
      expect(body).toMatchObject({ message: expect.any(String), errors: expect.any(Object), correlation_id: expect.any(String) });
    }
  });

  it('answers 404 for another store, an unknown order and a route the API does not have', async () => {
    expect((await call('/stores/store_autre/orders')).status).toBe(404);
    expect((await call(`/stores/${shop.sandbox.storeId}/orders/order_inconnu`)).status).toBe(404);
    expect((await call(`/stores/${shop.sandbox.storeId}/refunds`)).status).toBe(404);
  });
});

interface ProductPage {
  data: Array<Record<string, any>>;
  meta: { current_page: number; per_page: number; total: number };
}

describe('GET …/products and …/products/{id}/variants', () => {
  const productsOf = (query = '') => call<ProductPage>(`/stores/${shop.sandbox.storeId}/products?${query}`);

  it('lists every product, the drafts the storefront hides included, with its variants and media when asked', async () => {
    const storefront = (await (await fetch(`${shop.sandbox.url}/store/${shop.sandbox.storeId}/products?limit=100`)).json()) as { products: Array<{ id: string }> };
    const { status, body } = await productsOf('include=variants&include=media');
    expect(status).toBe(200);
    const drafts = body.data.filter((p) => p.status === 'draft');
    expect(drafts.map((p) => p.id)).toEqual(['prod_silence_habite']);
    expect(body.data.filter((p) => p.status === 'published').map((p) => p.id)).toEqual(storefront.products.map((p) => p.id));
    expect(body.meta).toEqual({ current_page: 1, per_page: 50, total: storefront.products.length + 1 });
    const meditation = body.data.find((p) => p.id === 'prod_meditation_lumiere_interieure')!;
    expect(meditation).toMatchObject({ variant_count: 3, price_range: { min: 900, max: 1900, currency_code: 'eur' }, type: 'digital' });
    expect(meditation.variants[2]).toEqual({
      id: 'var_meditation_lumiere_interieure_45_minutes',
      title: '45 minutes',
      sku: 'LS-MEDITATION-L-3',
      options: [{ name: 'Durée', value: '45 minutes' }],
      prices: [{ amount: 2400, sale_amount: 1900, currency_code: 'eur' }],
      inventory_quantity: 0,
      manage_inventory: false,
    });
    expect(meditation.media[0]).toEqual({ url: meditation.thumbnail, type: 'image', is_thumbnail: true });
  });

  it('leaves out the variants and media unless asked, and filters by id, status and text', async () => {
    const { body } = await productsOf('product_ids=prod_sommeil_profond&product_ids=prod_silence_habite');
    expect(body.data.map((p) => [p.id, p.status, p.variants, p.media])).toEqual([
      ['prod_sommeil_profond', 'published', null, null],
      ['prod_silence_habite', 'draft', null, null],
    ]);
    expect((await productsOf('status=draft')).body.data.map((p) => p.id)).toEqual(['prod_silence_habite']);
    expect((await productsOf('q=silence')).body.data.map((p) => p.id)).toEqual(['prod_art_du_silence', 'prod_silence_habite']);
    expect((await productsOf('status=sold')).status).toBe(422);
  });

  it("answers a product's variants, its stock as the storefront counts it, and 404 for a product it lacks", async () => {
    const { status, body } = await call<ProductPage>(`/stores/${shop.sandbox.storeId}/products/prod_sommeil_profond/variants`);
    expect(status).toBe(200);
    expect(body.data).toEqual([expect.objectContaining({ id: 'var_sommeil_profond', manage_inventory: true, inventory_quantity: 3 })]);
    expect((await call(`/stores/${shop.sandbox.storeId}/products/prod_nowhere/variants`)).status).toBe(404);
  });
});

describe('refunds in hPanel (tests-only controls) and cancel', () => {
  it('refunds lines: returned quantity, refunded total, then payment status, until all is back', async () => {
    const order = await paidOrder(uniqueEmail('lines'));
    const one = await hpanel(order.id, 'refund', { items: [{ variant_id: 'var_gratitude', quantity: 1 }] });
    expect(one.status).toBe(200);
    let now = await orderOf(order.id);
    expect(now).toMatchObject({ payment_status: 'partially_refunded', refunded_total: 700, fulfillment_status: 'partially_returned' });
    expect(now.items.map((item) => item.returned_quantity)).toEqual([0, 1]);
    expect((await hpanel(order.id, 'refund', { items: [{ variant_id: 'var_gratitude', quantity: 2 }] })).status).toBe(409);
    expect((await hpanel(order.id, 'refund', { items: [{ variant_id: 'var_inconnu', quantity: 1 }] })).status).toBe(409);
    expect((await hpanel(order.id, 'refund')).status).toBe(200);
    now = await orderOf(order.id);
    expect(now).toMatchObject({ payment_status: 'refunded', refunded_total: 2900 + 1400, fulfillment_status: 'returned' });
    expect(now.items.map((item) => item.returned_quantity)).toEqual([1, 2]);
    expect((await hpanel(order.id, 'refund')).status).toBe(409);
  });

  it('refunds a bare amount, no more than what is left', async () => {
    const order = await paidOrder(uniqueEmail('amount'));
    expect((await hpanel(order.id, 'refund', { amount: 1000 })).status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ payment_status: 'partially_refunded', refunded_total: 1000, fulfillment_status: 'not_fulfilled' });
    expect((await hpanel(order.id, 'refund', { amount: 4300 - 1000 + 1 })).status).toBe(409);
    expect((await hpanel(order.id, 'refund', { amount: 0 })).status).toBe(409);
  });

  it('cancels through the API: the order canceled and its money given back; a second cancel is refused', async () => {
    const order = await paidOrder(uniqueEmail('cancel'));
    const canceled = await call<{ data: OrderSummary }>(`/stores/${shop.sandbox.storeId}/orders/${order.id}/cancel`, { method: 'POST', body: JSON.stringify({ notify_customer: false }) });
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({ id: order.id, status: 'canceled', payment_status: 'refunded', fulfillment_status: 'canceled' });
    expect((await orderOf(order.id)).refunded_total).toBe(order.paid_total);
    const again = await call(`/stores/${shop.sandbox.storeId}/orders/${order.id}/cancel`, { method: 'POST', body: JSON.stringify({}) });
    expect(again.status).toBe(422);
    expect((await hpanel(order.id, 'refund')).status).toBe(409);
  });

  it('refuses a cancel whose body openapi.json does not define', async () => {
    const order = await paidOrder(uniqueEmail('cancel-body'));
    const path = `/stores/${shop.sandbox.storeId}/orders/${order.id}/cancel`;
    expect((await call(path, { method: 'POST' })).status).toBe(422);
    expect((await call(path, { method: 'POST', body: JSON.stringify({ notify_customer: false, reason: 'x' }) })).status).toBe(422);
    expect((await call(path, { method: 'POST', body: '{' })).status).toBe(422);
    expect((await orderOf(order.id)).status).toBe('pending');
  });
});

it('keeps its orders, with what hPanel did to them, across a restart', async () => {
  const data = tempDataDir();
  try {
    const first = await startSandbox(data.dir);
    const email = uniqueEmail('restart');
    await paidSession(first, twoLines, email);
    const listed = await call<Page>(`/stores/${first.storeId}/orders?email=${encodeURIComponent(email)}`, {}, first);
    const id = listed.body.data[0]!.id;
    await postJson(`${first.url}/__sandbox/orders/${id}/refund`, { items: [{ variant_id: 'var_gratitude', quantity: 2 }] });
    await first.close();
    const second = await startSandbox(data.dir);
    try {
      const again = await call<{ data: OrderDetail }>(`/stores/${second.storeId}/orders/${id}`, {}, second);
      expect(again.body.data).toMatchObject({ id, customer_email: email, payment_status: 'partially_refunded', refunded_total: 1400 });
      await paidSession(second, [{ variant_id: 'var_gratitude', quantity: 1 }], uniqueEmail('after-restart'));
      const newest = (await call<Page>(`/stores/${second.storeId}/orders`, {}, second)).body.data[0]!;
      expect(newest.display_id).toBe(again.body.data.display_id + 1);
    } finally {
      await second.close();
    }
  } finally {
    data.remove();
  }
});
