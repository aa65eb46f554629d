// The shop's own catalogue answers what the commerce service answers, for the same catalogue: the
// Hostinger double's products (its single-product answers) are written into the catalogue tables
// with the service role, then every read the storefront makes is asked of both, the double over
// HTTP and the database through PostgREST's /rpc as anon, and the JSON compared whole. So
// web/src/features/catalogue/api/normalize-product.ts reads either source unchanged. The products
// are soft-deleted again afterwards: the stack's catalogue stays empty for the other files.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type ShopEnv } from '../support/shop.ts';
import { storefrontProducts } from '../../scripts/catalogue/read-store.ts';
import { catalogueRows } from '../../scripts/catalogue/store-rows.ts';
import { loadCatalogue } from '../../scripts/stack/demo-catalogue.ts';

const env = process.env as unknown as ShopEnv;
let anon: SupabaseClient;
let service: SupabaseClient;
let productIds: string[] = [];

async function store<T = Record<string, unknown>>(path: string, query = ''): Promise<T> {
  const response = await fetch(`${env.COMMERCE_API_URL}/store/${env.COMMERCE_STORE_ID}${path}${query ? `?${query}` : ''}`);
  expect(response.status, `${path}?${query}`).toBe(200);
  return (await response.json()) as T;
}

async function rpc(name: string, args: Record<string, unknown> = {}): Promise<unknown> {
  const { data, error } = await anon.rpc(name, args);
  expect(error).toBeNull();
  return data;
}

beforeAll(async () => {
  anon = client(env);
  service = client(env, env.SUPABASE_SECRET_KEY);
  const singles = await storefrontProducts({ storefrontUrl: env.COMMERCE_API_URL, storeId: env.COMMERCE_STORE_ID });
  productIds = singles.map((p) => p.id);
  await loadCatalogue(service, catalogueRows(singles));
});

afterAll(async () => {
  if (productIds.length) await service.from('products').update({ status: 'draft', deleted_at: new Date().toISOString() }).in('id', productIds);
});

describe('the product list', () => {
  // The storefront's query (web/src/features/catalogue/api/get-products.ts) and the same as arguments.
  const reads: Array<[string, Record<string, unknown>]> = [
    ['limit=12', {}],
    ['limit=4', { p_limit: 4 }],
    ['offset=12&limit=12', { p_offset: 12, p_limit: 12 }],
    ['limit=100&order=DESC', { p_limit: 100, p_order: 'DESC' }],
    ['limit=100&sort_by=title', { p_limit: 100, p_sort_by: 'title' }],
    ['limit=100&sort_by=price&order=DESC', { p_limit: 100, p_sort_by: 'price', p_order: 'DESC' }],
    ['limit=12&sort_by=updated_at&order=DESC', { p_sort_by: 'updated_at', p_order: 'DESC' }],
    ['limit=12&sort_by=created_at', { p_sort_by: 'created_at' }],
    ['ids[]=prod_sept_portes&ids[]=prod_eveil_du_coeur&limit=12', { p_ids: ['prod_sept_portes', 'prod_eveil_du_coeur'] }],
    ['limit=12&is_hidden=true', { p_is_hidden: true }],
    ['limit=100&to_date=2026-01-01T00:00:00.000Z', { p_limit: 100, p_to_date: '2026-01-01T00:00:00.000Z' }],
    ['limit=100&to_date=2030-01-01T00:00:00.000Z', { p_limit: 100, p_to_date: '2030-01-01T00:00:00.000Z' }],
  ];

  it.each(reads)('?%s answers as the commerce service does', async (query, args) => {
    expect(await rpc('storefront_products', args)).toEqual(await store('/products', query));
  });

  it('is one GET a cache may keep, as anon', async () => {
    const { data, error } = await anon.rpc('storefront_products', { p_limit: 4 }, { get: true });
    expect(error).toBeNull();
    expect(data).toEqual(await store('/products', 'limit=4'));
  });

  it('refuses an unknown sort with 400, as the commerce service does', async () => {
    const { error, status } = await anon.rpc('storefront_products', { p_sort_by: 'colour' });
    expect(status).toBe(400);
    expect(error?.code).toBe('22023');
  });
});

describe('one product', () => {
  it('answers each product as the commerce service does, images as media', async () => {
    expect(productIds.length).toBeGreaterThan(12);
    for (const id of productIds) {
      expect(await rpc('storefront_product', { p_id: id }), id).toEqual(await store(`/products/${encodeURIComponent(id)}`));
    }
  });

  it('answers 404 for a product it does not sell', async () => {
    const { status } = await anon.rpc('storefront_product', { p_id: 'prod_nowhere' });
    expect(status).toBe(404);
  });
});

describe("the variants' stock", () => {
  it('answers as the commerce service does, for some products and for all', async () => {
    const some = ['prod_sept_portes', 'prod_chemin_interieur'];
    expect(await rpc('storefront_variants', { p_product_ids: some })).toEqual(
      await store('/variants', `fields=inventory_quantity&${some.map((id) => `product_ids[]=${id}`).join('&')}`),
    );
    expect(await rpc('storefront_variants')).toEqual(await store('/variants', 'fields=inventory_quantity'));
  });
});
