// How the products page names a variant and says its stock, on either catalogue.
import type { Variant } from '@/lib/commerce-types';

/** « Rituel (PDF) », or the product's title alone for its only variant or an untitled one. */
export function variantLabel(product: { title: string; variants: unknown[] }, variant: Pick<Variant, 'title'>): string {
  return product.variants.length === 1 || !variant.title ? product.title : `${product.title} (${variant.title})`;
}

export function stockText(variant: Pick<Variant, 'manage_inventory' | 'inventory_quantity'>): string {
  if (!variant.manage_inventory) return 'Stock illimité';
  const quantity = variant.inventory_quantity ?? 0;
  return quantity > 0 ? `${quantity} en stock` : 'Rupture de stock';
}
