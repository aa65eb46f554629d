import type { Product, Variant } from '@/lib/commerce-types';

type Priced = Pick<Variant, 'price_in_cents' | 'sale_price_in_cents'>;

/** The price a buyer pays for one unit: the sale price when there is one. */
export function effectivePrice(variant: Priced): number {
  return variant.sale_price_in_cents ?? variant.price_in_cents;
}

/**
 * Spec §4: the variant whose price a product shows. With `lowest_price_first` (or no
 * preference) it is the cheapest by effective price, the first one on ties; otherwise the first.
 */
export function displayVariant<V extends Priced>(product: { site_product_selection?: string | null; variants: V[] }): V | undefined {
  const [first, ...rest] = product.variants;
  if (!first) return undefined;
  const selection = product.site_product_selection ?? null;
  if (selection !== null && selection !== 'lowest_price_first') return first;
  return rest.reduce((lowest, candidate) => (effectivePrice(candidate) < effectivePrice(lowest) ? candidate : lowest), first);
}

/** The product-level price of spec §3: the display variant's effective price and currency. */
export function productPrice(product: Pick<Product, 'site_product_selection'> & { variants: (Priced & { currency: string })[] }): {
  price_in_cents: number;
  currency: string;
} {
  const variant = displayVariant(product);
  return { price_in_cents: variant ? effectivePrice(variant) : 0, currency: variant?.currency ?? 'eur' };
}
