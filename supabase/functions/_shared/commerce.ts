// The one client of the commerce service (the sandbox locally): catalogue look-ups to price a
// cart, hosted checkout creation, and the session look-up that proves a payment. Configured by
// COMMERCE_API_URL, COMMERCE_STORE_ID and, where the real service needs one, COMMERCE_API_TOKEN.
// Whatever goes wrong there (unreachable, non-OK, an answer we cannot read) is a CommerceError.
import { z } from 'zod';
import { CommerceError } from './errors.ts';
import { requireEnv } from './supabase.ts';

const cents = z.number().int().min(0);

const Variant = z.object({
  id: z.string(),
  title: z.string(),
  image_url: z.string().nullish(),
  price_in_cents: cents,
  sale_price_in_cents: cents.nullish(),
  currency: z.string().nullish(),
  manage_inventory: z.boolean().nullish(),
  inventory_quantity: z.number().int().nullish(),
});

const Product = z.object({
  id: z.string(),
  title: z.string(),
  purchasable: z.boolean().nullish(),
  image: z.string().nullish(),
  variants: z.array(Variant),
});

const ProductPage = z.object({ count: z.number().int().min(0), products: z.array(Product) });
const Stock = z.object({ variants: z.array(z.object({ id: z.string(), inventory_quantity: z.number().int().nullish() })) });
const CreatedCheckout = z.object({ url: z.url({ protocol: /^https?$/ }), session_id: z.string().min(1) });

const Refund = z.object({
  id: z.string().min(1),
  session_id: z.string().min(1),
  amount_cents: cents,
  lines: z.array(z.object({ variant_id: z.string(), quantity: z.number().int().min(1), amount_cents: cents })).min(1),
  reason: z.string().nullish(),
  created_at: z.string(),
});

const Dispute = z.object({
  id: z.string().min(1),
  status: z.enum(['open', 'won', 'lost']),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
});

const Session = z.object({
  id: z.string(),
  status: z.enum(['open', 'paid', 'canceled', 'expired']),
  line_items: z.array(z.object({ variant_id: z.string(), quantity: z.number().int().min(1), unit_price_cents: cents })),
  total_cents: cents,
  currency: z.string(),
  // A service that does not refund through its API tells nothing of refunds or disputes.
  refunds: z.array(Refund).optional(),
  dispute: Dispute.nullish(),
});

const Refunds = z.object({ refunds: z.array(Refund) });
const Disputes = z.object({ disputes: z.array(Dispute.extend({ session_id: z.string().min(1) })) });

/** A purchasable unit as the catalogue prices it today. */
export interface CatalogueVariant {
  variant_id: string;
  product_id: string;
  product_title: string;
  variant_title: string;
  image_url: string | null;
  /** Spec §9: the sale price when there is one, else the regular price. */
  unit_price_cents: number;
  currency: string;
  purchasable: boolean;
  /** Units left when the store manages this variant's stock; null when it does not. */
  stock: number | null;
}

export type CheckoutSession = z.infer<typeof Session>;
/** Money the service gave back on a session: whole lines, by variant. */
export type CommerceRefund = z.infer<typeof Refund>;
export type CommerceDispute = z.infer<typeof Disputes>['disputes'][number];

export interface RefundRequest {
  /** The lines to refund, by variant; omitted, every line not yet refunded. */
  variant_ids?: string[];
  reason: string;
  /** The same key asks for the same refund: a retry is answered, not refunded again. */
  idempotency_key: string;
}

export interface CheckoutRequest {
  items: { variant_id: string; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  locale: string;
  timeZone: string;
}

// Pages are walked by what each answer holds, so a store with a lower cap still works.
const pageSize = 100;

export class CommerceClient {
  constructor(
    private readonly baseUrl: string,
    private readonly storeId: string,
    private readonly token?: string,
  ) {}

