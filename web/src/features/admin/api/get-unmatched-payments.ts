import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { supabase } from '@/lib/supabase';

/** A line the payment paid for, as the payment provider reported it. */
export interface UnmatchedPaymentLine {
  variant_id: string;
  title: string;
  quantity: number;
  unit_price_cents: number;
}

/** A checkout of the shop, not recorded yet, that the payment may have paid. */
export interface PaymentCandidate {
  checkout_session_id: string;
  /** The buyer's account e-mail, else the one of the checkout; null when neither is known. */
  customer_email: string | null;
  total_amount_cents: number;
  created_at: string;
  status: string;
  /** The same variants, quantities and unit prices as the payment. */
  same_lines: boolean;
}

/** One row of « Paiements non rattachés » (public.admin_unmatched_payments()). */
export interface UnmatchedPayment {
  payment_id: string;
  /** The order number hPanel shows (Hostinger's order number). */
  payment_reference: string;
  /** The e-mail typed on the payment page; null when the provider did not say. */
  customer_email: string | null;
  total_cents: number;
  currency: string;
  lines: UnmatchedPaymentLine[];
  paid_at: string;
  found_at: string;
  attached_checkout_id: string | null;
  attached_at: string | null;
  /** Null only if the administrator's account was deleted since. */
  attached_by_email: string | null;
  /** Up to five, the likeliest first; empty once attached. */
  candidates: PaymentCandidate[];
}

export const UNMATCHED_PAYMENTS_STEP = 50;

/**
 * The `limit` first unmatched payments, the open ones first and then the newest; the database
 * refuses anyone but an administrator (42501).
 */
export async function getUnmatchedPayments(limit: number): Promise<UnmatchedPayment[]> {
  const { data, error } = await supabase.rpc('admin_unmatched_payments', { max_rows: limit });
  if (error) throw error;
  // The generated types know neither which returned columns may be null nor the shape of the
  // jsonb ones (lines, candidates); UnmatchedPayment does.
  return data as unknown as UnmatchedPayment[];
}

// A growing limit rather than useInfiniteQuery, as « Paiements à vérifier » does.
export function useUnmatchedPayments(limit: number) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.unmatchedPayments, limit],
      queryFn: () => getUnmatchedPayments(limit),
      placeholderData: keepPreviousData,
      // The reconciliation may have filed one since the last visit.
      staleTime: 0,
    }),
  );
}
