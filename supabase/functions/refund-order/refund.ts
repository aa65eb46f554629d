// The administrator's refund of an order, whole or by line, with a reason. A provider whose API
// refunds (the interface's `refund`) is asked first, with the request's `request_id` as its
// idempotency key (one per confirmation, so a double click or a retry asks for the same refund and
// is answered it again); only once it confirms does `record_refund` (service role, idempotent on
// the provider's refund id) mark the lines and the order and number the credit note, in one
// transaction. A provider with no refund API (Hostinger) is refused in French with where to refund
// instead (its dashboard): the reconciliation records that refund once it sees it. `offline: true`
// records a refund made elsewhere (« Remboursement effectué hors ligne »): no call to the provider,
// refund id `offline:<request_id>`, the full amount left on each line. Once recorded
// (_shared/refunds.ts), the buyer's stamped copies of the refunded lines leave storage and the
// credit note is mailed once (« Votre remboursement : avoir AV-… », _shared/credit-note-mail.ts).
// The provider-with-a-refund-API path is tested in process with a double of the interface
// (tests/refund_order.test.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CommerceProvider } from '../_shared/commerce-provider.ts';
import { HttpError } from '../_shared/errors.ts';
import { linesOfProviderRefund, readOrder, type RecordedRefund, recordRefund, type RefundLines, remainingCents } from '../_shared/refunds.ts';
import type { RefundOrderBody } from '../_shared/schemas.ts';
import type { z } from 'zod';

async function creditNoteOf(service: SupabaseClient, refundId: string): Promise<RecordedRefund | null> {
  const { data, error } = await service.from('credit_notes').select('id, number').eq('refund_id', refundId).maybeSingle<{ id: string; number: string }>();
  if (error) throw new Error(`reading credit note ${refundId}: ${error.message}`);
  return data && { credit_note_id: data.id, number: data.number, repeated: true };
}

const orderNotFound = () => new HttpError(404, 'order_not_found', 'Commande introuvable', { detail: 'Cette commande n’existe pas.' });
const nothingToRefund = () =>
  new HttpError(409, 'already_refunded', 'Déjà remboursé', { detail: 'Les lignes choisies ont déjà été remboursées ; rechargez la commande.' });
const refundAtTheProvider = (provider: CommerceProvider) =>
  new HttpError(409, 'refund_at_provider', 'Remboursement à faire dans hPanel', {
    detail: `Ce paiement se rembourse dans hPanel, où Hostinger tient les commandes de la boutique (${provider.dashboardUrl}). La boutique enregistre l’avoir et retire l’accès dès qu’elle voit le remboursement, dans la minute qui suit.`,
  });

export async function refundOrder(service: SupabaseClient, provider: CommerceProvider, body: z.infer<typeof RefundOrderBody>, adminId: string): Promise<RecordedRefund> {
  const order = await readOrder(service, { id: body.order_id });
  if (!order || order.status !== 'completed') throw orderNotFound();
  if (order.dispute_status === 'open') {
    throw new HttpError(409, 'disputed', 'Litige en cours', { detail: 'Un litige est en cours sur ce paiement : il se règle auprès du service de paiement.' });
  }
  const wanted = body.order_item_ids ?? order.order_items.map((line) => line.id);
  if (wanted.some((id) => !order.order_items.some((line) => line.id === id))) throw new HttpError(400, 'invalid_body', 'order_item_ids names a line of another order.');
  const lines = order.order_items.filter((line) => wanted.includes(line.id) && line.refunded_at === null);

  let refundId: string;
  let refundLines: RefundLines;
  if (body.offline) {
    refundId = `offline:${body.request_id}`;
    // A retry of a refund already recorded finds its lines refunded: it is answered its credit note.
    const earlier = await creditNoteOf(service, refundId);
    if (earlier) return earlier;
    refundLines = lines.map((line) => ({ order_item_id: line.id, amount_cents: remainingCents(line) }));
  } else {
    if (!provider.refund || !order.payment_id) throw refundAtTheProvider(provider);
    // A repeated request finds its lines refunded here only once the first was recorded; the
    // provider, asked with the same key, answers the same refund either way.
    const asked = (lines.length > 0 ? lines : order.order_items.filter((line) => wanted.includes(line.id))).map((line) => ({ variant_id: line.variant_id, amount_cents: remainingCents(line) }));
    const refund = await provider.refund(order.payment_id, { lines: asked, reason: body.reason, idempotencyKey: body.request_id });
    if (!refund) {
      throw new HttpError(409, 'refund_refused', 'Remboursement refusé', {
        detail: 'Le service de paiement a refusé ce remboursement (déjà remboursé ou en litige). Rechargez la commande.',
      });
    }
    const mapped = linesOfProviderRefund(order, refund);
    if (!mapped) throw new Error(`refund ${refund.id} names lines order ${order.id} does not have`);
    refundId = refund.id;
    refundLines = mapped;
  }
  if (refundLines.length === 0) throw nothingToRefund();

  const { data, error } = await recordRefund(service, {
    orderId: order.id,
    refundId,
    source: body.offline ? 'offline' : 'commerce',
    reason: body.reason,
    lines: refundLines,
    createdBy: adminId,
  });
  if (error?.code === '23514') throw new HttpError(409, 'exceeds_paid', error.message, { detail: error.details });
  if (error) throw new Error(`record_refund(${order.id}, ${refundId}): ${error.message}`);
  return data!;
}
