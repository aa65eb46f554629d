// The Hostinger provider: the storefront's hosted checkout, the Ecommerce API for the orders its
// checkouts make (the catalogue is the storefront's, for every provider: commerce-provider.ts). Nothing ties such an order to the checkout the shop
// priced, so a payment is matched: a paid order of the buyer's e-mail (in any case), made after
// the checkout opened (less ten minutes of clock skew), for the same lines at the same unit prices,
// the same total and currency, that no recorded order names yet. One such order is the payment;
// two or more are for the administrator to tell apart. Hostinger has no refund endpoint and no
// disputes: refunds are made in hPanel and read back from the orders, as their `refunded_total`
// and `returned_quantity`.
import type { CheckoutToOpen, CommerceProvider, OpenedCheckout, PaymentLookup, PricedCheckout, ProviderPayment, RefundState, SettledPayments, TakenPayments } from '../commerce-provider.ts';
import { BudgetSpent, RequestBudget } from '../request-budget.ts';
import { type HostingerOrder, type HostingerOrderSummary, HostingerOrders, type PaymentStatus } from './ecommerce-api.ts';
import { HostingerStorefront } from './storefront.ts';

export interface HostingerSettings {
  /** The storefront API, which opens Hostinger's hosted checkout. */
  storefront: HostingerStorefront;
  storeId: string;
  apiUrl: string;
  apiToken: string;
  /** Requests to the Ecommerce API one function call may make. */
  requestBudget: number;
}

/** The statuses of an order whose payment was taken, whatever was given back since. */
const paidStatuses: PaymentStatus[] = ['captured', 'partially_refunded', 'refunded'];
const clockSkewMs = 10 * 60 * 1000;

const lineKey = (line: { variant_id: string; quantity: number; unit_price_cents: number }) => `${line.variant_id}\u0000${line.quantity}\u0000${line.unit_price_cents}`;

/** An order as a payment: a list entry without its lines, an order read in full with them. */
function paymentOf(order: HostingerOrderSummary | HostingerOrder): ProviderPayment {
  return {
    id: order.id,
    reference: String(order.display_id),
    email: order.customer_email,
    paid_at: order.created_at,
    total_cents: order.total,
    currency: order.currency_code.toLowerCase(),
    lines: 'items' in order ? order.items.map((item) => ({ variant_id: item.variant_id ?? '', quantity: item.quantity, unit_price_cents: item.unit_price, title: item.title })) : [],
  };
}

/** Same lines, quantities and unit prices, same total and currency: what was priced was paid. */
function paysFor(payment: ProviderPayment, checkout: PricedCheckout): boolean {
  const paid = payment.lines.map(lineKey).sort();
  const priced = checkout.items.map(lineKey).sort();
  return (
    paid.length === priced.length &&
    paid.every((line, i) => line === priced[i]) &&
    payment.total_cents === checkout.total_amount_cents &&
    payment.currency === checkout.currency
  );
}

/** What a list entry alone can rule out before the order is read in full. */
function mayPayFor(order: HostingerOrderSummary, checkout: PricedCheckout): boolean {
  return (
    checkout.buyer_email !== null &&
    order.customer_email?.toLowerCase() === checkout.buyer_email.toLowerCase() &&
    order.total === checkout.total_amount_cents &&
    order.currency_code.toLowerCase() === checkout.currency &&
    Date.parse(order.created_at) >= Date.parse(checkout.created_at) - clockSkewMs
  );
}

export class HostingerProvider implements CommerceProvider {
  readonly name = 'hostinger';
  readonly dashboardUrl = 'https://hpanel.hostinger.com/';
  readonly refund = null;
  private readonly storefront: HostingerStorefront;
  private readonly orders: HostingerOrders;

  constructor(settings: HostingerSettings) {
    this.storefront = settings.storefront;
    this.orders = new HostingerOrders(settings.apiUrl, settings.storeId, settings.apiToken, new RequestBudget(settings.requestBudget));
  }

