// The reconciliation's second half (schedule only): refunds and disputes made at the provider
// directly (its dashboard, its support, a buyer's bank) are picked up as payments are. Hostinger
// tells no refund as such: the orders given money back, or canceled, in the window are read again,
// and what each says it gave back in all (`refunded_total`, `returned_quantity`), less what the
// shop recorded, becomes one credit note, under an id that names that total: once each, however
// many runs see it. A refund of an order the shop has not recorded yet waits for a later run.
//
// The window: 120 days, the card networks' usual limit for a chargeback, well past the 14 days a
// buyer may withdraw; an order all given back, as the shop recorded it, is not read again.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CommerceProvider } from '../_shared/commerce-provider.ts';
import { CommerceError } from '../_shared/errors.ts';
import { linesOfRefundState, readOrder, recordDispute, recordRefund } from '../_shared/refunds.ts';

export interface RefundsSummary {
  /** Refunds recorded by this run (new credit notes). */
  refunds: number;
  /** Disputes whose state this run changed. */
  disputes: number;
}

const lookBackMs = 120 * 24 * 60 * 60 * 1000;
const madeAtTheService = 'Remboursement effectué auprès du service de paiement';

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
    const order = await readOrder(service, { paymentId: state.paymentId });
    if (!order) {
      console.warn(`refund of payment ${state.paymentId}: no recorded order yet; next run`);
      continue;
    }
    const lines = linesOfRefundState(order, state);
    if (lines.length === 0) continue;
    const refundId = `${provider.name}:${state.paymentId}:${state.refundedCents}`;
    const { data, error } = await recordRefund(service, { orderId: order.id, refundId, source: 'commerce', reason: madeAtTheService, lines, createdBy: null });
    // One refund the database refuses (more than paid: a line the shop refunded offline meanwhile) must not hide the others.
    if (error) console.error(`recording refund ${refundId} of order ${order.id}: ${error.message}`);
    else if (!data!.repeated) summary.refunds++;
  }

  for (const dispute of changes.disputes) {
    const order = await readOrder(service, { paymentId: dispute.paymentId });
    if (!order) {
      console.warn(`dispute ${dispute.id} of payment ${dispute.paymentId}: no recorded order yet; next run`);
      continue;
    }
    try {
      if (!(await recordDispute(service, order.id, dispute.id, dispute.status)).repeated) summary.disputes++;
    } catch (error) {
      console.error(`recording dispute ${dispute.id} of order ${order.id}`, error);
    }
  }
  return summary;
}
