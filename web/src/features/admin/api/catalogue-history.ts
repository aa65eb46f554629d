// The history pages' server state: a product's changes, or the whole catalogue's, a page at a time.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { readCatalogueHistory, type HistoryCursor } from '@/features/admin/api/catalogue-history-queries';
import { supabase } from '@/lib/supabase';

export function useCatalogueHistory(productId: string | null) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminKeys.catalogueHistory(productId),
      queryFn: ({ pageParam }) => readCatalogueHistory(supabase, productId, pageParam),
      initialPageParam: null as HistoryCursor | null,
      getNextPageParam: (page) => page.next,
      staleTime: 0,
    }),
  );
}
