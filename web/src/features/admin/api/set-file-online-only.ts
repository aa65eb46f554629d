// « Lecture en ligne uniquement » on a variant's file: the database function is the
// administrators' only (42501 for anyone else); the list is read again after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { FileActionError, onlineOnlyFailed } from '@/features/admin/lib/file-messages';
import { supabase } from '@/lib/supabase';

export async function setFileOnlineOnly({ variantId, onlineOnly }: { variantId: string; onlineOnly: boolean }): Promise<void> {
  const { error } = await supabase.rpc('admin_set_variant_file_online_only', { p_variant_id: variantId, p_online_only: onlineOnly });
  if (error) throw new FileActionError(onlineOnlyFailed);
}

export function useSetFileOnlineOnly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFileOnlineOnly,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.variantFiles }),
  });
}
