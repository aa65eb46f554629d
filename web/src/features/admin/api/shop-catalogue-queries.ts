// The products page's reads and writes of the shop's own catalogue (catalogue_products,
// catalogue_variants), through supabase-js under the administrator's session: RLS lets
// administrators alone write, and catalogue_changes audits every row changed. Plain functions of
// the client, so the contract test (tests/contract/admin-catalogue.test.ts) runs these very queries.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database.types';
import type { ProductTexts, VariantPricing } from '@/features/admin/schemas/shop-product-schema';

type Client = SupabaseClient<Database>;

export interface ShopVariant {
  id: string;
  title: string;
  sku: string | null;
  price_in_cents: number;
  sale_price_in_cents: number | null;
  manage_inventory: boolean;
  inventory_quantity: number | null;
  position: number;
}

export interface ShopProduct {
  id: string;
  title: string;
  subtitle: string | null;
  ribbon_text: string | null;
  /** HTML in the canonical form of `@/lib/description-html`, which the database alone accepts. */
  description: string | null;
  status: 'draft' | 'published';
  position: number;
  purchasable: boolean;
  type: string;
  currency: string;
  variants: ShopVariant[];
}

export type ProductStatus = ShopProduct['status'];

/** A write RLS hid (no row changed, no error): the product is gone, or the session is not an administrator's. */
export class NothingChangedError extends Error {
  constructor(what: string) {
    super(`${what}: no row changed`);
  }
}

const variantColumns = 'id, title, sku, price_in_cents, sale_price_in_cents, manage_inventory, inventory_quantity, position';
const productColumns = `id, title, subtitle, ribbon_text, description, status, position, purchasable, type, currency, variants:product_variants(${variantColumns})`;

/** Every product not deleted, drafts included, in the catalogue's order (the storefront's: position, then id); unretired variants. */
export async function listShopProducts(client: Client): Promise<ShopProduct[]> {
  const { data, error } = await client
    .from('products')
    .select(productColumns)
    .is('deleted_at', null)
    .is('variants.retired_at', null)
    .order('position')
    .order('id')
    .order('position', { referencedTable: 'variants' })
    .order('id', { referencedTable: 'variants' });
  if (error) throw error;
  return data as unknown as ShopProduct[];
}

export interface NewProduct {
  texts: ProductTexts;
  variantTitle: string;
  pricing: VariantPricing;
  /** Its place: after the last product. */
  position: number;
}

/** A draft product with its first variant; its id. Without the variant, the product is removed again. */
export async function createShopProduct(client: Client, product: NewProduct): Promise<string> {
  const created = await client.from('products').insert({ ...product.texts, position: product.position, status: 'draft' }).select('id').single();
  if (created.error) throw created.error;
  const id = created.data.id;
  const variant = await client.from('product_variants').insert({ ...product.pricing, product_id: id, title: product.variantTitle, position: 0 });
  if (variant.error) {
    await client.from('products').delete().eq('id', id);
    throw variant.error;
  }
  return id;
}

/** One row written (an update, or a delete asked for its id); none: RLS hid it. */
export async function updateOne(what: string, query: PromiseLike<{ data: unknown[] | null; error: unknown }>): Promise<void> {
  const { data, error } = await query;
  if (error) throw error;
  if (!data?.length) throw new NothingChangedError(what);
}

export function updateProductTexts(client: Client, productId: string, texts: ProductTexts): Promise<void> {
  return updateOne('product texts', client.from('products').update(texts).eq('id', productId).select('id'));
}

/** Writes the description as given: the caller sanitises it (sanitizeDescription), the database refuses any other form (23514). */
export function updateProductDescription(client: Client, productId: string, description: string | null): Promise<void> {
  return updateOne('product description', client.from('products').update({ description }).eq('id', productId).select('id'));
}

export function updateVariantPricing(client: Client, variantId: string, pricing: VariantPricing): Promise<void> {
  return updateOne('variant pricing', client.from('product_variants').update(pricing).eq('id', variantId).select('id'));
}

export function setProductStatus(client: Client, productId: string, status: ProductStatus): Promise<void> {
  return updateOne('product status', client.from('products').update({ status }).eq('id', productId).select('id'));
}

/**
 * Moves a product one place up (-1) or down (1) in `products`, the list as listShopProducts
 * reads it. Two products of distinct positions swap them; where positions tie (an import may
 * give several the same), the whole list is numbered afresh, writing only the rows that change.
 */
export async function moveProduct(client: Client, products: Pick<ShopProduct, 'id' | 'position'>[], productId: string, step: -1 | 1): Promise<void> {
  const from = products.findIndex((product) => product.id === productId);
  const to = from + step;
  if (from === -1 || to < 0 || to >= products.length) return;
  const moved = products.slice();
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  const positions =
    products[from]!.position !== products[to]!.position && new Set(products.map((p) => p.position)).size === products.length
      ? new Map([
          [products[from]!.id, products[to]!.position],
          [products[to]!.id, products[from]!.position],
        ])
      : new Map(moved.map((product, index) => [product.id, index]));
  for (const product of products) {
    const position = positions.get(product.id);
    if (position === undefined || position === product.position) continue;
    await updateOne('product position', client.from('products').update({ position }).eq('id', product.id).select('id'));
  }
}
