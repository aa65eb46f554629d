// Recording refunds and disputes the provider confirmed (or that were made elsewhere), for
// refund-order, reconcile-checkouts and stripe-webhook alike: the order's lines as the database
// holds them, a provider's refund mapped onto them (its lines, or what it says it gave back in
// all), and `record_refund` / `record_dispute` (service role), after which the buyer's stamped
// copies of the refunded lines are removed from storage.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ProviderDispute, RefundState } from './commerce-provider.ts';
import { mailCreditNote } from './credit-note-mail.ts';

export interface OrderLine {
  id: string;
  variant_id: string;
  quantity: number;
  price_per_item_cents: number;
  refunded_cents: number;
  refunded_at: string | null;
}

export interface RefundableOrder {
  id: string;
  checkout_session_id: string;
  payment_id: string | null;
  status: string;
  dispute_status: string | null;
  order_items: OrderLine[];
}

export interface RecordedRefund {
  credit_note_id: string;
  number: string;
  repeated: boolean;
}

const orderColumns = 'id, checkout_session_id, payment_id, status, dispute_status, order_items(id, variant_id, quantity, price_per_item_cents, refunded_cents, refunded_at)';

/** One order with its lines, by id or by the provider's payment; null when there is none. */
export async function readOrder(service: SupabaseClient, by: { id: string } | { paymentId: string }): Promise<RefundableOrder | null> {
  const query = service.from('orders').select(orderColumns);
  const { data, error } = await ('id' in by ? query.eq('id', by.id) : query.eq('payment_id', by.paymentId)).maybeSingle<RefundableOrder>();
  if (error) throw new Error(`reading order ${JSON.stringify(by)}: ${error.message}`);
  return data;
}

/** What is left to refund on a line: what was paid for it, less what was already refunded. */
export const remainingCents = (line: OrderLine) => line.quantity * line.price_per_item_cents - line.refunded_cents;

export type RefundLines = { order_item_id: string; amount_cents: number }[];

/** A provider's refund, line by line onto the order's lines (by variant); null when a line is not the order's. */
export function linesOfProviderRefund(order: RefundableOrder, refund: { lines: { variant_id: string; amount_cents: number }[] }): RefundLines | null {
  const lines = refund.lines.map((refunded) => {
    const line = order.order_items.find((item) => item.variant_id === refunded.variant_id);
    return line ? { order_item_id: line.id, amount_cents: refunded.amount_cents } : null;
  });
  return lines.every((line) => line !== null) ? (lines as RefundLines) : null;
}

/**
 * What a provider says it gave back on the order in all, less what the shop recorded, onto the
 * order's lines: first the lines it says came back (up to what they cost), then the rest over the
 * lines with money left on them, in their order. Empty when nothing new was given back. A line
 * given any money back is a refunded line (its access ends, `record_refund`), so a bare amount
 * ends the access of the line it lands on.
 */
export function linesOfRefundState(order: RefundableOrder, state: RefundState): RefundLines {
  let left = state.refundedCents - order.order_items.reduce((sum, line) => sum + line.refunded_cents, 0);
  const amounts = new Map<string, number>();
  const give = (line: OrderLine, most: number) => {
    const amount = Math.min(most - (amounts.get(line.id) ?? 0), left);
    if (amount <= 0) return;
    amounts.set(line.id, (amounts.get(line.id) ?? 0) + amount);
    left -= amount;
  };
  for (const returned of state.returned) {
    const line = order.order_items.find((item) => item.variant_id === returned.variant_id);
    if (line) give(line, Math.min(returned.quantity, line.quantity) * line.price_per_item_cents - line.refunded_cents);
  }
  for (const line of order.order_items) give(line, remainingCents(line));
  return [...amounts].map(([order_item_id, amount_cents]) => ({ order_item_id, amount_cents }));
}

/** The buyer's stamped copies of refunded lines: their links already fail, the bytes go too. */
async function removeStampedCopies(service: SupabaseClient, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await service.storage.from('deliverables').remove(paths);
  // The rows no longer name them and no policy opens them: a failure here leaves bytes, not access.
  if (error) console.error(`removing stamped copies ${paths.join(', ')}: ${error.message}`);
}

