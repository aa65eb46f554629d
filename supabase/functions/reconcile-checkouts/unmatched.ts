// The schedule's look at the other side, once this run has matched every checkout waiting for a
// payment: the provider's payments of the last days that no order names (paid under another
// e-mail, for another amount, or for a checkout given up over a day ago) are filed for the
// administrator (« Paiements à vérifier »), who attaches each by hand. A payment is filed once,
// read in full then. A buyer cannot pay before their checkout is recorded (create-checkout records
// it before it answers the page's address), so a payment made before this run began, that it did
// not match, is unmatched now; one made since is left to the next run, which will have seen it.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CommerceProvider, ProviderPayment } from '../_shared/commerce-provider.ts';
import { fileUnmatchedPayments } from '../_shared/reconcile-checkouts.ts';
import { takenPayments } from '../_shared/record-payment.ts';

const lookBackMs = 3 * 24 * 60 * 60 * 1000;

async function alreadyFiled(service: SupabaseClient, ids: string[]): Promise<Set<string>> {
  const { data, error } = await service.from('unmatched_payments').select('payment_id').in('payment_id', ids).returns<{ payment_id: string }[]>();
  if (error) throw new Error(`reading unmatched payments: ${error.message}`);
  return new Set(data.map((row) => row.payment_id));
}

/** Files the payments made before `runStartedAt` that no checkout claimed; answers how many it filed. */
export async function fileUnclaimedPayments(service: SupabaseClient, provider: CommerceProvider, runStartedAt: number): Promise<number> {
  const recent = (await provider.paymentsSince(new Date(Date.now() - lookBackMs))).filter((payment) => Date.parse(payment.paid_at) < runStartedAt);
  if (recent.length === 0) return 0;
  const ids = recent.map((payment) => payment.id);
  const [taken, filed] = await Promise.all([takenPayments(service)(ids), alreadyFiled(service, ids)]);
  const unclaimed: ProviderPayment[] = [];
  for (const { id } of recent.filter((payment) => !taken.has(payment.id) && !filed.has(payment.id))) {
    const payment = await provider.payment(id);
    if (payment) unclaimed.push(payment);
  }
  await fileUnmatchedPayments(service, unclaimed);
  return unclaimed.length;
}
