// record-order: after the hosted payment, turns the caller's checkout into an order. The provider
// finds the payment of the checkout create-checkout priced (one payment of the buyer's e-mail,
// for the same lines and total, that no other order names: _shared/commerce-provider.ts); the
// SQL function `record_paid_order` writes the order and its items in one transaction, naming that
// payment, once per checkout however many calls race (record_order), and returns what the buyer's
// confirmation e-mail says, which leaves at once (once per order). Several candidate payments: 409
// `checkout_needs_review`, for the administrator; a debit still on its way (a provider that tells
// it: Stripe's SEPA debit): 409 `payment_processing`, and once the bank refused it, 409
// `payment_declined`; none: 409 `payment_not_completed`. Round trips:
// database 4 (the checkout read as the buyer, the orders naming the candidate payments,
// record_paid_order(), the confirmation's mark), commerce 2 (Hostinger's orders since the checkout
// opened, each candidate in full: one for a buyer who paid once), mail 1; no auth call.
import { type PricedCheckout, providerFromEnv } from '../_shared/commerce-provider.ts';
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { parseBody, RecordOrderBody } from '../_shared/schemas.ts';
import { requireUser } from '../_shared/caller.ts';
import { callerClient, serviceClient } from '../_shared/supabase.ts';
import { fulfilCheckout, pricedCheckoutColumns, takenPayments } from '../_shared/record-payment.ts';

const needsReview = () => new HttpError(409, 'checkout_needs_review', 'Several payments could be this checkout\'s; the shop checks them by hand.');
const notPaidYet = () => new HttpError(409, 'payment_not_completed', 'No payment of this checkout has reached the shop (yet).');
const debitOnItsWay = () =>
  new HttpError(409, 'payment_processing', 'Paiement en cours de traitement', {
    detail: 'Votre paiement par prélèvement est en cours de traitement : votre commande sera enregistrée dès que votre banque l’aura confirmé.',
  });
const debitDeclined = () => new HttpError(409, 'payment_declined', 'The buyer\'s bank refused this checkout\'s debit: it will never be paid.');

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const caller = callerClient(request);
    const user = await requireUser(request);
    const { checkout_id } = parseBody(RecordOrderBody, await readJson(request));

    // Read as the caller: RLS shows a checkout to its buyer only.
    const { data: checkout, error } = await caller
      .from('checkout_sessions')
      .select(`${pricedCheckoutColumns}, status`)
      .eq('id', checkout_id)
      .eq('user_id', user.id)
      .maybeSingle<PricedCheckout & { status: string }>();
    if (error) throw new Error(`reading checkout ${checkout_id}: ${error.message}`);
    if (!checkout) throw new HttpError(404, 'checkout_not_found', 'You have no checkout with this id.');
    if (checkout.status === 'needs_review') throw needsReview();

    const service = serviceClient();
    // A checkout recorded already (the reconciliation was first) needs nothing of the provider.
    if (checkout.status === 'completed') {
      const { data: order, error: orderError } = await service.from('orders').select('id').eq('checkout_session_id', checkout.id).single<{ id: string }>();
      if (orderError) throw new Error(`reading the order of checkout ${checkout.id}: ${orderError.message}`);
      return jsonResponse({ order_id: order.id });
    }

    const lookup = (await providerFromEnv().findPayments([checkout], takenPayments(service))).get(checkout.id);
    if (lookup?.status === 'ambiguous') throw needsReview();
    if (lookup?.status === 'processing') throw debitOnItsWay();
    if (lookup?.status === 'declined') throw debitDeclined();
    if (lookup?.status !== 'paid') throw notPaidYet();

    // One call records the order and reads what its confirmation says, which goes now.
    const orderId = await fulfilCheckout(service, { id: checkout.id, user_id: user.id }, lookup.payment);
    if (!orderId) throw notPaidYet();
    return jsonResponse({ order_id: orderId });
  } catch (error) {
    return errorResponse(error);
  }
}));
