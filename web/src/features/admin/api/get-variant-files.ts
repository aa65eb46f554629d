import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import type { VariantFile } from '@/features/admin/lib/variant-file-status';
import { supabase } from '@/lib/supabase';

/** Every variant's file, by variant id, from an admin-only database function (42501 for anyone else). */
export async function getVariantFiles(): Promise<Map<string, VariantFile>> {
  const { data, error } = await supabase.rpc('admin_variant_files');
  if (error) throw error;
  return new Map(data.map((file) => [file.variant_id, file]));
}

export function useVariantFiles() {
  return useQuery(queryOptions({ queryKey: adminKeys.variantFiles, queryFn: getVariantFiles, staleTime: 0 }));
}
