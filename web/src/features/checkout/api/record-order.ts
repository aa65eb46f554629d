// `record-order` checks the paid session at the commerce service and records the order once,
// however many times it is called; that idempotence is what makes it safe as a query here
// (the key dedupes re-renders, remounts and a reload of /success).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RecordOrderError, toRecordOrderError } from '@/features/checkout/lib/record-order-outcome';
import { supabase } from '@/lib/supabase';

/** The recorded order's id; any refusal or failure is thrown as a RecordOrderError. */
export async function recordOrder(sessionId: string): Promise<{ order_id: string }> {
  const { data, error } = await supabase.functions.invoke<{ order_id?: string }>('record-order', { body: { session_id: sessionId } });
  if (error) throw await toRecordOrderError(error);
  if (!data?.order_id) throw new RecordOrderError('failed');
  return { order_id: data.order_id };
}

export const recordOrderQueryOptions = (sessionId: string) =>
  queryOptions<{ order_id: string }, RecordOrderError>({
    queryKey: ['record-order', sessionId],
    queryFn: () => recordOrder(sessionId),
    staleTime: Infinity,
    gcTime: Infinity,
    // A refusal (unknown, unpaid, canceled…) answers the same the second time; a failure may not.
    retry: (failures, error) => failures < 1 && error.failure === 'failed',
  });

export function useRecordOrder(sessionId: string | null, enabled: boolean) {
  return useQuery({ ...recordOrderQueryOptions(sessionId ?? ''), enabled: enabled && sessionId !== null });
}
