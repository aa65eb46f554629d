import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { supabase } from '@/lib/supabase';

/** Marks the issue of `sessionId` handled by the signed-in administrator; returns when it was. */
export async function markPaymentIssueHandled(sessionId: string): Promise<string> {
  const { data, error } = await supabase.rpc('mark_payment_issue_handled', { issue_session_id: sessionId });
  if (error) throw error;
  return data;
}

export function useMarkPaymentIssueHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPaymentIssueHandled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.paymentIssues }),
  });
}
