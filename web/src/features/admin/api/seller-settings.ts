// The seller's identity for invoices (seller_settings, one row): administrators read and update
// it; RLS refuses everyone else.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import type { SellerSettingsUpdate } from '@/features/admin/schemas/seller-settings-schema';
import { supabase } from '@/lib/supabase';

const columns = 'legal_name, legal_form, address, siret, vat_regime, vat_number, vat_rate_basis_points, contact_email';

export async function getSellerSettings(): Promise<SellerSettingsUpdate | null> {
  const { data, error } = await supabase.from('seller_settings').select(columns).maybeSingle();
  if (error) throw error;
  return data;
}

export function useSellerSettings() {
  return useQuery(queryOptions({ queryKey: adminKeys.sellerSettings, queryFn: getSellerSettings }));
}

export function useSaveSellerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: SellerSettingsUpdate) => {
      const { error } = await supabase.from('seller_settings').update(settings).eq('id', true);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sellerSettings }),
  });
}
