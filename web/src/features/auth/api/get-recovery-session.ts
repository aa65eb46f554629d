import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * The session the recovery link opened: supabase-js reads it from the URL as it starts. A link
 * used already or expired comes back with an error instead, and there is no session to use.
 */
export async function getRecoverySession() {
  const { error } = await supabase.auth.initialize();
  if (error) return null;
  const { data } = await supabase.auth.getSession();
  return data.session;
}

export const recoverySessionQueryOptions = queryOptions({
  queryKey: ['auth', 'recovery-session'],
  queryFn: getRecoverySession,
  staleTime: Infinity,
  gcTime: 0,
});

export function useRecoverySession() {
  return useQuery(recoverySessionQueryOptions);
}
