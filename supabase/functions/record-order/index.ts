// record-order: after the hosted payment, turns the caller's pending checkout into an order.
// Only a session the commerce service reports as paid, that belongs to the caller and whose lines
// match what create-checkout priced (_shared/verify-payment.ts), becomes an order; the SQL
// function `record_paid_order` writes the order and its items in one transaction, once per
// session however many calls race (record_order), and returns what the buyer's confirmation
// e-mail says, which leaves at once (once per order). Three database round trips in all: the
// pending checkout, that call, and the mark that the confirmation left.
import { commerceFromEnv } from '../_shared/commerce.ts';
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { confirmOrder } from '../_shared/order-confirmation.ts';
import { parseBody, RecordOrderBody } from '../_shared/schemas.ts';
import { requireUser } from '../_shared/caller.ts';
import { callerClient, serviceClient } from '../_shared/supabase.ts';
import { type PaymentVerdict, type PricedCheckout, pricedCheckoutColumns, recordPaidOrder, verifyPayment } from '../_shared/verify-payment.ts';

const refusals: Record<Exclude<PaymentVerdict, 'paid'>, [status: number, code: string, message: string]> = {
  unknown: [404, 'checkout_not_found', 'The commerce service does not know this session.'],
  open: [409, 'payment_not_completed', 'This checkout has not been paid (yet).'],
  canceled: [409, 'checkout_canceled', 'This checkout was canceled.'],
  expired: [409, 'checkout_expired', 'This checkout has expired.'],
  mismatch: [409, 'checkout_mismatch', 'The paid checkout does not match the priced cart; contact us.'],
};

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const caller = callerClient(request);
    const user = await requireUser(request);
    const { session_id } = parseBody(RecordOrderBody, await readJson(request));

    // Read as the caller: RLS shows a pending checkout to its buyer only.
    const { data: pending, error } = await caller
      .from('checkout_sessions')
      .select(pricedCheckoutColumns)
      .eq('id', session_id)
      .eq('user_id', user.id)
      .maybeSingle<PricedCheckout>();
    if (error) throw new Error(`reading checkout ${session_id}: ${error.message}`);
    if (!pending) throw new HttpError(404, 'checkout_not_found', 'You have no checkout with this session id.');

    const session = await commerceFromEnv().getCheckoutSession(session_id);
    const verdict = verifyPayment(session, pending);
    if (verdict !== 'paid') {
      const [status, code, message] = refusals[verdict];
      throw new HttpError(status, code, message, verdict === 'mismatch' ? { cause: { paid: session, priced: pending } } : undefined);
    }

    const service = serviceClient();
    // One call records the order and reads what its confirmation says.
    const { orderId, confirmation } = await recordPaidOrder(service, session_id, user.id);
    // The buyer is on /success: their confirmation goes now rather than at the next minute's
    // send-confirmations (which sends what this does not: a failure here only logs).
    await confirmOrder(service, orderId, confirmation);
    return jsonResponse({ order_id: orderId });
  } catch (error) {
    return errorResponse(error);
  }
}));
