import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { supabase } from '@/lib/supabase';

/** One customer's orders with their lines, newest first: administrators read every order (RLS). */
export async function getUserOrders(userId: string) {
  const { data, error } = await supabase
    .from('orders')
    .select('id, created_at, total_amount_cents, currency, status, payment_status, refunded_amount_cents, order_items(id, product_title, variant_title, quantity, price_per_item_cents, refunded_at)')
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}

export type UserOrder = Awaited<ReturnType<typeof getUserOrders>>[number];

export function useUserOrders(userId: string) {
  return useQuery(queryOptions({ queryKey: adminKeys.userOrders(userId), queryFn: () => getUserOrders(userId), staleTime: 0 }));
}
