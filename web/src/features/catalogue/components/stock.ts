import type { Product, Variant } from '@/lib/commerce-types';

export type StockState = { kind: 'untracked' } | { kind: 'in-stock'; quantity: number } | { kind: 'out-of-stock' };

export function stockState(variant: Variant): StockState {
  if (!variant.manage_inventory) return { kind: 'untracked' };
  const quantity = variant.inventory_quantity ?? 0;
  return quantity >= 1 ? { kind: 'in-stock', quantity } : { kind: 'out-of-stock' };
}

/** Spec §4: purchasable and, when inventory is managed, at least one in stock. */
export function canAddToCart(product: Pick<Product, 'purchasable'>, variant: Variant): boolean {
  return product.purchasable && stockState(variant).kind !== 'out-of-stock';
}
