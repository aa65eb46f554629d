import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

type Functions = Database['public']['Functions'];
export type AnalyticsDay = Functions['admin_analytics_daily']['Returns'][number];
export type ProductFigures = Functions['admin_analytics_products']['Returns'][number];

/** The periods the database accepts (22023 for any other). */
export const analyticsPeriods = [7, 30, 90, 365] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

export interface Analytics {
  days: AnalyticsDay[];
  products: ProductFigures[];
}

/** The period's daily figures and products, from two admin-only database functions (42501 otherwise). */
export async function getAnalytics(days: AnalyticsPeriod): Promise<Analytics> {
  const [daily, products] = await Promise.all([
    supabase.rpc('admin_analytics_daily', { p_days: days }),
    supabase.rpc('admin_analytics_products', { p_days: days }),
  ]);
  if (daily.error) throw daily.error;
  if (products.error) throw products.error;
  return { days: daily.data, products: products.data };
}

export function useAnalytics(days: AnalyticsPeriod) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.analytics, days],
      queryFn: () => getAnalytics(days),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}
