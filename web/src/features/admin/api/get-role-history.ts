import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import type { Database } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

export type RoleChange = Database['public']['Functions']['admin_role_history']['Returns'][number];

/** One account's role changes, newest first, with who made each (admin-only function). */
export async function getRoleHistory(userId: string): Promise<RoleChange[]> {
  const { data, error } = await supabase.rpc('admin_role_history', { p_user_id: userId });
  if (error) throw error;
  return data;
}

export function useRoleHistory(userId: string) {
  return useQuery(queryOptions({ queryKey: adminKeys.roleHistory(userId), queryFn: () => getRoleHistory(userId), staleTime: 0 }));
}
