import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys, PURCHASES_STALE_TIME } from '@/features/dashboard/api/dashboard-keys';
import { supabase } from '@/lib/supabase';

/** The user's orders with their lines, the CGV version accepted and their credit notes (« avoirs »), newest first (RLS shows nothing else; the filter says whose). */
export async function getOrders(userId: string) {
  const { data, error } = await supabase
    .from('orders')
    .select('id, created_at, total_amount_cents, currency, status, payment_status, invoice_number, cgv_version, credit_notes(id, number, created_at, amount_cents), order_items(id, product_id, variant_id, product_title, variant_title, image_url, quantity, price_per_item_cents)')
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}

export type Order = Awaited<ReturnType<typeof getOrders>>[number];

export function useOrders(userId: string) {
  return useQuery(queryOptions({ queryKey: dashboardKeys.orders(userId), queryFn: () => getOrders(userId), staleTime: PURCHASES_STALE_TIME }));
}
