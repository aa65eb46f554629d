// record-order: after the hosted payment, turns the caller's pending checkout into an order.
// Only a session the commerce service reports as paid, that belongs to the caller and whose lines
// match what create-checkout priced, becomes an order; the SQL function `record_order` writes the
// order and its items in one transaction, once per session however many calls race.
import { type CheckoutSession, commerceFromEnv } from '../_shared/commerce.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { parseBody, RecordOrderBody } from '../_shared/schemas.ts';
import { callerClient, requireUser, serviceClient } from '../_shared/supabase.ts';

interface PendingCheckout {
  id: string;
  items: { variant_id: string; quantity: number; unit_price_cents: number }[];
  total_amount_cents: number;
  currency: string;
}

const notPaid: Record<Exclude<CheckoutSession['status'], 'paid'>, [code: string, message: string]> = {
  open: ['payment_not_completed', 'This checkout has not been paid (yet).'],
  canceled: ['checkout_canceled', 'This checkout was canceled.'],
  expired: ['checkout_expired', 'This checkout has expired.'],
};

/** Same lines, quantities and unit prices, same total and currency: what was priced was paid. */
function matchesPricedCheckout(session: CheckoutSession, pending: PendingCheckout): boolean {
  const key = (line: { variant_id: string; quantity: number; unit_price_cents: number }) =>
    `${line.variant_id}\u0000${line.quantity}\u0000${line.unit_price_cents}`;
  const paid = session.line_items.map(key).sort();
  const priced = pending.items.map(key).sort();
  return (
    paid.length === priced.length &&
    paid.every((line, i) => line === priced[i]) &&
    session.total_cents === pending.total_amount_cents &&
    session.currency.toLowerCase() === pending.currency
  );
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const caller = callerClient(request);
    const user = await requireUser(request, caller);
    const { session_id } = parseBody(RecordOrderBody, await readJson(request));

    // Read as the caller: RLS shows a pending checkout to its buyer only.
    const { data: pending, error } = await caller
      .from('checkout_sessions')
      .select('id, items, total_amount_cents, currency')
      .eq('id', session_id)
      .eq('user_id', user.id)
      .maybeSingle<PendingCheckout>();
    if (error) throw new Error(`reading checkout ${session_id}: ${error.message}`);
    if (!pending) throw new HttpError(404, 'checkout_not_found', 'You have no checkout with this session id.');

    const session = await commerceFromEnv().getCheckoutSession(session_id);
    if (!session) throw new HttpError(404, 'checkout_not_found', 'The commerce service does not know this session.');
    if (session.status !== 'paid') {
      const [code, message] = notPaid[session.status];
      throw new HttpError(409, code, message);
    }
    if (!matchesPricedCheckout(session, pending)) {
      throw new HttpError(409, 'checkout_mismatch', 'The paid checkout does not match the priced cart; contact us.', {
        cause: { paid: session, priced: pending },
      });
    }

    const { data: orderId, error: rpcError } = await serviceClient().rpc('record_order', {
      p_checkout_session_id: session_id,
      p_user_id: user.id,
    });
    if (rpcError || typeof orderId !== 'string') throw new Error(`record_order(${session_id}): ${rpcError?.message ?? 'no order id'}`);
    return jsonResponse({ order_id: orderId });
  } catch (error) {
    return errorResponse(error);
  }
});
