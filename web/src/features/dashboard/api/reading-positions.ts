// Where the buyer stopped, read under RLS (their own rows only): every item's for the library,
// the last opened for the overview's « Continuer », one item's for the viewer.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import { readingPositionOf, type ReadingPosition } from '@/features/dashboard/lib/reading-position';
import { supabase } from '@/lib/supabase';

const columns = 'order_item_id, unit, position, length, updated_at';

/** Every item's position, by order item. */
export async function getReadingPositions(userId: string): Promise<Map<string, ReadingPosition>> {
  const { data, error } = await supabase.from('reading_positions').select(columns).eq('user_id', userId);
  if (error) throw error;
  const positions = new Map<string, ReadingPosition>();
  for (const row of data) {
    const saved = readingPositionOf(row);
    if (saved) positions.set(saved.orderItemId, saved);
  }
  return positions;
}

export interface LastOpened {
  saved: ReadingPosition;
  productTitle: string;
  variantTitle: string | null;
  fileType: string | null;
}

/** The item the buyer opened last, with its titles; null before any. */
export async function getLastOpened(userId: string): Promise<LastOpened | null> {
  const { data, error } = await supabase
    .from('reading_positions')
    .select(`${columns}, order_items!inner(product_title, variant_title, file_type)`)
    .eq('user_id', userId)
    .order('updated_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  const saved = data ? readingPositionOf(data) : null;
  if (!data || !saved) return null;
  return { saved, productTitle: data.order_items.product_title, variantTitle: data.order_items.variant_title, fileType: data.order_items.file_type };
}

/** One item's position, read afresh each time the viewer opens (another device may have moved it). */
export async function getReadingPosition(orderItemId: string): Promise<ReadingPosition | null> {
  const { data, error } = await supabase.from('reading_positions').select(columns).eq('order_item_id', orderItemId).maybeSingle();
  if (error) throw error;
  return data ? readingPositionOf(data) : null;
}

export function useReadingPositions(userId: string) {
  return useQuery(queryOptions({ queryKey: dashboardKeys.readingPositions(userId), queryFn: () => getReadingPositions(userId), staleTime: 0 }));
}

export function useLastOpened(userId: string) {
  return useQuery(queryOptions({ queryKey: dashboardKeys.lastOpened(userId), queryFn: () => getLastOpened(userId), staleTime: 0 }));
}

export function useReadingPosition(orderItemId: string) {
  return useQuery({
    queryKey: dashboardKeys.readingPosition(orderItemId),
    queryFn: () => getReadingPosition(orderItemId),
    staleTime: 0,
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
  });
}
