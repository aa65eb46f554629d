import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type DashboardStats = Database['public']['Functions']['admin_dashboard_stats']['Returns'][number];

/** The dashboard figures, from one admin-only database function (42501 for anyone else). */
export async function getDashboardStats(): Promise<DashboardStats> {
  const { data, error } = await supabase.rpc('admin_dashboard_stats').single();
  if (error) throw error;
  return data;
}

/** Fresh on every visit: the figures are the point of the page. */
export function useDashboardStats() {
  return useQuery(queryOptions({ queryKey: adminKeys.stats, queryFn: getDashboardStats, staleTime: 0 }));
}
