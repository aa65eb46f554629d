// Hostinger's public storefront API (https://api-ecommerce.hostinger.com/store/{store_id}/…, the
// seed's paths, spec §7): the catalogue that prices a cart, and the hosted checkout, which answers
// `{ url }` and nothing more. Anonymous, as the seed calls it.
import { z } from 'zod';
import type { Catalogue, CatalogueVariant } from '../commerce-provider.ts';
import { callJson } from './http.ts';

const cents = z.number().int().min(0);

const Variant = z.object({
  id: z.string(),
  title: z.string(),
  image_url: z.string().nullish(),
  price_in_cents: cents,
  sale_price_in_cents: cents.nullish(),
  currency: z.string().nullish(),
  manage_inventory: z.boolean().nullish(),
  inventory_quantity: z.number().int().nullish(),
});

const Product = z.object({
  id: z.string(),
  title: z.string(),
  purchasable: z.boolean().nullish(),
  image: z.string().nullish(),
  variants: z.array(Variant),
});

const ProductPage = z.object({ count: z.number().int().min(0), products: z.array(Product) });
const Stock = z.object({ variants: z.array(z.object({ id: z.string(), inventory_quantity: z.number().int().nullish() })) });
const CreatedCheckout = z.object({ url: z.url({ protocol: /^https?$/ }) });

/** Spec §7's checkout body; `successUrl` already names the shop's own checkout. */
export interface StorefrontCheckout {
  items: { variant_id: string; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  locale: string;
  timeZone: string;
}

// Pages are walked by what each answer holds, so a store with a lower cap still works.
const pageSize = 100;

export class HostingerStorefront implements Catalogue {
  constructor(
    private readonly baseUrl: string,
    private readonly storeId: string,
  ) {}

  private url(path: string): string {
    return `${this.baseUrl}/store/${encodeURIComponent(this.storeId)}${path}`;
  }

  /** The catalogue entries of the given variant ids; ids the store does not sell are absent. */
  async findVariants(variantIds: string[]): Promise<Map<string, CatalogueVariant>> {
    const wanted = new Set(variantIds);
    const found = new Map<string, CatalogueVariant>();
    const managed = new Set<string>();
    // The store API looks products up, not variants: walk the catalogue until all are found.
    for (let offset = 0; found.size < wanted.size; ) {
      const page = (await callJson(ProductPage, { url: this.url(`/products?offset=${offset}&limit=${pageSize}`) }, 'product list'))!;
      for (const product of page.products) {
        for (const variant of product.variants) {
          if (!wanted.has(variant.id)) continue;
          if (variant.manage_inventory) managed.add(product.id);
          found.set(variant.id, {
            variant_id: variant.id,
            product_id: product.id,
            product_title: product.title,
            variant_title: variant.title,
            image_url: variant.image_url ?? product.image ?? null,
            unit_price_cents: variant.sale_price_in_cents ?? variant.price_in_cents,
            currency: (variant.currency ?? 'eur').toLowerCase(),
            purchasable: product.purchasable !== false,
            stock: variant.manage_inventory ? (variant.inventory_quantity ?? 0) : null,
          });
        }
      }
      offset += page.products.length;
      if (page.products.length === 0 || offset >= page.count) break;
    }
    if (managed.size > 0) await this.mergeStock(found, [...managed]);
    return found;
  }

  /** The hosted checkout of spec §7's body; the storefront takes no e-mail and answers the page's URL only. */
  async openCheckout(request: StorefrontCheckout): Promise<{ url: string }> {
    const body = { items: request.items, successUrl: request.successUrl, cancelUrl: request.cancelUrl, locale: request.locale, timeZone: request.timeZone };
    return (await callJson(CreatedCheckout, { url: this.url('/checkout'), method: 'POST', body }, 'checkout'))!;
  }

  // The list's stock figures may be stale or absent; the variants call is the store's own answer.
  private async mergeStock(found: Map<string, CatalogueVariant>, productIds: string[]): Promise<void> {
    const query = productIds.map((id) => `product_ids[]=${encodeURIComponent(id)}`).join('&');
    const stock = (await callJson(Stock, { url: this.url(`/variants?fields=inventory_quantity&${query}`) }, 'variant stock'))!;
    for (const { id, inventory_quantity } of stock.variants) {
      const variant = found.get(id);
      if (variant && variant.stock !== null) variant.stock = inventory_quantity ?? 0;
    }
  }
}
