// 'Recommander': an earlier order's lines put back in the cart as today's catalogue has them
// (today's prices, today's stock), each through the cart's own add, so the same stock check
// refuses what no longer fits. A line whose product or variant is gone, is no longer for sale, or
// lacks stock is reported, not added.
import type { Product, Variant } from '@/lib/commerce-types';
import { InsufficientStockError } from '@/features/cart/stores/cart-lines';

export interface OrderedLine {
  product_id: string | null;
  variant_id: string;
  product_title: string;
  variant_title: string | null;
  quantity: number;
}

export interface ReorderOutcome {
  /** How many lines went into the cart. */
  added: number;
  /** The lines that did not, named as the order names them (« L'Éveil du Cœur (PDF) »). */
  unavailable: string[];
}

type AddItem = (product: Product, variant: Variant, quantity: number, availableQuantity: number | null | undefined) => void;

export const orderedLineName = (line: OrderedLine) => (line.variant_title ? `${line.product_title} (${line.variant_title})` : line.product_title);

/** Adds each line of `lines` found in today's `products` through `addItem` (the cart store's). */
export function reorderLines(lines: OrderedLine[], products: Product[], addItem: AddItem): ReorderOutcome {
  const outcome: ReorderOutcome = { added: 0, unavailable: [] };
  for (const line of lines) {
    const product = products.find((p) => p.id === line.product_id);
    const variant = product?.variants.find((v) => v.id === line.variant_id);
    if (!product || !variant || !product.purchasable) {
      outcome.unavailable.push(orderedLineName(line));
      continue;
    }
    try {
      addItem(product, variant, line.quantity, variant.inventory_quantity);
      outcome.added++;
    } catch (error) {
      if (!(error instanceof InsufficientStockError)) throw error;
      outcome.unavailable.push(orderedLineName(line));
    }
  }
  return outcome;
}