  /** The catalogue entries of the given variant ids; ids the store does not sell are absent. */
  async findVariants(variantIds: string[]): Promise<Map<string, CatalogueVariant>> {
    const wanted = new Set(variantIds);
    const found = new Map<string, CatalogueVariant>();
    const managed = new Set<string>();
    // The store API looks products up, not variants: walk the catalogue until all are found.
    for (let offset = 0; found.size < wanted.size; ) {
      const page = parse(ProductPage, await this.call(`/products?offset=${offset}&limit=${pageSize}`), 'product list');
      for (const product of page.products) {
        for (const variant of product.variants) {
          if (!wanted.has(variant.id)) continue;
          if (variant.manage_inventory) managed.add(product.id);
          found.set(variant.id, {
            variant_id: variant.id,
            product_id: product.id,
            product_title: product.title,
            variant_title: variant.title,
            image_url: variant.image_url ?? product.image ?? null,
            unit_price_cents: variant.sale_price_in_cents ?? variant.price_in_cents,
            currency: (variant.currency ?? 'eur').toLowerCase(),
            purchasable: product.purchasable !== false,
            stock: variant.manage_inventory ? (variant.inventory_quantity ?? 0) : null,
          });
        }
      }
      offset += page.products.length;
      if (page.products.length === 0 || offset >= page.count) break;
    }
    if (managed.size > 0) await this.mergeStock(found, [...managed]);
    return found;
  }

  async createCheckout(request: CheckoutRequest): Promise<{ url: string; sessionId: string }> {
    const created = parse(CreatedCheckout, await this.call('/checkout', { method: 'POST', body: JSON.stringify(request) }), 'checkout');
    return { url: created.url, sessionId: created.session_id };
  }

  /** The session as the service sees it now, or null when it does not know that id. */
  async getCheckoutSession(sessionId: string): Promise<CheckoutSession | null> {
    const answer = await this.call(`/checkout/${encodeURIComponent(sessionId)}`, {}, { notFoundAsNull: true });
    return answer === null ? null : parse(Session, answer, 'checkout session');
  }

  /**
   * Refunds a paid session, whole or by line; answers the refund the service made (or had made for
   * that key), or null when it refuses (409: already refunded, disputed, not paid).
   */
  async refund(sessionId: string, request: RefundRequest): Promise<CommerceRefund | null> {
    const path = `/checkout/${encodeURIComponent(sessionId)}/refunds`;
    const answer = await this.call(path, { method: 'POST', body: JSON.stringify(request) }, { conflictAsNull: true });
    return answer === null ? null : parse(Refund, answer, 'refund');
  }

  /** The refunds made since `since`, by the shop or at the service directly. */
  async refundsSince(since: Date): Promise<CommerceRefund[]> {
    return parse(Refunds, await this.call(`/refunds?since=${encodeURIComponent(since.toISOString())}`), 'refund list').refunds;
  }

  /** The disputes opened or closed since `since`, as they stand now. */
  async disputesSince(since: Date): Promise<CommerceDispute[]> {
    return parse(Disputes, await this.call(`/disputes?since=${encodeURIComponent(since.toISOString())}`), 'dispute list').disputes;
  }

  // The list's stock figures may be stale or absent; the variants call is the store's own answer.
  private async mergeStock(found: Map<string, CatalogueVariant>, productIds: string[]): Promise<void> {
    const query = productIds.map((id) => `product_ids[]=${encodeURIComponent(id)}`).join('&');
    const stock = parse(Stock, await this.call(`/variants?fields=inventory_quantity&${query}`), 'variant stock');
    for (const { id, inventory_quantity } of stock.variants) {
      const variant = found.get(id);
      if (variant && variant.stock !== null) variant.stock = inventory_quantity ?? 0;
    }
  }

  private async call(path: string, init: RequestInit = {}, options: { notFoundAsNull?: boolean; conflictAsNull?: boolean } = {}): Promise<unknown> {
    const url = `${this.baseUrl}/store/${encodeURIComponent(this.storeId)}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}) },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (cause) {
      throw new CommerceError(`unreachable (${(cause as Error).message})`, { cause });
    }
    if ((options.notFoundAsNull && response.status === 404) || (options.conflictAsNull && response.status === 409)) {
      await response.body?.cancel();
      return null;
    }
    // Spec §8's wording for a failed commerce call.
    if (!response.ok) {
      await response.body?.cancel();
      throw new CommerceError(`HTTP ${response.status}: ${response.statusText}`);
    }
    try {
      return await response.json();
    } catch (cause) {
      throw new CommerceError(`${init.method ?? 'GET'} ${path} answered something that is not JSON`, { cause });
    }
  }
}

function parse<T>(schema: z.ZodType<T>, data: unknown, what: string): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new CommerceError(`unexpected ${what} answer: ${z.prettifyError(result.error)}`);
  return result.data;
}

export function commerceFromEnv(): CommerceClient {
  const token = Deno.env.get('COMMERCE_API_TOKEN') || undefined;
  return new CommerceClient(requireEnv('COMMERCE_API_URL').replace(/\/+$/, ''), requireEnv('COMMERCE_STORE_ID'), token);
}
