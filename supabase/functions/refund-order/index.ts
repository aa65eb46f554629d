// refund-order: the administrator refunds an order, whole or by line, with a reason. The commerce
// service is asked first (idempotency key: the request's `request_id`, one per confirmation, so a
// double click or a retry asks for the same refund and is answered it again); only once it
// confirms does `record_refund` (service role, idempotent on the service's refund id) mark the lines
// and the order and number the credit note, in one transaction. `offline: true` records a refund
// made elsewhere (« Remboursement effectué hors ligne »): no call to the service, refund id
// `offline:<request_id>`, the full amount left on each line. Administrators only (403).
import type { SupabaseClient } from '@supabase/supabase-js';
import { limitBody } from '../_shared/body-limit.ts';
import { requireAdmin, requireUser } from '../_shared/caller.ts';
import { commerceFromEnv } from '../_shared/commerce.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { linesOfServiceRefund, readOrder, type RecordedRefund, recordRefund, remainingCents } from '../_shared/refunds.ts';
import { parseBody, RefundOrderBody } from '../_shared/schemas.ts';
import { callerClient, serviceClient } from '../_shared/supabase.ts';

async function creditNoteOf(service: SupabaseClient, refundId: string): Promise<RecordedRefund | null> {
  const { data, error } = await service.from('credit_notes').select('id, number').eq('refund_id', refundId).maybeSingle<{ id: string; number: string }>();
  if (error) throw new Error(`reading credit note ${refundId}: ${error.message}`);
  return data && { credit_note_id: data.id, number: data.number, repeated: true };
}

const orderNotFound = () => new HttpError(404, 'order_not_found', 'Commande introuvable', { detail: 'Cette commande n’existe pas.' });
const nothingToRefund = () =>
  new HttpError(409, 'already_refunded', 'Déjà remboursé', { detail: 'Les lignes choisies ont déjà été remboursées ; rechargez la commande.' });

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const user = await requireUser(request);
    const body = parseBody(RefundOrderBody, await readJson(request));
    await requireAdmin(callerClient(request), user.id);

    const service = serviceClient();
    const order = await readOrder(service, { id: body.order_id });
    if (!order || order.status !== 'completed') throw orderNotFound();
    if (order.dispute_status === 'open') {
      throw new HttpError(409, 'disputed', 'Litige en cours', { detail: 'Un litige est en cours sur ce paiement : il se règle auprès du service de paiement.' });
    }
    const wanted = body.order_item_ids ?? order.order_items.map((line) => line.id);
    if (wanted.some((id) => !order.order_items.some((line) => line.id === id))) throw new HttpError(400, 'invalid_body', 'order_item_ids names a line of another order.');
    const lines = order.order_items.filter((line) => wanted.includes(line.id) && line.refunded_at === null);

    let refundId: string;
    let refundLines: { order_item_id: string; amount_cents: number }[];
    if (body.offline) {
      refundId = `offline:${body.request_id}`;
      // A retry of a refund already recorded finds its lines refunded: it is answered its credit note.
      const earlier = await creditNoteOf(service, refundId);
      if (earlier) return jsonResponse(earlier);
      refundLines = lines.map((line) => ({ order_item_id: line.id, amount_cents: remainingCents(line) }));
    } else {
      // A repeated request finds its lines refunded here only once the first was recorded; the
      // service, asked with the same key, answers the same refund either way.
      const variantIds = (lines.length > 0 ? lines : order.order_items.filter((line) => wanted.includes(line.id))).map((line) => line.variant_id);
      const refund = await commerceFromEnv().refund(order.checkout_session_id, { variant_ids: variantIds, reason: body.reason, idempotency_key: body.request_id });
      if (!refund) {
        throw new HttpError(409, 'refund_refused', 'Remboursement refusé', {
          detail: 'Le service de paiement a refusé ce remboursement (déjà remboursé ou en litige). Rechargez la commande.',
        });
      }
      const mapped = linesOfServiceRefund(order, refund);
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
      createdBy: user.id,
    });
    if (error?.code === '23514') throw new HttpError(409, 'exceeds_paid', error.message, { detail: error.details });
    if (error) throw new Error(`record_refund(${order.id}, ${refundId}): ${error.message}`);
    return jsonResponse(data);
  } catch (error) {
    return errorResponse(error);
  }
}));
