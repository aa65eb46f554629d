import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import type { AccountRole } from '@/features/admin/lib/account-role';
import { supabase } from '@/lib/supabase';

export interface SetUserRoleInput {
  userId: string;
  role: AccountRole;
}

/**
 * Grants or revokes the administrator role through the database function only administrators
 * may execute; it refuses to remove the last administrator (PT409).
 */
export async function setUserRole({ userId, role }: SetUserRoleInput): Promise<void> {
  const { error } = await supabase.rpc('admin_set_role', { p_user_id: userId, p_role: role });
  if (error) throw error;
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSettled: (_data, _error, { userId }) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users });
      void queryClient.invalidateQueries({ queryKey: adminKeys.roleHistory(userId) });
      // The role the app holds for that account, the signed-in administrator's own included (the
      // auth provider's ['profile-role', id] query): revoking one's own role leaves the area.
      void queryClient.invalidateQueries({ queryKey: ['profile-role', userId] });
    },
  });
}
