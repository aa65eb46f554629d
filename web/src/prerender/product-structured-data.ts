// A product as schema.org's `Product`, for search results: name, images, description, brand,
// SKU, URL, and one `Offer` per variant with the price the buyer pays (the sale price when there
// is one) and its availability, decided by the same rules as the product page's add-to-cart.
import { stockState } from '@/features/catalogue/components/stock';
import type { Product, Variant } from '@/lib/commerce-types';
import { siteName } from '@/lib/document-title';
import { htmlToText } from '@/lib/html-text';
import { displayVariant, effectivePrice } from '@/lib/product-price';

export const availability = {
  inStock: 'https://schema.org/InStock',
  outOfStock: 'https://schema.org/OutOfStock',
  /** Listed but not for sale (`purchasable: false`). */
  discontinued: 'https://schema.org/Discontinued',
} as const;

export function variantAvailability(product: Pick<Product, 'purchasable'>, variant: Variant): string {
  if (!product.purchasable) return availability.discontinued;
  return stockState(variant).kind === 'out-of-stock' ? availability.outOfStock : availability.inStock;
}

/** An amount in cents as schema.org writes prices: a decimal point, two decimals ("7.00"). */
export const schemaPrice = (cents: number) => (cents / 100).toFixed(2);

export interface ProductPageLinks {
  /** The product page's absolute URL. */
  url: string;
  /** Absolute URLs of the product's pictures, the first the main one. */
  images: string[];
}

export function productStructuredData(product: Product, { url, images }: ProductPageLinks): object {
  const shown = displayVariant(product);
  const offers = product.variants.map((variant) => ({
    '@type': 'Offer',
    ...(product.variants.length > 1 ? { name: variant.title } : {}),
    ...(variant.sku ? { sku: variant.sku } : {}),
    price: schemaPrice(effectivePrice(variant)),
    priceCurrency: variant.currency.toUpperCase(),
    availability: variantAvailability(product, variant),
    itemCondition: 'https://schema.org/NewCondition',
    url,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    productID: product.id,
    name: product.title,
    description: htmlToText(product.description) || product.title,
    image: images,
    sku: shown?.sku ?? product.id,
    brand: { '@type': 'Brand', name: siteName },
    url,
    offers,
  };
}
