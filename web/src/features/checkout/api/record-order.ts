// `record-order` checks the paid session at the commerce service and records the order once,
// however many times it is called; that idempotence is what makes it safe as a query here
// (the key dedupes re-renders, remounts and a reload of /success).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export async function recordOrder(sessionId: string): Promise<{ order_id: string }> {
  const { data, error } = await supabase.functions.invoke<{ order_id?: string }>('record-order', { body: { session_id: sessionId } });
  if (error) throw error;
  if (!data?.order_id) throw new Error('record-order returned no order_id');
  return { order_id: data.order_id };
}

export const recordOrderQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['record-order', sessionId],
    queryFn: () => recordOrder(sessionId),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });

export function useRecordOrder(sessionId: string | null, enabled: boolean) {
  return useQuery({ ...recordOrderQueryOptions(sessionId ?? ''), enabled: enabled && sessionId !== null });
}
