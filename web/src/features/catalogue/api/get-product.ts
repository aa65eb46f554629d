import { queryOptions, useQuery } from '@tanstack/react-query';
import { normalizeSingleProduct } from '@/features/catalogue/api/normalize-product';
import { withFreshStock } from '@/features/catalogue/api/variant-stock';
import { commerceGet } from '@/lib/commerce-api';
import type { Product } from '@/lib/commerce-types';

export async function getProduct(id: string): Promise<Product> {
  const data = await commerceGet<Record<string, unknown>>(`/products/${encodeURIComponent(id)}`);
  if (typeof data.id !== 'string') throw new Error('Produit non trouvé');
  const product = normalizeSingleProduct(data);
  const [fresh = product] = await withFreshStock([product]);
  return fresh;
}

export const productQueryOptions = (id: string) => queryOptions({ queryKey: ['product', id], queryFn: () => getProduct(id) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
