// What turns a checkout into an order, shared by record-order (the buyer back on /success) and
// reconcile-checkouts (the schedule and the buyer's next visit): the commerce service's session
// judged against what create-checkout priced, then the SQL function `record_order`, which writes
// the order once per session however many callers race.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CheckoutSession } from './commerce.ts';
import type { OrderToConfirm } from './order-confirmation.ts';

/** A checkout row as create-checkout priced it. */
export interface PricedCheckout {
  id: string;
  items: { variant_id: string; quantity: number; unit_price_cents: number }[];
  total_amount_cents: number;
  currency: string;
}

/** The columns of `checkout_sessions` that verifyPayment reads. */
export const pricedCheckoutColumns = 'id, items, total_amount_cents, currency';

/**
 * `paid`: the session may be recorded. `open`, `canceled`, `expired`: the service's own status.
 * `unknown`: the service does not know the session. `mismatch`: paid, but not what was priced.
 */
export type PaymentVerdict = 'paid' | 'open' | 'canceled' | 'expired' | 'unknown' | 'mismatch';

const lineKey = (line: PricedCheckout['items'][number]) => `${line.variant_id}\u0000${line.quantity}\u0000${line.unit_price_cents}`;

/** Same lines, quantities and unit prices, same total and currency: what was priced was paid. */
function matchesPricedCheckout(session: CheckoutSession, priced: PricedCheckout): boolean {
  const paid = session.line_items.map(lineKey).sort();
  const expected = priced.items.map(lineKey).sort();
  return (
    paid.length === expected.length &&
    paid.every((line, i) => line === expected[i]) &&
    session.total_cents === priced.total_amount_cents &&
    session.currency.toLowerCase() === priced.currency
  );
}

export function verifyPayment(session: CheckoutSession | null, priced: PricedCheckout): PaymentVerdict {
  if (!session) return 'unknown';
  if (session.status !== 'paid') return session.status;
  return matchesPricedCheckout(session, priced) ? 'paid' : 'mismatch';
}

/**
 * Records the order of a checkout that verifyPayment found `paid`; the same id on every call.
 * `userId` null: the checkout of an erased account, recorded detached.
 */
export async function recordPaidCheckout(service: SupabaseClient, sessionId: string, userId: string | null): Promise<string> {
  const { data: orderId, error } = await service.rpc('record_order', { p_checkout_session_id: sessionId, p_user_id: userId });
  if (error || typeof orderId !== 'string') throw new Error(`record_order(${sessionId}): ${error?.message ?? 'no order id'}`);
  return orderId;
}

/**
 * record-order's one call: records the order as recordPaidCheckout does and returns, with its id,
 * what its confirmation e-mail says (null once the confirmation was sent), for confirmOrder().
 */
export async function recordPaidOrder(service: SupabaseClient, sessionId: string, userId: string): Promise<{ orderId: string; confirmation: OrderToConfirm | null }> {
  const { data, error } = await service.rpc('record_paid_order', { p_checkout_session_id: sessionId, p_user_id: userId });
  const recorded = data as { order_id?: unknown; confirmation: OrderToConfirm | null } | null;
  if (error || typeof recorded?.order_id !== 'string') throw new Error(`record_paid_order(${sessionId}): ${error?.message ?? 'no order id'}`);
  return { orderId: recorded.order_id, confirmation: recorded.confirmation };
}
