import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import { supabase } from '@/lib/supabase';

/** The name lives in the profile (what the administrator sees) and in the account's metadata. */
export async function updateName({ userId, fullName }: { userId: string; fullName: string }): Promise<void> {
  const { error } = await supabase.from('profiles').update({ full_name: fullName || null }).eq('id', userId);
  if (error) throw error;
  const { error: authError } = await supabase.auth.updateUser({ data: { full_name: fullName } });
  if (authError) throw authError;
}

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: (_, { userId }) => queryClient.invalidateQueries({ queryKey: dashboardKeys.profile(userId) }),
  });
}
