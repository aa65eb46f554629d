// The reconciliation's second half (schedule only): refunds and disputes made at the provider
// directly (its dashboard, its support, a buyer's bank) are picked up as payments are. Hostinger
// tells no refund as such: the orders given money back, or canceled, in the window are read again,
// and what each says it gave back in all (`refunded_total`, `returned_quantity`), less what the
// shop recorded, becomes one credit note, under an id that names that total: once each, however
// many runs see it. Stripe tells them as events, read as the newest state of each charge and
// dispute (_shared/stripe/events.ts), the same as its webhooks tell them at once (stripe-webhook).
// A refund of an order the shop has not recorded yet waits for a later run.
//
// The window: 120 days, the card networks' usual limit for a chargeback, well past the 14 days a
// buyer may withdraw; an order all given back, as the shop recorded it, is not read again.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CommerceProvider } from '../_shared/commerce-provider.ts';
import { CommerceError } from '../_shared/errors.ts';
import { recordProviderDispute, recordRefundState } from '../_shared/refunds.ts';

export interface RefundsSummary {
  /** Refunds recorded by this run (new credit notes). */
  refunds: number;
  /** Disputes whose state this run changed. */
  disputes: number;
}

const lookBackMs = 120 * 24 * 60 * 60 * 1000;

/** Of these payments, those whose order the shop recorded as all given back. */
function allGivenBack(service: SupabaseClient) {
  return async (paymentIds: string[]): Promise<Set<string>> => {
    const { data, error } = await service
      .from('orders')
      .select('payment_id, total_amount_cents, order_items(refunded_cents)')
      .in('payment_id', paymentIds)
      .returns<{ payment_id: string; total_amount_cents: number; order_items: { refunded_cents: number }[] }[]>();
    if (error) throw new Error(`reading the refunds of ${paymentIds.length} orders: ${error.message}`);
    return new Set(data.filter((order) => order.order_items.reduce((sum, line) => sum + line.refunded_cents, 0) >= order.total_amount_cents).map((order) => order.payment_id));
  };
}

export async function pickUpRefundsAndDisputes(service: SupabaseClient, provider: CommerceProvider): Promise<RefundsSummary> {
  const summary: RefundsSummary = { refunds: 0, disputes: 0 };
  let changes;
  try {
    changes = await provider.changesSince(new Date(Date.now() - lookBackMs), allGivenBack(service));
  } catch (error) {
    if (!(error instanceof CommerceError)) throw error;
    console.warn(`${provider.name} listing refunds and disputes: ${error.message}; next run`);
    return summary;
  }

  for (const state of changes.refunds) {
    // One refund the database refuses must not hide the others: recordRefundState logs it.
    const outcome = await recordRefundState(service, provider.name, state);
    if (outcome === 'no_order') console.warn(`refund of payment ${state.paymentId}: no recorded order yet; next run`);
    if (outcome === 'recorded') summary.refunds++;
  }

  for (const dispute of changes.disputes) {
    try {
      const outcome = await recordProviderDispute(service, dispute);
      if (outcome === 'no_order') console.warn(`dispute ${dispute.id} of payment ${dispute.paymentId}: no recorded order yet; next run`);
      if (outcome === 'recorded') summary.disputes++;
    } catch (error) {
      console.error(`recording dispute ${dispute.id} of payment ${dispute.paymentId}`, error);
    }
  }
  return summary;
}
