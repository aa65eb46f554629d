// The shop's own catalogue as create-checkout prices a cart from it (CATALOGUE_SOURCE=shop):
// ShopCatalogue reads the stack's tables as anon, and priceLines answers with create-checkout's own
// refusals. A small catalogue of this file's own (ids it alone uses) is written with the service
// role and deleted at the end: published products at regular and sale prices, one not
// purchasable, a draft, a deleted one, a retired variant, managed stock.
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { ShopCatalogue } from '../_shared/shop-catalogue.ts';
import { HttpError } from '../_shared/errors.ts';
import { priceLines } from '../create-checkout/price-lines.ts';
import { env, service } from './helpers.ts';

const run = crypto.randomUUID().replaceAll('-', '').slice(0, 12);
const id = (kind: 'prod' | 'var', name: string) => `${kind}_${name}_${run}`;
const product = (name: string, fields: Record<string, unknown> = {}) => ({
  id: id('prod', name),
  title: `Produit ${name}`,
  status: 'published',
  purchasable: true,
  currency: 'eur',
  ...fields,
});
const variant = (name: string, productName: string, fields: Record<string, unknown> = {}) => ({
  id: id('var', name),
  product_id: id('prod', productName),
  title: `Variante ${name}`,
  price_in_cents: 2900,
  manage_inventory: false,
  ...fields,
});

const products = [
  product('regular'),
  product('sale'),
  product('closed', { purchasable: false }),
  product('draft', { status: 'draft' }),
  product('deleted', { deleted_at: new Date().toISOString() }),
  product('stocked', { title: 'Méditation du Matin' }),
];
const variants = [
  variant('regular', 'regular', { price_in_cents: 2900, image_url: null }),
  variant('sale', 'sale', { price_in_cents: 4500, sale_price_in_cents: 3500, image_url: 'https://images.example.test/sale-variant.webp' }),
  variant('closed', 'closed'),
  variant('draft', 'draft'),
  variant('deleted', 'deleted'),
  variant('retired', 'regular', { retired_at: new Date().toISOString() }),
  variant('stocked', 'stocked', { title: 'MP3', manage_inventory: true, inventory_quantity: 2 }),
];

async function write(table: string, rows: unknown[]): Promise<void> {
  const { error } = await service.from(table).insert(rows);
  if (error) throw new Error(`${table}: ${error.message}`);
}

await write('products', products);
await write('product_variants', variants);
await write('product_images', [
  { product_id: id('prod', 'regular'), url: 'https://images.example.test/regular-second.webp', position: 1, type: 'image' },
  { product_id: id('prod', 'regular'), url: 'https://images.example.test/regular-first.webp', position: 0, type: 'image' },
]);

const catalogue = new ShopCatalogue(createClient(env.supabaseUrl, env.anonKey, { auth: { persistSession: false, autoRefreshToken: false } }));
const found = await catalogue.findVariants([...variants.map((v) => v.id), 'var_unknown']);

Deno.test('a published variant is priced at its regular price, with its product and first image', () => {
  assert.deepEqual(found.get(id('var', 'regular')), {
    variant_id: id('var', 'regular'),
    product_id: id('prod', 'regular'),
    product_title: 'Produit regular',
    variant_title: 'Variante regular',
    image_url: 'https://images.example.test/regular-first.webp',
    unit_price_cents: 2900,
    currency: 'eur',
    purchasable: true,
    stock: null,
  });
});

Deno.test('a variant on sale is priced at its sale price, with its own image', () => {
  const sale = found.get(id('var', 'sale'))!;
  assert.equal(sale.unit_price_cents, 3500);
  assert.equal(sale.image_url, 'https://images.example.test/sale-variant.webp');
});

Deno.test('a product not purchasable is found, and refused as create-checkout refuses it', () => {
  assert.equal(found.get(id('var', 'closed'))?.purchasable, false);
  assert.throws(() => priceLines(found, [{ variant_id: id('var', 'closed'), quantity: 1 }]), (error: unknown) =>
    error instanceof HttpError && error.status === 400 && error.code === 'not_purchasable' && error.message === 'Produit closed cannot be bought.');
});

for (const name of ['draft', 'deleted', 'retired']) {
  Deno.test(`a ${name} variant is not sold: unknown_variant`, () => {
    assert.equal(found.has(id('var', name)), false);
    assert.throws(() => priceLines(found, [{ variant_id: id('var', name), quantity: 1 }]), (error: unknown) =>
      error instanceof HttpError && error.status === 400 && error.code === 'unknown_variant');
  });
}

Deno.test('managed stock is read, and a cart asking more than is left is refused with the stock text', () => {
  assert.equal(found.get(id('var', 'stocked'))?.stock, 2);
  assert.equal(priceLines(found, [{ variant_id: id('var', 'stocked'), quantity: 2 }])[0]?.quantity, 2);
  assert.throws(() => priceLines(found, [{ variant_id: id('var', 'stocked'), quantity: 3 }]), (error: unknown) =>
    error instanceof HttpError && error.code === 'insufficient_stock' &&
    error.message === 'Stock insuffisant pour Méditation du Matin (MP3). 2 restant(s).');
});

Deno.test('a cart of sellable variants is priced line by line, whatever else it asked for', () => {
  const lines = priceLines(found, [{ variant_id: id('var', 'sale'), quantity: 2 }, { variant_id: id('var', 'regular'), quantity: 1 }]);
  assert.deepEqual(lines.map((l) => [l.variant_id, l.unit_price_cents, l.quantity, l.currency]), [
    [id('var', 'sale'), 3500, 2, 'eur'],
    [id('var', 'regular'), 2900, 1, 'eur'],
  ]);
  assert.equal(found.has('var_unknown'), false);
});

Deno.test('no variant asked, no request made', async () => {
  assert.equal((await catalogue.findVariants([])).size, 0);
});

Deno.test({
  name: 'clean-up: this file\'s products are deleted (nothing was sold)',
  async fn() {
    const { error } = await service.from('products').delete().in('id', products.map((p) => p.id));
    assert.equal(error, null);
  },
});
