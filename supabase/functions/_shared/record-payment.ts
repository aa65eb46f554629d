// What turns a checkout into an order, for the three doors a payment comes in by: record-order (the
// buyer back on /success), stripe-webhook (Stripe telling of it) and reconcile-checkouts (the
// schedule and the buyer's next visit). The provider finds the payment of the checkout
// create-checkout priced (commerce-provider.ts, `findPayments`), then the SQL function
// `record_order` writes the order once per checkout however many callers race, naming that
// payment. A payment can pay for one checkout only: the database refuses a second
// (orders.payment_id is unique).
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ProviderPayment, TakenPayments } from './commerce-provider.ts';
import { confirmOrder, type OrderToConfirm } from './order-confirmation.ts';

/** The columns of `checkout_sessions` that a provider matches payments against. */
export const pricedCheckoutColumns = 'id, items, total_amount_cents, currency, created_at, buyer_email, provider_checkout_id';

/** Of these payments, those a recorded order already names, with that order's checkout. */
export function takenPayments(service: SupabaseClient): TakenPayments {
  return async (paymentIds) => {
    const { data, error } = await service.from('orders').select('payment_id, checkout_session_id').in('payment_id', paymentIds).returns<{ payment_id: string; checkout_session_id: string }[]>();
    if (error) throw new Error(`reading the orders of ${paymentIds.length} payments: ${error.message}`);
    return new Map(data.map((row) => [row.payment_id, row.checkout_session_id]));
  };
}

/** The unique payment id refused a second checkout: that payment is another's. */
const paymentTaken = (error: { code?: string; message: string }) => error.code === '23505' && error.message.includes('orders_payment_id_key');

/**
 * Records the order of a checkout the provider found paid; the same id on every call. Null when
 * another checkout's order names that payment (a race between two checkouts of one buyer).
 * `userId` null: the checkout of an erased account, recorded detached.
 */
export async function recordPaidCheckout(service: SupabaseClient, checkoutId: string, userId: string | null, payment: ProviderPayment): Promise<string | null> {
  const { data: orderId, error } = await service.rpc('record_order', { p_checkout_session_id: checkoutId, p_user_id: userId, p_payment_id: payment.id, p_payment_reference: payment.reference });
  if (error && paymentTaken(error)) return null;
  if (error || typeof orderId !== 'string') throw new Error(`record_order(${checkoutId}): ${error?.message ?? 'no order id'}`);
  return orderId;
}

/**
 * record-order's one call: records the order as recordPaidCheckout does and returns, with its id,
 * what its confirmation e-mail says (null once the confirmation was sent), for confirmOrder().
 * Null when the payment is another checkout's.
 */
export async function recordPaidOrder(service: SupabaseClient, checkoutId: string, userId: string, payment: ProviderPayment): Promise<{ orderId: string; confirmation: OrderToConfirm | null } | null> {
  const { data, error } = await service.rpc('record_paid_order', { p_checkout_session_id: checkoutId, p_user_id: userId, p_payment_id: payment.id, p_payment_reference: payment.reference });
  if (error && paymentTaken(error)) return null;
  const recorded = data as { order_id?: unknown; confirmation: OrderToConfirm | null } | null;
  if (error || typeof recorded?.order_id !== 'string') throw new Error(`record_paid_order(${checkoutId}): ${error?.message ?? 'no order id'}`);
  return { orderId: recorded.order_id, confirmation: recorded.confirmation };
}

/**
 * The fulfilment of one checkout the provider found paid, for record-order and stripe-webhook: the
 * order recorded (the same id whoever calls first), and its confirmation sent now, the buyer being
 * on /success or about to be, rather than at the next minute's send-confirmations (which sends
 * what this does not: a failure here only logs). An erased buyer's checkout is recorded detached,
 * with no mail. Null when the payment is another checkout's.
 */
export async function fulfilCheckout(service: SupabaseClient, checkout: { id: string; user_id: string | null }, payment: ProviderPayment): Promise<string | null> {
  if (checkout.user_id === null) return recordPaidCheckout(service, checkout.id, null, payment);
  const recorded = await recordPaidOrder(service, checkout.id, checkout.user_id, payment);
  if (!recorded) return null;
  await confirmOrder(service, recorded.orderId, recorded.confirmation);
  return recorded.orderId;
}
