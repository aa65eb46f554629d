import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, PURCHASES_STALE_TIME } from '@/features/dashboard/api/dashboard-keys';
import { libraryItems, type LibraryItem } from '@/features/dashboard/lib/library-items';
import { supabase } from '@/lib/supabase';

/**
 * The digital items (a file in the deliverables bucket) of the caller's orders, with whether each
 * is read online only and has a new version (`my_library()`: the caller's own items only).
 */
export async function getLibrary(): Promise<LibraryItem[]> {
  const { data, error } = await supabase.rpc('my_library');
  if (error) throw error;
  return libraryItems(data);
}

export function useLibrary(userId: string) {
  return useQuery(queryOptions({ queryKey: dashboardKeys.library(userId), queryFn: getLibrary, staleTime: PURCHASES_STALE_TIME }));
}
