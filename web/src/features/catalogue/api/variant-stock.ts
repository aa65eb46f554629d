// Stock lives behind a separate variants call (spec §7); only products that manage inventory
// on some variant need it.
import { commerceGet } from '@/lib/commerce-api';
import type { Product, VariantStock } from '@/lib/commerce-types';

export async function getVariantStock(productIds: string[]): Promise<VariantStock[]> {
  const params = new URLSearchParams({ fields: 'inventory_quantity' });
  for (const id of productIds) params.append('product_ids[]', id);
  const data = await commerceGet<{ variants?: { id: string; inventory_quantity?: number | null }[] }>('/variants', params);
  return (data.variants ?? []).map((variant) => ({ id: variant.id, inventory_quantity: variant.inventory_quantity ?? null }));
}

export function productsManagingStock(products: Product[]): Product[] {
  return products.filter((product) => product.variants.some((variant) => variant.manage_inventory));
}

/** Overwrites each variant's stock with the fresh figure, when the variants call returned one. */
export function mergeStock(products: Product[], stock: VariantStock[]): Product[] {
  const byVariant = new Map(stock.map((entry) => [entry.id, entry.inventory_quantity]));
  return products.map((product) => ({
    ...product,
    variants: product.variants.map((variant) =>
      byVariant.has(variant.id) ? { ...variant, inventory_quantity: byVariant.get(variant.id) ?? null } : variant,
    ),
  }));
}

export async function withFreshStock(products: Product[]): Promise<Product[]> {
  const managed = productsManagingStock(products);
  if (managed.length === 0) return products;
  return mergeStock(products, await getVariantStock(managed.map((product) => product.id)));
}
