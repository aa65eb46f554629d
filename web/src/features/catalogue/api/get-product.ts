import { queryOptions, useQuery } from '@tanstack/react-query';
import { normalizeSingleProduct } from '@/features/catalogue/api/normalize-product';
import { withFreshStock } from '@/features/catalogue/api/variant-stock';
import { commerceGet } from '@/lib/commerce-api';
import type { Product } from '@/lib/commerce-types';
import { shopCatalogueCall } from '@/lib/shop-catalogue-api';

/** One request from the shop's own catalogue, whose answer carries the stock; two from the commerce service's. */
export async function getProduct(id: string): Promise<Product> {
  // Vite writes the build's value in: a build carries the code of its own source alone (config/env.ts checks it).
  const shop = import.meta.env.VITE_CATALOGUE_SOURCE === 'shop';
  const data = shop
    ? await shopCatalogueCall<Record<string, unknown>>('storefront_product', { p_id: id })
    : await commerceGet<Record<string, unknown>>(`/products/${encodeURIComponent(id)}`);
  if (typeof data.id !== 'string') throw new Error('Produit non trouvé');
  const product = normalizeSingleProduct(data);
  if (shop) return product;
  const [fresh = product] = await withFreshStock([product]);
  return fresh;
}

export const productQueryOptions = (id: string) => queryOptions({ queryKey: ['product', id], queryFn: () => getProduct(id) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
