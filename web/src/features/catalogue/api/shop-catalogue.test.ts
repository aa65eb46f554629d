// VITE_CATALOGUE_SOURCE=shop: the catalogue's reads go to the shop's own read functions through
// the Supabase API, one request each (their answers carry the stock: no variants call), and are
// normalised as the commerce service's are.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getProduct } from '@/features/catalogue/api/get-product';
import { getProducts } from '@/features/catalogue/api/get-products';


const variant = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: id,
  price_in_cents: 2900,
  sale_price_in_cents: 2500,
  currency: 'eur',
  manage_inventory: true,
  inventory_quantity: 3,
  ...extra,
});

function mockFetch(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const body = answers[new URL(String(input)).pathname];
    return body === undefined ? new Response('{"code":"PT404"}', { status: 404, statusText: 'Not Found' }) : Response.json(body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof mockFetch>, index = 0) => {
  const [input, init] = fetchMock.mock.calls[index] as unknown as [string, RequestInit];
  return { url: String(input), init, body: JSON.parse(String(init.body)) as Record<string, unknown> };
};

beforeEach(() => vi.stubEnv('VITE_CATALOGUE_SOURCE', 'shop'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe("the shop's own catalogue", () => {
  it('reads a page of products from storefront_products in one request, the query as its p_ arguments', async () => {
    const fetchMock = mockFetch({
      '/rest/v1/rpc/storefront_products': {
        count: 17,
        offset: 4,
        limit: 4,
        products: [{ id: 'prod_a', title: 'Rituel', currency_info: { code: 'eur', symbol: '€', template: '$1 €' }, variants: [variant('var_a')] }],
      },
    });
    const list = await getProducts({ offset: '4', limit: '4', order: 'desc', sort_by: 'title' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, init, body } = sent(fetchMock);
    expect(url).toBe('http://127.0.0.1:54321/rest/v1/rpc/storefront_products');
    expect(init).toMatchObject({ method: 'POST', headers: { apikey: 'sb_publishable_test', Accept: 'application/json' } });
    expect(body).toEqual({ p_offset: 4, p_limit: 4, p_order: 'desc', p_sort_by: 'title' });
    expect(list).toMatchObject({ count: 17, offset: 4, limit: 4 });
    expect(list.products[0]).toMatchObject({ id: 'prod_a', price_in_cents: 2500, currency: 'eur' });
    expect(list.products[0]?.variants[0]?.inventory_quantity).toBe(3);
  });

  it('reads one product from storefront_product, its stock with it', async () => {
    const fetchMock = mockFetch({
      '/rest/v1/rpc/storefront_product': {
        id: 'prod_b',
        title: 'Méditation',
        status: 'published',
        media: [{ url: 'http://img/b.png', order: 0, type: 'image' }],
        variants: [variant('var_b', { inventory_quantity: 0 })],
      },
    });
    const product = await getProduct('prod_b');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent(fetchMock).body).toEqual({ p_id: 'prod_b' });
    expect(product.images.map((image) => image.url)).toEqual(['http://img/b.png']);
    expect(product.variants[0]?.inventory_quantity).toBe(0);
  });

  it('fails with the HTTP status for a product it does not publish', async () => {
    mockFetch({});
    await expect(getProduct('prod_draft')).rejects.toThrow('HTTP 404: Not Found');
  });
});
