// Hostinger's Ecommerce API (https://developers.hostinger.com/api/ecommerce/v1; openapi.json in
// github.com/hostinger/api, kept in scripts/commerce-sandbox/hostinger/), the orders part: list a
// store's orders page by page with the documented filters, and read one in full. It has no
// webhook, no refund endpoint, and nothing that ties an order to the storefront checkout that
// made it: the provider (provider.ts) matches them.
//
// Authorised by an hPanel API token (HOSTINGER_API_TOKEN, a function secret), which carries its
// owner's permissions. Each run of a function gets a budget of requests (`RequestBudget`,
// ../request-budget.ts): past it,
// or at Hostinger's 429, the run asks nothing more and leaves the rest for the next one.
import { z } from 'zod';
import { callJson } from './http.ts';
import type { RequestBudget } from '../request-budget.ts';

const cents = z.number().int();

const paymentStatuses = ['not_paid', 'awaiting', 'captured', 'partially_refunded', 'refunded', 'canceled', 'requires_action', 'not_required'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

const OrderSummary = z.object({
  id: z.string().min(1),
  display_id: z.number().int(),
  status: z.string(),
  payment_status: z.enum(paymentStatuses),
  total: cents,
  currency_code: z.string(),
  customer_email: z.string().nullable(),
  item_count: z.number().int(),
  created_at: z.string(),
});

const OrderDetail = OrderSummary.extend({
  paid_total: cents,
  refunded_total: cents,
  items: z.array(z.object({
    id: z.string(),
    title: z.string(),
    variant_id: z.string().nullable(),
    quantity: z.number().int(),
    returned_quantity: z.number().int(),
    unit_price: cents,
  })),
});

const OrderPage = z.object({
  data: z.array(OrderSummary),
  meta: z.object({ current_page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});

export type HostingerOrderSummary = z.infer<typeof OrderSummary>;
export type HostingerOrder = z.infer<typeof OrderDetail>;

/** The documented filters of GET …/orders that the shop uses. */
export interface OrderFilters {
  payment_status?: PaymentStatus[];
  status?: Array<'pending' | 'completed' | 'archived' | 'canceled' | 'requires_action'>;
  /** Inclusive, as an ISO date-time in UTC. */
  createdFrom?: Date;
}

// Every listing walks at most this many pages of 50: a minute's run looks at what is recent.
const maxPages = 20;

export class HostingerOrders {
  constructor(
    private readonly apiUrl: string,
    private readonly storeId: string,
    private readonly token: string,
    private readonly budget: RequestBudget,
  ) {}

  private url(path: string, query?: URLSearchParams): string {
    const search = query && [...query.keys()].length > 0 ? `?${query}` : '';
    return `${this.apiUrl}/api/ecommerce/v1/stores/${encodeURIComponent(this.storeId)}${path}${search}`;
  }

  /** Every order the filters select, newest first, page after page. */
  async list(filters: OrderFilters): Promise<HostingerOrderSummary[]> {
    const orders: HostingerOrderSummary[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const query = new URLSearchParams();
      // An array parameter repeats its name (OpenAPI's default: form style, exploded).
      for (const status of filters.status ?? []) query.append('status', status);
      for (const status of filters.payment_status ?? []) query.append('payment_status', status);
      if (filters.createdFrom) query.set('created_at_from', filters.createdFrom.toISOString());
      if (page > 1) query.set('page', String(page));
      this.budget.take();
      const answer = (await callJson(OrderPage, { url: this.url('/orders', query), token: this.token }, 'Hostinger orders list'))!;
      orders.push(...answer.data);
      if (answer.data.length === 0 || page * answer.meta.per_page >= answer.meta.total) return orders;
    }
    console.warn(`Hostinger orders list: more than ${maxPages} pages; the oldest wait for a later run`);
    return orders;
  }

  /** One order in full, or null when the store has no such order. */
  async get(orderId: string): Promise<HostingerOrder | null> {
    this.budget.take();
    const answer = await callJson(z.object({ data: OrderDetail }), { url: this.url(`/orders/${encodeURIComponent(orderId)}`), token: this.token, notFoundAsNull: true }, 'Hostinger order');
    return answer?.data ?? null;
  }
}
