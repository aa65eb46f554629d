import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { supabase } from '@/lib/supabase';

/** One row of « Paiements à vérifier » (public.admin_payment_issues()). */
export interface PaymentIssue {
  checkout_session_id: string;
  /** Null only if the buyer's account was deleted since. */
  customer_email: string | null;
  reason: string;
  /** What create-checkout priced, in cents. */
  priced_amount_cents: number;
  /** What the commerce service reported paid; null when it does not know the session. */
  paid_amount_cents: number | null;
  currency: string;
  detected_at: string;
  handled_at: string | null;
  handled_by_email: string | null;
}

export const PAYMENT_ISSUES_STEP = 50;

/** The `limit` newest payment issues; the database refuses anyone but an administrator (42501). */
export async function getPaymentIssues(limit: number): Promise<PaymentIssue[]> {
  const { data, error } = await supabase.rpc('admin_payment_issues', { max_rows: limit });
  if (error) throw error;
  // The generated types cannot say which returned columns may be null; PaymentIssue does.
  return data as PaymentIssue[];
}

// A growing limit rather than useInfiniteQuery, as the contact inbox does.
export function usePaymentIssues(limit: number) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.paymentIssues, limit],
      queryFn: () => getPaymentIssues(limit),
      placeholderData: keepPreviousData,
      // The schedule may have filed one since the last visit.
      staleTime: 0,
    }),
  );
}
