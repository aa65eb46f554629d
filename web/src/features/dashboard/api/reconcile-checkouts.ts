// `reconcile-checkouts` for the signed-in buyer: when the dashboard opens, their checkouts paid at
// the commerce service but never recorded (the tab closed before /success) become orders at once,
// instead of waiting for the scheduled run. Idempotent on the server, so a repeated call is harmless.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dashboardKeys } from '@/features/dashboard/api/dashboard-keys';
import { supabase } from '@/lib/supabase';

interface ReconciliationSummary {
  recorded: number;
}

export async function reconcileMyCheckouts(): Promise<ReconciliationSummary> {
  const { data, error } = await supabase.functions.invoke<ReconciliationSummary>('reconcile-checkouts', { body: { scope: 'mine' } });
  if (error) throw error;
  return { recorded: data?.recorded ?? 0 };
}

/** Once per opening of the dashboard; the purchases' queries are read again when an order appeared. */
export function useReconcileMyCheckouts(userId: string) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: reconcileMyCheckouts,
    onSuccess: ({ recorded }) => {
      if (recorded === 0) return;
      for (const queryKey of [dashboardKeys.orders(userId), dashboardKeys.library(userId), dashboardKeys.orderCount(userId), dashboardKeys.acquiredCount(userId)]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    // Nothing to tell the buyer: the schedule records the same orders within a minute.
    onError: (error) => console.error('reconcile-checkouts failed:', error),
  });
  useEffect(() => mutate(), [userId, mutate]);
}
