// The products page's writes on the shop's own catalogue, run as the page runs them: the very
// queries of web/src/features/admin/api/shop-catalogue-queries.ts, through the unmodified
// supabase-js under an administrator's session. An administrator creates a draft with its first
// variant, edits its texts and the variant's price and stock, publishes it (anon then reads it
// through the storefront's function), moves it, and the audit names them; then gives it an option
// and a second variant, deletes an unsold variant and retires a sold one (its deletion refused),
// sets its sale settings and collections and soft-deletes it (the queries of shop-variant-queries.ts,
// shop-option-queries.ts and shop-product-settings-queries.ts). A customer's same calls are refused
// or change nothing. The products are soft-deleted afterwards: the stack's catalogue
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
import { deleteProductOption, listProductOptions, saveProductOption } from '../../web/src/features/admin/api/shop-option-queries.ts';
import {
  addToCollection,
  createCollection,
  deleteProduct,
  listCollections,
  listProductCollections,
  removeFromCollection,
  updateProductSettings,
} from '../../web/src/features/admin/api/shop-product-settings-queries.ts';
import {
  addVariant,
  deleteVariant,
  listRetiredVariants,
  setVariantRetired,
  updateVariantDetails,
  variantWasSold,
  VariantSoldError,
} from '../../web/src/features/admin/api/shop-variant-queries.ts';
import type { Database } from '../../web/src/lib/database.types.ts';

const env = process.env as unknown as ShopEnv;
let admin: SupabaseClient<Database>;
let adminId: string;
let customer: SupabaseClient<Database>;
let customerId: string;
let service: SupabaseClient<Database>;
const created: string[] = [];

const pricing = { price_in_cents: 1490, sale_price_in_cents: null, manage_inventory: true, inventory_quantity: 5 };

