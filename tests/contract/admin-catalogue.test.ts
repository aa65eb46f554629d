// The products page's writes on the shop's own catalogue, run as the page runs them: the very
// queries of web/src/features/admin/api/shop-catalogue-queries.ts, through the unmodified
// supabase-js under an administrator's session. An administrator creates a draft with its first
// variant, edits its texts and the variant's price and stock, publishes it (anon then reads it
// through the storefront's function), moves it, and the audit names them; a customer's same calls
// are refused or change nothing. The products are soft-deleted afterwards: the stack's catalogue
// stays as the other files expect it (catalogue-read compares every published product).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, newCustomer, type ShopEnv } from '../support/shop.ts';
import {
  createShopProduct,
  listShopProducts,
  moveProduct,
  NothingChangedError,
  setProductStatus,
  updateProductTexts,
  updateVariantPricing,
  type ShopProduct,
} from '../../web/src/features/admin/api/shop-catalogue-queries.ts';
import type { Database } from '../../web/src/lib/database.types.ts';

const env = process.env as unknown as ShopEnv;
let admin: SupabaseClient<Database>;
let adminId: string;
let customer: SupabaseClient<Database>;
let service: SupabaseClient<Database>;
const created: string[] = [];

const pricing = { price_in_cents: 1490, sale_price_in_cents: null, manage_inventory: true, inventory_quantity: 5 };

beforeAll(async () => {
  service = client(env, env.SUPABASE_SECRET_KEY) as SupabaseClient<Database>;
  const adminUser = await newCustomer(env, 'catalogue-admin');
  expect((await service.from('profiles').update({ role: 'admin' }).eq('id', adminUser.userId)).error).toBeNull();
  admin = adminUser.supabase as SupabaseClient<Database>;
  adminId = adminUser.userId;
  customer = (await newCustomer(env, 'catalogue-curieux')).supabase as SupabaseClient<Database>;
});

afterAll(async () => {
  if (created.length) await service.from('products').update({ status: 'draft', deleted_at: new Date().toISOString() }).in('id', created);
});

const mine = (products: ShopProduct[]) => products.filter((product) => created.includes(product.id));

it('lets an administrator create, edit, publish and reorder a product, each change audited as theirs', async () => {
  const last = (await listShopProducts(admin)).at(-1);
  const position = last ? last.position + 1 : 0;
  const texts = { title: 'Méditation du Soir', subtitle: null, ribbon_text: null };
  created.push(await createShopProduct(admin, { texts, variantTitle: 'Audio', pricing, position }));
  created.push(await createShopProduct(admin, { texts: { ...texts, title: 'Méditation du Matin' }, variantTitle: 'PDF', pricing, position: position + 1 }));
  const [evening, morning] = created as [string, string];

  let products = mine(await listShopProducts(admin));
  expect(products.map((p) => [p.title, p.status])).toEqual([
    ['Méditation du Soir', 'draft'],
    ['Méditation du Matin', 'draft'],
  ]);
  expect(products[0]!.variants).toEqual([{ id: expect.stringMatching(/^var_[0-9a-f]{32}$/), title: 'Audio', position: 0, ...pricing }]);

  await updateProductTexts(admin, evening, { title: 'Méditation du Soir', subtitle: 'Vingt minutes pour se poser', ribbon_text: 'Nouveau' });
  const variantId = products[0]!.variants[0]!.id;
  await updateVariantPricing(admin, variantId, { price_in_cents: 1250, sale_price_in_cents: 990, manage_inventory: false, inventory_quantity: null });

  // A draft stays hidden from the storefront until published.
  const read = () => client(env).rpc('storefront_product', { p_id: evening });
  expect((await read()).error?.code).toBe('PT404');
  await setProductStatus(admin, evening, 'published');
  const published = (await read()).data as { subtitle: string; ribbon_text: string; variants: Array<Record<string, unknown>> };
  expect(published.subtitle).toBe('Vingt minutes pour se poser');
  expect(published.ribbon_text).toBe('Nouveau');
  expect(published.variants[0]).toMatchObject({ price_in_cents: 1250, sale_price_in_cents: 990, manage_inventory: false, inventory_quantity: null });

  await moveProduct(admin, await listShopProducts(admin), morning, -1);
  products = mine(await listShopProducts(admin));
  expect(products.map((p) => [p.title, p.status])).toEqual([
    ['Méditation du Matin', 'draft'],
    ['Méditation du Soir', 'published'],
  ]);

  const { data: changes, error } = await admin
    .from('catalogue_changes')
    .select('table_name, operation, changed_by, after')
    .eq('product_id', evening)
    .order('id');
  expect(error).toBeNull();
  expect(changes!.every((change) => change.changed_by === adminId)).toBe(true);
  expect(changes!.map((change) => `${change.table_name} ${change.operation}`)).toEqual([
    'products insert',
    'product_variants insert',
    'products update',
    'product_variants update',
    'products update',
    'products update',
  ]);
  expect(changes![3]!.after).toEqual({ price_in_cents: 1250, sale_price_in_cents: 990, manage_inventory: false, inventory_quantity: null });
});

it('refuses a customer the same calls: creation 42501, edits change nothing', async () => {
  const [evening] = created as [string];
  const variantId = (await listShopProducts(admin)).find((p) => p.id === evening)!.variants[0]!.id;
  await expect(createShopProduct(customer, { texts: { title: 'Intrus', subtitle: null, ribbon_text: null }, variantTitle: 'PDF', pricing, position: 0 })).rejects.toMatchObject({
    code: '42501',
  });
  await expect(updateProductTexts(customer, evening, { title: 'Piraté', subtitle: null, ribbon_text: null })).rejects.toBeInstanceOf(NothingChangedError);
  await expect(updateVariantPricing(customer, variantId, { ...pricing, price_in_cents: 1 })).rejects.toBeInstanceOf(NothingChangedError);
  await expect(setProductStatus(customer, created[1]!, 'published')).rejects.toBeInstanceOf(NothingChangedError);
  // A customer lists the published products only, drafts unseen.
  expect(mine(await listShopProducts(customer)).map((p) => p.title)).toEqual(['Méditation du Soir']);
  const evening2 = (await listShopProducts(admin)).find((p) => p.id === evening)!;
  expect([evening2.title, evening2.variants[0]!.price_in_cents]).toEqual(['Méditation du Soir', 1250]);
});
