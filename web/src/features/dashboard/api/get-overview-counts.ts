import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, PURCHASES_STALE_TIME } from '@/features/dashboard/api/dashboard-keys';
import { supabase } from '@/lib/supabase';

/** Orders placed: a HEAD count, no rows travel. */
export async function getOrderCount(userId: string): Promise<number> {
  const { count, error } = await supabase.from('orders').select('id', { count: 'exact', head: true }).eq('user_id', userId);
  if (error) throw error;
  return count ?? 0;
}

/** Products acquired: the quantities of every line of the user's orders, summed. */
export async function getAcquiredCount(userId: string): Promise<number> {
  const { data, error } = await supabase.from('order_items').select('quantity, orders!inner(user_id)').eq('orders.user_id', userId);
  if (error) throw error;
  return data.reduce((total, line) => total + line.quantity, 0);
}

export function useOrderCount(userId: string) {
  return useQuery(queryOptions({ queryKey: dashboardKeys.orderCount(userId), queryFn: () => getOrderCount(userId), staleTime: PURCHASES_STALE_TIME }));
}

export function useAcquiredCount(userId: string) {
  return useQuery(queryOptions({ queryKey: dashboardKeys.acquiredCount(userId), queryFn: () => getAcquiredCount(userId), staleTime: PURCHASES_STALE_TIME }));
}
