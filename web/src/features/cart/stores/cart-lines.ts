// The cart rules of spec §4/§5 as pure functions over the list of lines; the store persists them.
import type { Product, Variant } from '@/lib/commerce-types';
import { effectivePrice } from '@/lib/product-price';

export interface CartLine {
  product: Product;
  variant: Variant;
  quantity: number;
}

export class InsufficientStockError extends Error {
  constructor(product: Product, variant: Variant, available: number) {
    super(`Stock insuffisant pour ${product.title} (${variant.title}). ${available} restant(s).`);
    this.name = 'InsufficientStockError';
  }
}

/**
 * Adds `quantity` of a variant, merging with its existing line. When the variant manages its
 * inventory, what is already in the cart plus the addition must fit in `availableQuantity`
 * (unknown stock counts as none); otherwise the add is refused and the lines are unchanged.
 */
export function addLine(lines: CartLine[], product: Product, variant: Variant, quantity: number, availableQuantity: number | null | undefined): CartLine[] {
  const existing = lines.find((line) => line.variant.id === variant.id);
  if (variant.manage_inventory) {
    const available = availableQuantity ?? 0;
    if ((existing?.quantity ?? 0) + quantity > available) throw new InsufficientStockError(product, variant, available);
  }
  if (existing) {
    return lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + quantity } : line));
  }
  return [...lines, { product, variant, quantity }];
}

/** Sets a line's quantity; below 1 removes the line. No upper bound (spec §5). */
export function updateLineQuantity(lines: CartLine[], variantId: string, quantity: number): CartLine[] {
  if (quantity < 1) return removeLine(lines, variantId);
  return lines.map((line) => (line.variant.id === variantId ? { ...line, quantity } : line));
}

export function removeLine(lines: CartLine[], variantId: string): CartLine[] {
  return lines.filter((line) => line.variant.id !== variantId);
}

export function cartTotal(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + effectivePrice(line.variant) * line.quantity, 0);
}

export function cartItemCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCartLine(value: unknown): value is CartLine {
  if (!isRecord(value) || !isRecord(value.product) || !isRecord(value.variant)) return false;
  const { product, variant, quantity } = value;
  return (
    typeof product.id === 'string' &&
    typeof product.title === 'string' &&
    typeof variant.id === 'string' &&
    typeof variant.price_in_cents === 'number' &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= 1
  );
}

/** Reads what local storage holds; anything unreadable gives an empty cart (spec §8). */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every(isCartLine) ? parsed : [];
  } catch {
    return [];
  }
}
