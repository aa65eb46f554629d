// A product's description written as the products page writes it: the query of
// web/src/features/admin/api/shop-catalogue-queries.ts through the unmodified supabase-js, under an
// administrator's session. A description in the editor's canonical form is kept and read back by
// the storefront once published; a hostile one is refused by the database (23514, HTTP 400), for the
// administrator and for the service role alike, and a customer's write changes nothing. The product
// is soft-deleted afterwards, as admin-catalogue.test.ts does.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, newCustomer, type ShopEnv } from '../support/shop.ts';
import {
  createShopProduct,
  listShopProducts,
  NothingChangedError,
  setProductStatus,
  updateProductDescription,
} from '../../web/src/features/admin/api/shop-catalogue-queries.ts';
import { sanitizeDescription } from '../../web/src/lib/description-html.ts';
import type { Database } from '../../web/src/lib/database.types.ts';

const env = process.env as unknown as ShopEnv;
let admin: SupabaseClient<Database>;
let customer: SupabaseClient<Database>;
let service: SupabaseClient<Database>;
let productId: string;

const good =
  '<h2>Ouvrir le cœur</h2><p>Un enseignement <strong>simple</strong> et <em>profond</em> : ' +
  '<a href="https://lumiere.test/eveil?x=1&amp;y=2">lire l’extrait</a>.</p><ul><li>84 pages</li><li>Exercices</li></ul>';
const hostile = [
  '<p onclick="alert(1)">Paix</p>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">lien</a>',
  '<p style="color:red">Paix</p>',
  '<iframe src="https://evil.test"></iframe>',
  '<!-- <img src=x onerror=alert(1)> -->',
  '&#60;script&#62;alert(1)',
];

beforeAll(async () => {
  service = client(env, env.SUPABASE_SECRET_KEY) as SupabaseClient<Database>;
  const adminUser = await newCustomer(env, 'description-admin');
  expect((await service.from('profiles').update({ role: 'admin' }).eq('id', adminUser.userId)).error).toBeNull();
  admin = adminUser.supabase as SupabaseClient<Database>;
  customer = (await newCustomer(env, 'description-curieux')).supabase as SupabaseClient<Database>;
  const last = (await listShopProducts(admin)).at(-1);
  productId = await createShopProduct(admin, {
    texts: { title: 'Description à l’essai', subtitle: null, ribbon_text: null },
    variantTitle: 'PDF',
    pricing: { price_in_cents: 900, sale_price_in_cents: null, manage_inventory: false, inventory_quantity: null },
    position: last ? last.position + 1 : 0,
  });
});

afterAll(async () => {
  if (productId) await service.from('products').update({ status: 'draft', deleted_at: new Date().toISOString() }).eq('id', productId);
});

const stored = async () => (await service.from('products').select('description').eq('id', productId).single()).data?.description;

it('keeps a description in the canonical form, which the storefront reads once published', async () => {
  expect(sanitizeDescription(good)).toBe(good);
  await updateProductDescription(admin, productId, good);
  expect((await listShopProducts(admin)).find((product) => product.id === productId)?.description).toBe(good);
  await setProductStatus(admin, productId, 'published');
  const { data, error } = await client(env).rpc('storefront_product', { p_id: productId });
  expect(error).toBeNull();
  expect((data as { description: string }).description).toBe(good);
});

it('refuses a hostile description from the administrator and from the service role', async () => {
  for (const html of hostile) {
    const asAdmin = await updateProductDescription(admin, productId, html).then(() => null, (error: unknown) => error);
    expect(asAdmin, html).toMatchObject({ code: '23514', message: expect.stringContaining('outside the editor') });
    const asService = await service.from('products').update({ description: html }).eq('id', productId);
    expect(asService.error?.code, html).toBe('23514');
    expect(asService.status).toBe(400);
    // What the sanitiser makes of it, the database accepts.
    await updateProductDescription(admin, productId, sanitizeDescription(html));
  }
  await updateProductDescription(admin, productId, good);
  expect(await stored()).toBe(good);
});

it('changes nothing for a customer, good or hostile', async () => {
  await expect(updateProductDescription(customer, productId, '<p>Par un client</p>')).rejects.toBeInstanceOf(NothingChangedError);
  await expect(updateProductDescription(customer, productId, '<script>alert(1)</script>')).rejects.toBeInstanceOf(NothingChangedError);
  expect(await stored()).toBe(good);
});