beforeAll(async () => {
  service = client(env, env.SUPABASE_SECRET_KEY) as SupabaseClient<Database>;
  const adminUser = await newCustomer(env, 'catalogue-admin');
  expect((await service.from('profiles').update({ role: 'admin' }).eq('id', adminUser.userId)).error).toBeNull();
  admin = adminUser.supabase as SupabaseClient<Database>;
  adminId = adminUser.userId;
  const customerUser = await newCustomer(env, 'catalogue-curieux');
  customer = customerUser.supabase as SupabaseClient<Database>;
  customerId = customerUser.userId;
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
  expect(products[0]!.variants).toEqual([{ id: expect.stringMatching(/^var_[0-9a-f]{32}$/), title: 'Audio', sku: null, position: 0, ...pricing }]);

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

/**
 * An order of the customer naming the variant, written as the service role: the variant is then
 * sold. The stack's create-checkout prices Hostinger's catalogue, which does not hold it. Untyped:
 * its invoice number is the database's (a trigger), which the generated types ask of an insert.
 */
async function sell(variantId: string, productId: string) {
  const order = await (service as SupabaseClient)
    .from('orders')
    .insert({ user_id: customerId, total_amount_cents: 1490, checkout_session_id: `cs_catalogue_${Date.now()}`, cgv_version: 1, consent_text: 'Consentement de test', consented_at: new Date().toISOString() })
    .select('id')
    .single();
  expect(order.error).toBeNull();
  const item = await service
    .from('order_items')
    .insert({ order_id: order.data!.id, variant_id: variantId, product_id: productId, product_title: 'Méditation du Soir', quantity: 1, price_per_item_cents: 1490 });
  expect(item.error).toBeNull();
}

it('lets an administrator give a product an option and a second variant, remove a variant as its sales allow, and put a retired one back', async () => {
  const [evening] = created as [string];
  const first = (await listShopProducts(admin)).find((p) => p.id === evening)!.variants[0]!;

  const optionId = await saveProductOption(admin, { productId: evening, option: null, position: 0, title: 'Format', values: [{ variantId: first.id, value: 'Audio' }] });
  const second = await addVariant(admin, {
    productId: evening,
    details: { title: 'PDF', sku: 'MED-SOIR-PDF' },
    pricing: { price_in_cents: 990, sale_price_in_cents: null, manage_inventory: false, inventory_quantity: null },
    position: 1,
    optionValues: [{ optionId, value: 'PDF' }],
  });
  await updateVariantDetails(admin, first.id, { title: 'Audio (MP3)', sku: 'MED-SOIR-MP3' });
  let [option] = await listProductOptions(admin, evening);
  await saveProductOption(admin, { productId: evening, option: option!, position: 0, title: 'Format', values: [{ variantId: first.id, value: 'MP3' }, { variantId: second, value: 'PDF' }] });

  // The storefront reads the option, its two values and both variants.
  const read = async () => (await client(env).rpc('storefront_product', { p_id: evening })).data as {
    options: Array<{ title: string; values: Array<{ variant_id: string; value: string }> }>;
    variants: Array<{ id: string; title: string; sku: string }>;
  };
  let page = await read();
  expect(page.options.map((o) => [o.title, o.values.map((v) => [v.variant_id, v.value])])).toEqual([['Format', [[first.id, 'MP3'], [second, 'PDF']]]]);
  expect(page.variants.map((v) => [v.id, v.title, v.sku])).toEqual([[first.id, 'Audio (MP3)', 'MED-SOIR-MP3'], [second, 'PDF', 'MED-SOIR-PDF']]);

  // The unsold one is deleted, its value with it; the sold one is refused (23503) and retired instead.
  expect(await variantWasSold(admin, second)).toBe(false);
  await deleteVariant(admin, second);
  [option] = await listProductOptions(admin, evening);
  expect(option!.values.map((v) => v.variant_id)).toEqual([first.id]);
  await sell(first.id, evening);
  expect(await variantWasSold(admin, first.id)).toBe(true);
  await expect(deleteVariant(admin, first.id)).rejects.toBeInstanceOf(VariantSoldError);
  await setVariantRetired(admin, first.id, true);
  expect((await listShopProducts(admin)).find((p) => p.id === evening)!.variants).toEqual([]);
  expect((await listRetiredVariants(admin, evening)).map((v) => v.id)).toEqual([first.id]);
  page = await read();
  expect([page.variants, page.options[0]!.values]).toEqual([[], []]);

  await setVariantRetired(admin, first.id, false);
  expect(await listRetiredVariants(admin, evening)).toEqual([]);
  expect((await read()).variants.map((v) => v.id)).toEqual([first.id]);

  const { data: changes } = await admin
    .from('catalogue_changes')
    .select('table_name, operation, changed_by')
    .eq('product_id', evening)
    .in('table_name', ['product_variants', 'product_options', 'product_option_values'])
    .order('id');
  expect(changes!.every((change) => change.changed_by === adminId)).toBe(true);
  expect(changes!.filter((change) => change.operation === 'delete').map((change) => change.table_name).sort()).toEqual(['product_option_values', 'product_variants']);

  await deleteProductOption(admin, optionId);
  expect(await listProductOptions(admin, evening)).toEqual([]);
});

it('lets an administrator set a product’s sale settings and collections, then delete it from the shop', async () => {
  const [evening] = created as [string];
  await updateProductSettings(admin, evening, { purchasable: false, type: 'physical' });
  const title = `Soirées ${Date.now().toString(36)}`;
  const collectionId = await createCollection(admin, title);
  expect((await listCollections(admin)).at(-1)).toEqual({ id: collectionId, title });
  await addToCollection(admin, evening, collectionId);
  expect(await listProductCollections(admin, evening)).toEqual([collectionId]);

  const page = (await client(env).rpc('storefront_product', { p_id: evening })).data as { purchasable: boolean; type: { value: string }; collections: Array<{ collection_id: string }> };
  expect([page.purchasable, page.type.value, page.collections.map((c) => c.collection_id)]).toEqual([false, 'physical', [collectionId]]);

  await removeFromCollection(admin, evening, collectionId);
  expect(await listProductCollections(admin, evening)).toEqual([]);
  await expect(removeFromCollection(admin, evening, collectionId)).rejects.toBeInstanceOf(NothingChangedError);

  await deleteProduct(admin, evening);
  expect((await listShopProducts(admin)).some((p) => p.id === evening)).toBe(false);
  expect((await client(env).rpc('storefront_product', { p_id: evening })).error?.code).toBe('PT404');
  const { data: deletion } = await admin.from('catalogue_changes').select('changed_by, after').eq('product_id', evening).eq('table_name', 'products').order('id', { ascending: false }).limit(1).single();
  expect(deletion).toEqual({ changed_by: adminId, after: expect.objectContaining({ deleted_at: expect.any(String) }) });
});

it('refuses a customer the variants, options, settings, collections and deletion: inserts 42501, the rest changes nothing', async () => {
  const [, morning] = created as [string, string];
  const variantId = (await listShopProducts(admin)).find((p) => p.id === morning)!.variants[0]!.id;
  const pricingOf = { price_in_cents: 1, sale_price_in_cents: null, manage_inventory: false, inventory_quantity: null };
  await expect(addVariant(customer, { productId: morning, details: { title: 'Intrus', sku: null }, pricing: pricingOf, position: 9, optionValues: [] })).rejects.toMatchObject({ code: '42501' });
  await expect(updateVariantDetails(customer, variantId, { title: 'Piraté', sku: null })).rejects.toBeInstanceOf(NothingChangedError);
  await expect(deleteVariant(customer, variantId)).rejects.toBeInstanceOf(NothingChangedError);
  await expect(setVariantRetired(customer, variantId, true)).rejects.toBeInstanceOf(NothingChangedError);
  await expect(saveProductOption(customer, { productId: morning, option: null, position: 0, title: 'Intrus', values: [] })).rejects.toMatchObject({ code: '42501' });
  await expect(updateProductSettings(customer, morning, { purchasable: false, type: 'physical' })).rejects.toBeInstanceOf(NothingChangedError);
  await expect(createCollection(customer, 'Intrus')).rejects.toMatchObject({ code: '42501' });
  await expect(addToCollection(customer, morning, (await listCollections(admin))[0]!.id)).rejects.toMatchObject({ code: '42501' });
  await expect(deleteProduct(customer, morning)).rejects.toBeInstanceOf(NothingChangedError);
  // Nor does the customer learn what others bought.
  expect(await variantWasSold(customer, variantId)).toBe(false);

  const kept = (await listShopProducts(admin)).find((p) => p.id === morning)!;
  expect([kept.purchasable, kept.type, kept.variants.map((v) => [v.id, v.title, v.price_in_cents])]).toEqual([true, 'digital', [[variantId, 'PDF', 1490]]]);
  expect(await listRetiredVariants(admin, morning)).toEqual([]);
  expect(await listProductOptions(admin, morning)).toEqual([]);
});
