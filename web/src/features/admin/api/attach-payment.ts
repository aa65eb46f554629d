import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { supabase } from '@/lib/supabase';

export interface AttachPaymentInput {
  paymentId: string;
  checkoutId: string;
}

/**
 * Attaches an unmatched payment to the checkout it paid, which records that checkout's order (the
 * customer gets their access and confirmation e-mail); returns the order's id. Refused: a payment
 * or checkout that no longer exists (P0002), a payment attached elsewhere or a checkout already
 * recorded (PT409), a payment another order names (23505); administrators only (42501).
 */
export async function attachPayment({ paymentId, checkoutId }: AttachPaymentInput): Promise<string> {
  const { data, error } = await supabase.rpc('attach_payment', { p_payment_id: paymentId, p_checkout_session_id: checkoutId });
  if (error) throw error;
  return data;
}

export function useAttachPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachPayment,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.unmatchedPayments }),
        // The checkout's own payment issue, if it had one, is marked handled with the attachment.
        queryClient.invalidateQueries({ queryKey: adminKeys.paymentIssues }),
      ]),
  });
}
