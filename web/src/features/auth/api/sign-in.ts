import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRoleQueryOptions } from '@/features/auth/api/get-profile-role';
import type { LoginValues } from '@/features/auth/schemas/auth-schemas';
import { supabase } from '@/lib/supabase';

/** Signs in and resolves with whether the account is an administrator (for the redirect). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password }: LoginValues) => {
      const { data, error } = await supabase.auth.signInWithPassword({ email, password });
      if (error) throw error;
      const role = await queryClient.fetchQuery(profileRoleQueryOptions(data.user.id));
      return { user: data.user, isAdmin: role === 'admin' };
    },
  });
}
