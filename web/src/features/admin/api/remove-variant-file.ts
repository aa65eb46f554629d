import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { deleteUnusedObject } from '@/features/admin/api/attach-variant-file';
import { FileActionError, removeFailed } from '@/features/admin/lib/file-messages';
import { supabase } from '@/lib/supabase';

/**
 * Removes a variant's file: the database drops the mapping (administrators only) and names the
 * object when no order item points to it; that object is then deleted. A file a buyer has keeps
 * its object, so their downloads go on.
 */
export async function removeVariantFile(variantId: string): Promise<void> {
  const { data: unused, error } = await supabase.rpc('admin_remove_variant_file', { p_variant_id: variantId });
  if (error) throw new FileActionError(removeFailed);
  if (unused) await deleteUnusedObject(unused);
}

export function useRemoveVariantFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeVariantFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.variantFiles }),
  });
}