  /** Spec §7's body: the variants and quantities, which the storefront prices again itself; no e-mail, no id of its own. */
  openCheckout(checkout: CheckoutToOpen): Promise<OpenedCheckout> {
    return this.storefront.openCheckout({
      items: checkout.lines.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
      successUrl: checkout.successUrl,
      cancelUrl: checkout.cancelUrl,
      locale: checkout.locale,
      timeZone: checkout.timeZone,
    });
  }

  async findPayments(checkouts: PricedCheckout[], taken: TakenPayments): Promise<Map<string, PaymentLookup>> {
    const found = new Map<string, PaymentLookup>();
    if (checkouts.length === 0) return found;
    // Oldest first: a payment goes to the earliest checkout it can only be.
    const byAge = [...checkouts].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    const since = new Date(Date.parse(byAge[0]!.created_at) - clockSkewMs);
    const listed = await this.orders.list({ payment_status: paidStatuses, createdFrom: since });
    const possible = listed.filter((order) => byAge.some((checkout) => mayPayFor(order, checkout)));
    // A payment some order names is another checkout's, unless that order is this checkout's own
    // (recorded meanwhile by a racing call): then it is still this checkout's payment.
    const takenBy = possible.length > 0 ? await taken(possible.map((order) => order.id)) : new Map<string, string>();
    const available = (order: HostingerOrderSummary, checkout: PricedCheckout) => (takenBy.get(order.id) ?? checkout.id) === checkout.id;
    const details = new Map<string, ProviderPayment | null>();
    const detail = async (id: string) => {
      if (!details.has(id)) details.set(id, await this.payment(id));
      return details.get(id) ?? null;
    };
    const assigned = new Set<string>();
    for (const [index, checkout] of byAge.entries()) {
      const matches: ProviderPayment[] = [];
      try {
        for (const order of possible) {
          if (assigned.has(order.id) || !available(order, checkout) || !mayPayFor(order, checkout)) continue;
          const payment = await detail(order.id);
          if (payment && paysFor(payment, checkout)) matches.push(payment);
        }
      } catch (error) {
        if (!(error instanceof BudgetSpent)) throw error;
        // What was matched stands; this checkout and the younger ones wait for the next run.
        for (const rest of byAge.slice(index)) found.set(rest.id, { status: 'not_asked' });
        return found;
      }
      if (matches.length === 1) {
        assigned.add(matches[0]!.id);
        found.set(checkout.id, { status: 'paid', payment: matches[0]! });
      } else {
        found.set(checkout.id, matches.length === 0 ? { status: 'not_found' } : { status: 'ambiguous', candidates: matches });
      }
    }
    return found;
  }

  async paymentsSince(since: Date): Promise<ProviderPayment[]> {
    return (await this.orders.list({ payment_status: paidStatuses, createdFrom: since })).map(paymentOf);
  }

  /** One payment in full, with its lines; null when the store has no such order or it was never paid. */
  async payment(id: string): Promise<ProviderPayment | null> {
    const order = await this.orders.get(id);
    return order && paidStatuses.includes(order.payment_status) ? paymentOf(order) : null;
  }

  /** Hostinger's orders are paid on its page or not at all. */
  checkoutsSettledLater(_since: Date): Promise<string[]> {
    return Promise.resolve([]);
  }

  async changesSince(since: Date, settled: SettledPayments): Promise<{ refunds: RefundState[]; disputes: [] }> {
    const [refunded, canceled] = await Promise.all([
      this.orders.list({ payment_status: ['partially_refunded', 'refunded'], createdFrom: since }),
      this.orders.list({ status: ['canceled'], createdFrom: since }),
    ]);
    const ids = [...new Set([...refunded, ...canceled].map((order) => order.id))];
    // An order whose money the shop already recorded as all given back can change no more.
    const done = ids.length > 0 ? await settled(ids) : new Set<string>();
    const refunds: RefundState[] = [];
    for (const id of ids.filter((id) => !done.has(id))) {
      const order = await this.orders.get(id);
      if (!order || order.refunded_total === 0) continue;
      const returned = order.items.filter((item) => item.variant_id && item.returned_quantity > 0).map((item) => ({ variant_id: item.variant_id!, quantity: item.returned_quantity }));
      refunds.push({ paymentId: order.id, refundedCents: order.refunded_total, returned });
    }
    return { refunds, disputes: [] };
  }
}
