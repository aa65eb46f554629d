// The Stripe provider: Checkout Sessions for the hosted page, Stripe's API for everything else
// (sessions.ts, events.ts). Stripe knows its checkouts, so nothing is matched: each pending
// checkout's session (its `provider_checkout_id`) is read with its lines and PaymentIntent, and
// is the checkout's payment only as sessions.ts says. The payment is the session's PaymentIntent
// (`pi_…`: the order's `payment_id`, and what refunds and disputes name). Refunds go through
// `POST /v1/refunds`, once per request (its idempotency key, kept in the refund's metadata so a
// retry after the first was made finds it); refunds made in Stripe's Dashboard and disputes are
// read back from the events. Webhooks tell all of this at once (stripe-webhook); what this reads
// is the same, for the three doors (the webhook, record-order, the reconciliation).
import type Stripe from 'stripe';
import type { CheckoutToOpen, CommerceProvider, OpenedCheckout, PaymentLookup, PricedCheckout, ProviderPayment, ProviderRefund, RefundRequest, RefundState, SettledPayments, TakenPayments, ProviderDispute } from '../commerce-provider.ts';
import { CommerceError } from '../errors.ts';
import { BudgetSpent, RequestBudget } from '../request-budget.ts';
import { missing, refusedFor, stripeCall } from './calls.ts';
import { checkoutIdsOf, debitOutcomeEventTypes, disputeEventTypes, disputesOf, eventsSince, paymentEventTypes, paymentsOf, refundEventTypes, refundStateOf, refundStatesOf } from './events.ts';
import { lookupOfSession, paymentOfSession, sessionExpansions, sessionParams } from './sessions.ts';

/** Refusals the administrator is told of (« Remboursement refusé »): nothing left, or a dispute. */
const refundRefusals = ['charge_already_refunded', 'charge_disputed'];

export class StripeProvider implements CommerceProvider {
  readonly name = 'stripe';
  readonly dashboardUrl = 'https://dashboard.stripe.com/payments';
  private readonly budget: RequestBudget;

  constructor(
    private readonly stripe: Stripe,
    requestBudget: number,
  ) {
    this.budget = new RequestBudget(requestBudget);
  }

  /** A session per pending checkout: the same key for the same checkout, so a retry opens no second one. */
  async openCheckout(checkout: CheckoutToOpen): Promise<OpenedCheckout> {
    const session = await stripeCall('Stripe checkout session', this.budget, () =>
      this.stripe.checkout.sessions.create(sessionParams(checkout), { idempotencyKey: `checkout-session:${checkout.id}` }),
    );
    if (!session.url) throw new CommerceError(`Stripe checkout session ${session.id}: no hosted page`);
    return { url: session.url, providerCheckoutId: session.id };
  }

  /** One session read per checkout, oldest first; a payment `taken` names for another checkout is not this one's. */
  async findPayments(checkouts: PricedCheckout[], taken: TakenPayments): Promise<Map<string, PaymentLookup>> {
    const found = new Map<string, PaymentLookup>();
    const byAge = [...checkouts].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    for (const [index, checkout] of byAge.entries()) {
      try {
        found.set(checkout.id, await this.lookup(checkout));
      } catch (error) {
        if (!(error instanceof BudgetSpent)) throw error;
        for (const rest of byAge.slice(index)) found.set(rest.id, { status: 'not_asked' });
        break;
      }
    }
    const paid = [...found].flatMap(([checkoutId, lookup]) => (lookup.status === 'paid' ? [{ checkoutId, paymentId: lookup.payment.id }] : []));
    if (paid.length > 0) {
      const takenBy = await taken(paid.map(({ paymentId }) => paymentId));
      for (const { checkoutId, paymentId } of paid) {
        if ((takenBy.get(paymentId) ?? checkoutId) === checkoutId) continue;
        console.error(`Stripe payment ${paymentId} of checkout ${checkoutId} is recorded for checkout ${takenBy.get(paymentId)}`);
        found.set(checkoutId, { status: 'not_found' });
      }
    }
    return found;
  }

