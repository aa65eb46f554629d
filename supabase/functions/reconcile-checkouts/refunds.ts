// The reconciliation's second half (schedule only): refunds and disputes made at the commerce
// service directly (its dashboard, its support, a buyer's bank) are picked up as payments are.
// Each refund and each dispute that changed in the last `lookBackMs` is recorded again: both are
// idempotent (the refund's id, the dispute's state), so what the shop made itself, or what an
// earlier run found, changes nothing. One whose order is not recorded yet waits for a later run.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CommerceClient } from '../_shared/commerce.ts';
import { CommerceError } from '../_shared/errors.ts';
import { linesOfServiceRefund, readOrder, recordDispute, recordRefund } from '../_shared/refunds.ts';

export interface RefundsSummary {
  /** Refunds recorded by this run (new credit notes). */
  refunds: number;
  /** Disputes whose state this run changed. */
  disputes: number;
}

// The job runs every few minutes; a week covers any outage of it or of the service.
const lookBackMs = 7 * 24 * 60 * 60 * 1000;
const madeAtTheService = 'Remboursement effectué auprès du service de paiement';

export async function pickUpRefundsAndDisputes(service: SupabaseClient, commerce: CommerceClient): Promise<RefundsSummary> {
  const summary: RefundsSummary = { refunds: 0, disputes: 0 };
  const since = new Date(Date.now() - lookBackMs);
  let refunds, disputes;
  try {
    [refunds, disputes] = await Promise.all([commerce.refundsSince(since), commerce.disputesSince(since)]);
  } catch (error) {
    if (!(error instanceof CommerceError)) throw error;
    console.warn(`commerce service listing refunds and disputes: ${error.message}; next run`);
    return summary;
  }

  for (const refund of refunds) {
    const order = await readOrder(service, { checkoutSessionId: refund.session_id });
    const lines = order && linesOfServiceRefund(order, refund);
    if (!order || !lines) {
      console.warn(`refund ${refund.id} of ${refund.session_id}: no recorded order with those lines yet; next run`);
      continue;
    }
    const { data, error } = await recordRefund(service, {
      orderId: order.id,
      refundId: refund.id,
      source: 'commerce',
      reason: refund.reason?.trim() || madeAtTheService,
      lines,
      createdBy: null,
    });
    // One refund the database refuses (more than paid: a line the shop refunded offline meanwhile) must not hide the others.
    if (error) console.error(`recording refund ${refund.id} of order ${order.id}: ${error.message}`);
    else if (!data!.repeated) summary.refunds++;
  }

  for (const dispute of disputes) {
    const order = await readOrder(service, { checkoutSessionId: dispute.session_id });
    if (!order) {
      console.warn(`dispute ${dispute.id} of ${dispute.session_id}: no recorded order yet; next run`);
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
