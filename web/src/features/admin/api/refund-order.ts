// The administrator's refund (refund-order): the commerce service refunds first, the database
// records it with its credit note only once it confirmed. `requestId` is one per confirmation, so a
// double click or a retry of the same confirmation refunds once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { supabase } from '@/lib/supabase';

export interface RefundRequest {
  orderId: string;
  userId: string;
  /** The lines chosen; null: the whole order (every line not yet refunded). */
  orderItemIds: string[] | null;
  reason: string;
  requestId: string;
  /** « Remboursement effectué hors ligne »: the money went back elsewhere, the service is not asked. */
  offline: boolean;
}

export interface RecordedRefund {
  credit_note_id: string;
  number: string;
  repeated: boolean;
}

const refundFailed = 'Le remboursement n’a pas pu être effectué. Réessayez dans un instant.';

export async function refundOrder(request: RefundRequest): Promise<RecordedRefund> {
  const { data, error } = await supabase.functions.invoke<RecordedRefund>('refund-order', {
    body: {
      order_id: request.orderId,
      ...(request.orderItemIds ? { order_item_ids: request.orderItemIds } : {}),
      reason: request.reason,
      request_id: request.requestId,
      offline: request.offline,
    },
  });
  if (error instanceof FunctionsHttpError) {
    const body = (await (error.context as Response).json().catch(() => null)) as { error?: { message?: string; detail?: string } } | null;
    throw new Error(body?.error?.detail ?? refundFailed);
  }
  if (error || !data) throw new Error(refundFailed);
  return data;
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSettled: (_data, _error, request) => queryClient.invalidateQueries({ queryKey: adminKeys.userOrders(request.userId) }),
  });
}
