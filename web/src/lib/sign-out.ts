import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { loadSupabase } from '@/lib/supabase-loader';
import { toast } from '@/lib/toast-store';

/**
 * Signs out, then goes home; a failure is reported with the spec's (English) toast.
 * `onSignedOut` runs before leaving (the admin area confirms with its own toast).
 *
 * Plain state rather than a TanStack mutation on purpose: this module sits in the start-up bundle
 * and the lazy dashboard and admin chunks import it too; a useMutation here makes the bundler
 * split TanStack Query's core into an extra chunk that the home page then has to load as well.
 */
export function useSignOut({ onSignedOut }: { onSignedOut?: () => void } = {}) {
  const [, navigate] = useLocation();
  const [isPending, setPending] = useState(false);
  const signOut = useCallback(async () => {
    setPending(true);
    try {
      const supabase = await loadSupabase();
      const { error } = await supabase.auth.signOut();
      if (error) throw error;
      onSignedOut?.();
      navigate('/');
    } catch (error) {
      toast({ variant: 'destructive', title: 'Sign out Failed', description: (error as Error).message || 'Something went wrong' });
    } finally {
      setPending(false);
    }
  }, [navigate, onSignedOut]);
  return { signOut, isPending };
}
