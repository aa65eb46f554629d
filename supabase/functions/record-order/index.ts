// record-order: after the hosted payment, turns the caller's pending checkout into an order.
// Only a session the commerce service reports as paid, that belongs to the caller and whose lines
// match what create-checkout priced (_shared/verify-payment.ts), becomes an order; the SQL
// function `record_order` writes the order and its items in one transaction, once per session
// however many calls race.
import { commerceFromEnv } from '../_shared/commerce.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { parseBody, RecordOrderBody } from '../_shared/schemas.ts';
import { callerClient, requireUser, serviceClient } from '../_shared/supabase.ts';
import { type PaymentVerdict, type PricedCheckout, pricedCheckoutColumns, recordPaidCheckout, verifyPayment } from '../_shared/verify-payment.ts';

const refusals: Record<Exclude<PaymentVerdict, 'paid'>, [status: number, code: string, message: string]> = {
  unknown: [404, 'checkout_not_found', 'The commerce service does not know this session.'],
  open: [409, 'payment_not_completed', 'This checkout has not been paid (yet).'],
  canceled: [409, 'checkout_canceled', 'This checkout was canceled.'],
  expired: [409, 'checkout_expired', 'This checkout has expired.'],
  mismatch: [409, 'checkout_mismatch', 'The paid checkout does not match the priced cart; contact us.'],
};

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const caller = callerClient(request);
    const user = await requireUser(request, caller);
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

    return jsonResponse({ order_id: await recordPaidCheckout(serviceClient(), session_id, user.id) });
  } catch (error) {
    return errorResponse(error);
  }
});
