import { afterEach, describe, expect, it, vi } from 'vitest';
import { getProduct } from '@/features/catalogue/api/get-product';
import { getProducts, productListArgs, productListSearchParams } from '@/features/catalogue/api/get-products';

const rawVariant = (id: string, amount: number, extra: Record<string, unknown> = {}) => ({
  id,
  title: id,
  price_in_cents: amount,
  sale_price_in_cents: null,
  currency: 'eur',
  manage_inventory: false,
  ...extra,
});

function mockFetch(routes: Record<string, unknown>, failWith?: { status: number; statusText: string }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input));
    if (failWith) return new Response('{}', failWith);
    const body = routes[url.pathname];
    return body === undefined ? new Response('{}', { status: 404, statusText: 'Not Found' }) : Response.json(body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calledUrls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([input]) => new URL(String(input)));

afterEach(() => vi.unstubAllGlobals());

describe('productListSearchParams', () => {
  it('sends limit 12 as a string by default', () => {
    expect(productListSearchParams().get('limit')).toBe('12');
  });

  it('repeats ids[] and upper-cases the order', () => {
    const params = productListSearchParams({ ids: ['a', 'b'], limit: '4', order: 'desc' });
    expect(params.getAll('ids[]')).toEqual(['a', 'b']);
    expect(params.get('limit')).toBe('4');
    expect(params.get('order')).toBe('DESC');
  });
});

describe('productListArgs', () => {
  it('asks storefront_products for 12 by default, as the commerce service is asked', () => {
    expect(productListArgs()).toEqual({ p_limit: 12 });
  });

  it('gives every query value its p_ name and its type: ids as an array, numbers, a boolean', () => {
    expect(
      productListArgs({ ids: ['a', 'b'], offset: '12', limit: '4', order: 'desc', sort_by: 'price', is_hidden: 'false', to_date: '2026-01-01T00:00:00.000Z' }),
    ).toEqual({ p_ids: ['a', 'b'], p_offset: 12, p_limit: 4, p_order: 'desc', p_sort_by: 'price', p_is_hidden: false, p_to_date: '2026-01-01T00:00:00.000Z' });
    expect(productListArgs({ is_hidden: 'true' }).p_is_hidden).toBe(true);
  });

  it('leaves out what the query leaves out: no ids is every product', () => {
    expect(productListArgs({ ids: [], offset: '', sort_by: undefined })).toEqual({ p_limit: 12 });
  });
});

describe('getProducts', () => {
  it('reads the store products anonymously and normalises them', async () => {
    const fetchMock = mockFetch({
      '/store/store_lumiere_sacree/products': {
        count: 1,
        offset: 0,
        limit: 4,
        products: [{ id: 'p1', title: 'Rituel', thumbnail: 'http://img/p1.png', site_product_selection: null, currency_info: { code: 'EUR', symbol: '€', template: '$1 €' }, variants: [rawVariant('v1', 3000), rawVariant('v2', 1900)] }],
      },
    });
    const list = await getProducts({ limit: '4' });
    const [url] = calledUrls(fetchMock);
    expect(url?.origin).toBe('http://127.0.0.1:54330');
    expect(url?.searchParams.get('limit')).toBe('4');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', headers: { Accept: 'application/json' } });
    expect(list.products[0]).toMatchObject({ id: 'p1', image: 'http://img/p1.png', price_in_cents: 1900, currency: 'eur' });
    expect(list.products[0]?.variants[1]?.price_formatted).toBe('19,00 €');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('merges stock from the variants call for products that manage inventory', async () => {
    const fetchMock = mockFetch({
      '/store/store_lumiere_sacree/products': {
        products: [
          { id: 'managed', title: 'Coffret', variants: [rawVariant('vm', 5000, { manage_inventory: true, inventory_quantity: 9 })] },
          { id: 'digital', title: 'Audio', variants: [rawVariant('vd', 1000)] },
        ],
      },
      '/store/store_lumiere_sacree/variants': { variants: [{ id: 'vm', inventory_quantity: 2 }] },
    });
    const list = await getProducts();
    const variantsUrl = calledUrls(fetchMock)[1];
    expect(variantsUrl?.searchParams.get('fields')).toBe('inventory_quantity');
    expect(variantsUrl?.searchParams.getAll('product_ids[]')).toEqual(['managed']);
    expect(list.products[0]?.variants[0]?.inventory_quantity).toBe(2);
    expect(list.products[1]?.variants[0]?.inventory_quantity).toBeNull();
  });

  it('turns a non-OK answer into "HTTP {status}: {statusText}"', async () => {
    mockFetch({}, { status: 503, statusText: 'Service Unavailable' });
    await expect(getProducts()).rejects.toThrow('HTTP 503: Service Unavailable');
  });
});

describe('getProduct', () => {
  it('reads images from the media field and refreshes stock', async () => {
    mockFetch({
      '/store/store_lumiere_sacree/products/p9': {
        id: 'p9',
        title: 'Méditation',
        status: 'published',
        media: [
          { url: 'http://img/b.png', order: 2, type: 'image' },
          { url: 'http://img/a.png', order: 1, type: 'image' },
        ],
        variants: [rawVariant('v9', 1200, { manage_inventory: true, inventory_quantity: 5 })],
      },
      '/store/store_lumiere_sacree/variants': { variants: [{ id: 'v9', inventory_quantity: 0 }] },
    });
    const product = await getProduct('p9');
    expect(product.images.map((image) => image.url)).toEqual(['http://img/a.png', 'http://img/b.png']);
    expect(product.status).toBe('published');
    expect(product.variants[0]?.inventory_quantity).toBe(0);
  });

  it('fails with the HTTP status for an unknown product', async () => {
    mockFetch({});
    await expect(getProduct('missing')).rejects.toThrow('HTTP 404: Not Found');
  });
});
