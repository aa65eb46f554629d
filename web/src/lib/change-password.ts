import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export async function changePassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
