// The cart's lines priced from the catalogue's entries (never from the request): a variant the
// catalogue does not sell, a product that is not purchasable, or short stock of a managed variant
// is a 400 with the texts of docs/payments.md.
import type { CatalogueVariant } from '../_shared/commerce-provider.ts';
import { badRequest } from '../_shared/errors.ts';

/** Spec §8's insufficient-stock text, with the figures of this line. */
const shortStock = (variant: CatalogueVariant) =>
  `Stock insuffisant pour ${variant.product_title} (${variant.variant_title}). ${variant.stock} restant(s).`;

/** What the pending checkout records for a line, and later the order item's content. */
const pricedLine = (variant: CatalogueVariant, quantity: number) => ({
  variant_id: variant.variant_id,
  product_id: variant.product_id,
  product_title: variant.product_title,
  variant_title: variant.variant_title,
  image_url: variant.image_url,
  unit_price_cents: variant.unit_price_cents,
  currency: variant.currency,
  quantity,
});

export function priceLines(catalogue: Map<string, CatalogueVariant>, items: { variant_id: string; quantity: number }[]) {
  return items.map(({ variant_id, quantity }) => {
    const variant = catalogue.get(variant_id);
    if (!variant) throw badRequest('unknown_variant', `The catalogue has no variant ${variant_id}.`);
    if (!variant.purchasable) throw badRequest('not_purchasable', `${variant.product_title} cannot be bought.`);
    if (variant.stock !== null && variant.stock < quantity) throw badRequest('insufficient_stock', shortStock(variant));
    return pricedLine(variant, quantity);
  });
}
