import { queryOptions } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/supabase-loader';

/**
 * The signed-in user's profile role. A failed lookup means "not an administrator": the usual
 * no-row answer (PGRST116) is expected and stays quiet; anything else is logged.
 */
export async function getProfileRole(userId: string): Promise<string | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('profiles').select('role').eq('id', userId).single();
  if (error) {
    if (error.code !== 'PGRST116') console.error('Error checking admin status:', error);
    return null;
  }
  return data.role;
}

export const profileRoleQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['profile-role', userId], queryFn: () => getProfileRole(userId), staleTime: 5 * 60_000 });
