// « Ruptures de stock »: the list, how many are still to decide (the navigation's badge), and the
// decision, which reads both afresh once written.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import {
  countUndecidedShortfalls,
  decideStockShortfall,
  readStockShortfalls,
  type ShortfallResolution,
} from '@/features/admin/api/catalogue-history-queries';
import { supabase } from '@/lib/supabase';

export function useStockShortfalls() {
  return useQuery(queryOptions({ queryKey: [...adminKeys.stockShortfalls, 'list'], queryFn: () => readStockShortfalls(supabase), staleTime: 0 }));
}

/** `enabled`: on the shop's own catalogue only, where stock is taken at payment. */
export function useUndecidedShortfallsCount(enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: [...adminKeys.stockShortfalls, 'undecided'], queryFn: () => countUndecidedShortfalls(supabase), enabled }),
  );
}

export function useDecideStockShortfall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderItemId, resolution }: { orderItemId: string; resolution: ShortfallResolution }) =>
      decideStockShortfall(supabase, orderItemId, resolution),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.stockShortfalls }),
  });
}
