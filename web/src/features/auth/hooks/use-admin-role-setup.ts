// Spec §6: about 3 s after start, once per browser session, ask `set-admin-role` to grant the
// administrator role to the configured address. The function decides; the browser only asks.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@/lib/auth-context';
import { toast } from '@/lib/toast-store';

export const ADMIN_SETUP_FLAG = 'lumiere-sacree-admin-setup-done';
export const ADMIN_SETUP_DELAY_MS = 3000;

function alreadyDone(): boolean {
  try {
    return sessionStorage.getItem(ADMIN_SETUP_FLAG) !== null;
  } catch {
    return true;
  }
}

export function useAdminRoleSetup() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (!userId || alreadyDone()) return;
    const timer = setTimeout(async () => {
      sessionStorage.setItem(ADMIN_SETUP_FLAG, new Date().toISOString());
      try {
        const { requestAdminRole } = await import('@/features/auth/api/set-admin-role');
        const { message } = await requestAdminRole();
        if (message) console.info(message);
        // The role may just have been granted to the signed-in user.
        await queryClient.invalidateQueries({ queryKey: ['profile-role', userId] });
      } catch (error) {
        console.error('set-admin-role failed:', error);
        toast({ variant: 'destructive', title: "Erreur d'initialisation", description: 'Impossible de configurer le rôle administrateur.' });
      }
    }, ADMIN_SETUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, queryClient]);
}
