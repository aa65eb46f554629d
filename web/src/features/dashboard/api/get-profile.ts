import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import { supabase } from '@/lib/supabase';

/** The user's own profile name (null when never given). */
export async function getProfileName(userId: string): Promise<string | null> {
  const { data, error } = await supabase.from('profiles').select('full_name').eq('id', userId).single();
  if (error) throw error;
  return data.full_name;
}

export function useProfileName(userId: string) {
  return useQuery(queryOptions({ queryKey: dashboardKeys.profile(userId), queryFn: () => getProfileName(userId) }));
}
