import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, PURCHASES_STALE_TIME } from '@/features/dashboard/api/dashboard-keys';
import { libraryItems, type LibraryItem } from '@/features/dashboard/lib/library-items';
import { supabase } from '@/lib/supabase';

/** The digital items (a file in the deliverables bucket) of the user's orders. */
export async function getLibrary(userId: string): Promise<LibraryItem[]> {
  const { data, error } = await supabase
    .from('order_items')
    .select('id, variant_id, product_title, variant_title, image_url, file_type, orders!inner(user_id, created_at)')
    .eq('orders.user_id', userId)
    .not('file_path', 'is', null);
  if (error) throw error;
  return libraryItems(data);
}

export function useLibrary(userId: string) {
  return useQuery(queryOptions({ queryKey: dashboardKeys.library(userId), queryFn: () => getLibrary(userId), staleTime: PURCHASES_STALE_TIME }));
}
