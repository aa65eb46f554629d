// The whole catalogue as the commerce service returns it, every page of it (the service gives at
// most 100 products a call), with fresh stock. The catalogue feature reads the service; the admin
// area's composition root hands its page reader in, so this feature does not reach into another.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import type { Product, ProductList } from '@/lib/commerce-types';

export type CataloguePageReader = (offset: number, limit: number) => Promise<ProductList>;

export const cataloguePageSize = 100;

export async function getWholeCatalogue(readPage: CataloguePageReader): Promise<Product[]> {
  const products: Product[] = [];
  for (;;) {
    const page = await readPage(products.length, cataloguePageSize);
    products.push(...page.products);
    if (page.products.length === 0 || products.length >= page.count) return products;
  }
}

export function useAdminCatalogue(readPage: CataloguePageReader) {
  // Prices and stock change at the service: read afresh on each visit.
  return useQuery(queryOptions({ queryKey: adminKeys.catalogue, queryFn: () => getWholeCatalogue(readPage), staleTime: 0 }));
}