  private async lookup(checkout: PricedCheckout): Promise<PaymentLookup> {
    // A checkout opened under another provider has no session to read.
    if (!checkout.provider_checkout_id) return { status: 'not_found' };
    const sessionId = checkout.provider_checkout_id;
    try {
      const session = await stripeCall('Stripe checkout session', this.budget, () => this.stripe.checkout.sessions.retrieve(sessionId, { expand: sessionExpansions }), missing);
      return lookupOfSession(session, checkout);
    } catch (error) {
      if (!missing(error)) throw error;
      console.error(`Stripe has no session ${sessionId} (checkout ${checkout.id}): another account or mode?`);
      return { status: 'not_found' };
    }
  }

  async paymentsSince(since: Date): Promise<ProviderPayment[]> {
    return paymentsOf(await eventsSince(this.stripe, this.budget, paymentEventTypes, since));
  }

  /** A PaymentIntent's payment, by the session that made it, with its lines; null when no paid session made it. */
  async payment(id: string): Promise<ProviderPayment | null> {
    const sessions = await stripeCall('Stripe checkout sessions list', this.budget, () =>
      this.stripe.checkout.sessions.list({ payment_intent: id, expand: sessionExpansions.map((path) => `data.${path}`), limit: 1 }),
    );
    const session = sessions.data[0];
    return session?.payment_status === 'paid' ? paymentOfSession(session) : null;
  }

  /** The checkouts of the debits Stripe settled or failed since a time: the events name them. */
  async checkoutsSettledLater(since: Date): Promise<string[]> {
    return checkoutIdsOf(await eventsSince(this.stripe, this.budget, debitOutcomeEventTypes, since));
  }

  async changesSince(since: Date, settled: SettledPayments): Promise<{ refunds: RefundState[]; disputes: ProviderDispute[] }> {
    const events = await eventsSince(this.stripe, this.budget, [...refundEventTypes, ...disputeEventTypes], since);
    const refunds = refundStatesOf(events.filter((event) => refundEventTypes.includes(event.type)));
    const done = refunds.length > 0 ? await settled(refunds.map((state) => state.paymentId)) : new Set<string>();
    return { refunds: refunds.filter((state) => !done.has(state.paymentId)), disputes: disputesOf(events.filter((event) => disputeEventTypes.includes(event.type))) };
  }

  /** The refunds of a payment the shop's « Rembourser » made (its request in their metadata), as its credit notes name them. */
  async shopRefundIds(paymentId: string): Promise<string[]> {
    const made = await stripeCall('Stripe refunds list', this.budget, () => this.stripe.refunds.list({ payment_intent: paymentId, limit: 100 }));
    return made.data.filter((refund) => refund.metadata?.request).map((refund) => `stripe:${refund.id}`);
  }

  /** What a charge was given back in all, as Stripe holds it now (not as an event, perhaps older, said). */
  async refundStateOfCharge(chargeId: string): Promise<RefundState | null> {
    return refundStateOf(await stripeCall('Stripe charge', this.budget, () => this.stripe.charges.retrieve(chargeId)));
  }

  /**
   * A refund of the lines' amounts on the PaymentIntent, under the request's key. A retry finds the
   * refund its first attempt made (by the key in its metadata) and is answered it; one Stripe
   * refuses (nothing left, a dispute, more than is left) is null.
   */
  readonly refund = async (paymentId: string, request: RefundRequest): Promise<ProviderRefund | null> => {
    const made = await stripeCall('Stripe refunds list', this.budget, () => this.stripe.refunds.list({ payment_intent: paymentId, limit: 100 }));
    const earlier = made.data.find((refund) => refund.metadata?.request === request.idempotencyKey);
    if (earlier) return { id: `stripe:${earlier.id}`, lines: request.lines };
    const amount = request.lines.reduce((sum, line) => sum + line.amount_cents, 0);
    if (amount <= 0) return null;
    const refusal = (error: unknown) => refusedFor(error, refundRefusals, ['amount']);
    try {
      const refund = await stripeCall(
        'Stripe refund',
        this.budget,
        () =>
          this.stripe.refunds.create(
            { payment_intent: paymentId, amount, reason: 'requested_by_customer', metadata: { request: request.idempotencyKey, reason: request.reason.slice(0, 500) } },
            { idempotencyKey: `refund:${request.idempotencyKey}` },
          ),
        refusal,
      );
      return { id: `stripe:${refund.id}`, lines: request.lines };
    } catch (error) {
      if (!refusal(error)) throw error;
      console.warn(`Stripe refused refund ${request.idempotencyKey} of ${paymentId}: ${(error as Error).message}`);
      return null;
    }
  };
}
