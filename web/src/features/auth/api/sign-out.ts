import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { loadSupabase } from '@/lib/supabase-loader';
import { toast } from '@/lib/toast-store';

/** Signs out, then goes home; a failure is reported with the spec's (English) toast. */
export function useSignOut() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const supabase = await loadSupabase();
      const { error } = await supabase.auth.signOut();
      if (error) throw error;
    },
    onSuccess: () => navigate('/'),
    onError: (error) => toast({ variant: 'destructive', title: 'Sign out Failed', description: error.message || 'Something went wrong' }),
  });
}
