// `record-order` finds the payment of the buyer's checkout at the payment provider and records the
// order once, however many times it is called; that idempotence is what makes it safe as a query
// here (the key dedupes re-renders, remounts and a reload of /success).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RecordOrderError, toRecordOrderError } from '@/features/checkout/lib/record-order-outcome';
import { supabase } from '@/lib/supabase';

/** The recorded order's id; any refusal or failure is thrown as a RecordOrderError. */
export async function recordOrder(checkoutId: string): Promise<{ order_id: string }> {
  const { data, error } = await supabase.functions.invoke<{ order_id?: string }>('record-order', { body: { checkout_id: checkoutId } });
  if (error) throw await toRecordOrderError(error);
  if (!data?.order_id) throw new RecordOrderError('failed');
  return { order_id: data.order_id };
}

export const recordOrderQueryOptions = (checkoutId: string) =>
  queryOptions<{ order_id: string }, RecordOrderError>({
    queryKey: ['record-order', checkoutId],
    queryFn: () => recordOrder(checkoutId),
    staleTime: Infinity,
    gcTime: Infinity,
    // A refusal (unknown, unpaid, set aside for review…) answers the same the second time; a failure may not.
    retry: (failures, error) => failures < 1 && error.failure === 'failed',
  });

export function useRecordOrder(checkoutId: string | null, enabled: boolean) {
  return useQuery({ ...recordOrderQueryOptions(checkoutId ?? ''), enabled: enabled && checkoutId !== null });
}
