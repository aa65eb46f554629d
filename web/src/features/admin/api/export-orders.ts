import type { AnalyticsPeriod } from '@/features/admin/api/get-analytics';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type ExportedOrder = Database['public']['Functions']['admin_orders_export']['Returns'][number];

/** The database answers at most this many orders a call; a shorter page is the last. */
const pageSize = 1000;

/** Every order of the period, oldest first, page after page (admin-only; 42501 otherwise). */
export async function getOrdersForExport(days: AnalyticsPeriod): Promise<ExportedOrder[]> {
  const orders: ExportedOrder[] = [];
  for (;;) {
    const last = orders.at(-1);
    const { data, error } = await supabase.rpc('admin_orders_export', {
      p_days: days,
      ...(last ? { p_after_created_at: last.created_at, p_after_order_id: last.order_id } : {}),
    });
    if (error) throw error;
    orders.push(...data);
    if (data.length < pageSize) return orders;
  }
}