type RecordAnswer = RecordedRefund & { stamped_paths: string[] };

export interface RefundRecord {
  orderId: string;
  refundId: string;
  source: 'commerce' | 'offline';
  reason: string;
  lines: RefundLines;
  createdBy: string | null;
}

/** record_refund, then the stamped copies' removal and the buyer's e-mail. Database refusals come back as the error. */
export async function recordRefund(service: SupabaseClient, record: RefundRecord): Promise<{ data: RecordedRefund | null; error: { code?: string; message: string; details?: string } | null }> {
  const { data, error } = await service.rpc('record_refund', {
    p_order_id: record.orderId,
    p_refund_id: record.refundId,
    p_source: record.source,
    p_reason: record.reason,
    p_lines: record.lines,
    p_created_by: record.createdBy,
  });
  if (error) return { data: null, error };
  const { stamped_paths, ...recorded } = data as RecordAnswer;
  await removeStampedCopies(service, stamped_paths);
  await mailCreditNote(service, recorded.credit_note_id);
  return { data: recorded, error: null };
}

/** record_dispute refuses to reopen or change a dispute it recorded closed: news older than what it knows. */
const closedAlready = (error: { code?: string; message: string }) => error.code === '22023' && error.message.includes('is already');

/**
 * record_dispute (a lost one records its refund), then the stamped copies' removal and the credit
 * note's e-mail. A dispute recorded closed already stays as it is: news of it open, arriving late,
 * is repeated news.
 */
export async function recordDispute(service: SupabaseClient, orderId: string, disputeId: string, status: 'open' | 'won' | 'lost'): Promise<{ repeated: boolean }> {
  const { data, error } = await service.rpc('record_dispute', { p_order_id: orderId, p_dispute_id: disputeId, p_status: status });
  if (error && closedAlready(error)) return { repeated: true };
  if (error) throw new Error(`record_dispute(${orderId}, ${disputeId}, ${status}): ${error.message}`);
  const answer = data as { repeated: boolean; stamped_paths: string[]; credit_note_id?: string };
  await removeStampedCopies(service, answer.stamped_paths);
  if (answer.credit_note_id) await mailCreditNote(service, answer.credit_note_id);
  return { repeated: answer.repeated };
}

/** The reason of a credit note for money the provider gave back outside the shop (its dashboard, its support). */
const madeAtTheService = 'Remboursement effectué auprès du service de paiement';

export type RefundStateOutcome = 'recorded' | 'repeated' | 'nothing_new' | 'no_order' | 'refused';

/**
 * What a provider says it gave back on a payment in all, less what the shop recorded, as one credit
 * note under an id naming that total (`<provider>:<payment>:<total>`): once, however often the same
 * state is told. `no_order` while the payment's order is not recorded yet; `refused` (logged) when
 * the database will not have it (more than paid: a line refunded offline meanwhile).
 */
export async function recordRefundState(service: SupabaseClient, providerName: string, state: RefundState): Promise<RefundStateOutcome> {
  const order = await readOrder(service, { paymentId: state.paymentId });
  if (!order) return 'no_order';
  const lines = linesOfRefundState(order, state);
  if (lines.length === 0) return 'nothing_new';
  const refundId = `${providerName}:${state.paymentId}:${state.refundedCents}`;
  const { data, error } = await recordRefund(service, { orderId: order.id, refundId, source: 'commerce', reason: madeAtTheService, lines, createdBy: null });
  if (error) {
    console.error(`recording refund ${refundId} of order ${order.id}: ${error.message}`);
    return 'refused';
  }
  return data!.repeated ? 'repeated' : 'recorded';
}

/** A dispute as the provider tells it, on the order of its payment; `no_order` while that order is not recorded yet. */
export async function recordProviderDispute(service: SupabaseClient, dispute: ProviderDispute): Promise<'recorded' | 'repeated' | 'no_order'> {
  const order = await readOrder(service, { paymentId: dispute.paymentId });
  if (!order) return 'no_order';
  return (await recordDispute(service, order.id, dispute.id, dispute.status)).repeated ? 'repeated' : 'recorded';
}
