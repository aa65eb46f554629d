import { useMutation } from '@tanstack/react-query';
import type { RegisterValues } from '@/features/auth/schemas/auth-schemas';
import { supabase } from '@/lib/supabase';

export function useSignUp() {
  return useMutation({
    mutationFn: async ({ fullName, email, password }: RegisterValues) => {
      const { data, error } = await supabase.auth.signUp({
        email,
        password,
        options: { data: { full_name: fullName }, emailRedirectTo: `${window.location.origin}/login` },
      });
      if (error) throw error;
      return data;
    },
  });
}
