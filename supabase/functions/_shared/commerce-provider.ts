// What the functions need of commerce, whichever provider takes the payments (ARCHITECTURE.md,
// "The commerce service"). Two halves: the catalogue that prices a cart (the storefront API,
// COMMERCE_API_URL, whatever the provider), and the provider that takes the money: open a hosted
// checkout for a priced cart, find the payments of pending checkouts, list the payments and
// refunds of a recent window, and refund where the provider's API can. A provider that knows its
// checkouts (it answers an id of its own for each) gets that id back with every pending checkout;
// one that does not (Hostinger) matches payments by what was bought. `COMMERCE_PROVIDER` chooses
// the implementation: `hostinger` (hostinger/provider.ts, the default) or `stripe`
// (stripe/provider.ts); `CATALOGUE_SOURCE` the catalogue: `hostinger` (the storefront API, the
// default) or `shop` (the shop's own tables, shop-catalogue.ts). Whatever goes wrong at the
// provider is a CommerceError.
import { HostingerProvider } from './hostinger/provider.ts';
import { HostingerStorefront } from './hostinger/storefront.ts';
import { stripeFromEnv } from './stripe/client.ts';
import { StripeProvider } from './stripe/provider.ts';
import { ShopCatalogue } from './shop-catalogue.ts';
import { publishableClient, requireEnv } from './supabase.ts';

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

/** Where the prices come from: today's entries of the given variant ids; ids the store does not sell are absent. */
export interface Catalogue {
  findVariants(variantIds: string[]): Promise<Map<string, CatalogueVariant>>;
}

export interface PricedLine {
  variant_id: string;
  quantity: number;
  unit_price_cents: number;
}

/** A cart create-checkout priced, to open at the provider before it is recorded as pending. */
export interface CheckoutToOpen {
  /** The shop's own id of the pending checkout (`checkout_sessions.id`). */
  id: string;
  /** When it was priced: a retry of the same checkout asks the provider for the very same thing. */
  pricedAt: Date;
  lines: (PricedLine & { product_title: string; variant_title: string })[];
  currency: string;
  /** The buyer's account e-mail; null when the account has none. */
  buyerEmail: string | null;
  /** On the shop's site; already names the shop's checkout (`?checkout=<id>`). */
  successUrl: string;
  cancelUrl: string;
  locale: string;
  timeZone: string;
}

/** The hosted page, and the provider's own id of the checkout when it gives one. */
export interface OpenedCheckout {
  url: string;
  providerCheckoutId?: string;
}

/** A checkout as create-checkout priced it, waiting for its payment. */
export interface PricedCheckout {
  id: string;
  items: PricedLine[];
  total_amount_cents: number;
  currency: string;
  created_at: string;
  /** The buyer's e-mail when they checked out; null for checkouts older than it was kept. */
  buyer_email: string | null;
  /** The provider's id of this checkout, when it gave one (`OpenedCheckout.providerCheckoutId`). */
  provider_checkout_id: string | null;
}

/** A payment the provider holds: what was paid, under which e-mail, and the number its owner sees. */
export interface ProviderPayment {
  id: string;
  reference: string;
  email: string | null;
  paid_at: string;
  total_cents: number;
  currency: string;
  lines: (PricedLine & { title: string })[];
}

/**
 * `paid`: one payment only can be the checkout's. `not_found`: none yet. `ambiguous`: several
 * payments could each be it, which only the administrator can tell apart. `not_asked`: the run's
 * budget of requests ran out before this checkout's candidates could be read. Only a provider that
 * knows its checkouts can tell three more: `processing`, paid by a means that settles days later
 * (a SEPA debit), not to be given up meanwhile; `closed`, never to be paid (expired); `declined`,
 * never to be paid either, its debit refused by the buyer's bank, which the buyer is told.
 */
export type PaymentLookup =
  | { status: 'paid'; payment: ProviderPayment }
  | { status: 'not_found' }
  | { status: 'ambiguous'; candidates: ProviderPayment[] }
  | { status: 'not_asked' }
  | { status: 'processing' }
  | { status: 'closed' }
  | { status: 'declined' };

/** Of the given payment ids, those a recorded order names, each with that order's checkout. */
export type TakenPayments = (paymentIds: string[]) => Promise<Map<string, string>>;

/** Of the given payment ids, those whose order the shop recorded as all given back. */
export type SettledPayments = (paymentIds: string[]) => Promise<Set<string>>;

/** What the provider has given back on a payment, all told, as it stands now. */
export interface RefundState {
  paymentId: string;
  refundedCents: number;
  /** Units given back, by variant, where the provider counts them. */
  returned: { variant_id: string; quantity: number }[];
}

export interface ProviderDispute {
  id: string;
  paymentId: string;
  status: 'open' | 'won' | 'lost';
}

/** A refund asked of a provider whose API refunds; answered with the refund it made (or had made for that key). */
export interface RefundRequest {
  lines: { variant_id: string; amount_cents: number }[];
  reason: string;
  /** The same key asks for the same refund: a retry is answered, not refunded again. */
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  lines: { variant_id: string; amount_cents: number }[];
}

export interface CommerceProvider {
  readonly name: string;
  /** Where the administrator refunds when the API cannot (`refund` is null): the provider's dashboard. */
  readonly dashboardUrl: string;
  openCheckout(checkout: CheckoutToOpen): Promise<OpenedCheckout>;
  /** The payment of each checkout; a payment `taken` names for another checkout, or one found for an earlier checkout of the list, is no candidate. */
  findPayments(checkouts: PricedCheckout[], taken: TakenPayments): Promise<Map<string, PaymentLookup>>;
  /** The payments made since a time, newest first, as the provider lists them: without their lines. */
  paymentsSince(since: Date): Promise<ProviderPayment[]>;
  /** One payment in full, with its lines; null when the provider has no such payment. */
  payment(id: string): Promise<ProviderPayment | null>;
  /**
   * The shop's checkouts whose payment the provider settled, or failed, since a time, long after
   * its hosted page was left (Stripe's debits, days later), by the checkout id the provider keeps;
   * none for a provider whose payments are settled at once or that keeps no checkout id (Hostinger).
   */
  checkoutsSettledLater(since: Date): Promise<string[]>;
  /**
   * The refund state of every payment made since a time that was given money back (or canceled),
   * but those `settled` names (all given back already, as the shop recorded), and the disputes that changed.
   */
  changesSince(since: Date, settled: SettledPayments): Promise<{ refunds: RefundState[]; disputes: ProviderDispute[] }>;
  /** Refunds through the provider's API; null where it has none and refunds are made in its dashboard. */
  readonly refund: ((paymentId: string, request: RefundRequest) => Promise<ProviderRefund | null>) | null;
}

/** The requests one function call may make of a provider: a minute's run stays within Hostinger's rate limit (and Stripe's, 25 a second in test mode). */
export const requestsPerCall = 60;

/** The storefront API: the catalogue whichever provider takes the payments, and Hostinger's hosted checkout. */
const storefrontFromEnv = () => new HostingerStorefront(requireEnv('COMMERCE_API_URL').replace(/\/+$/, ''), requireEnv('COMMERCE_STORE_ID'));

/** The catalogue that prices a cart: the storefront API, or the shop's own tables with CATALOGUE_SOURCE=shop. */
export function catalogueFromEnv(): Catalogue {
  const source = Deno.env.get('CATALOGUE_SOURCE') || 'hostinger';
  if (source === 'shop') return new ShopCatalogue(publishableClient());
  if (source !== 'hostinger') throw new Error(`CATALOGUE_SOURCE=${source}: the catalogues are: hostinger, shop`);
  return storefrontFromEnv();
}

export function providerFromEnv(): CommerceProvider {
  const name = Deno.env.get('COMMERCE_PROVIDER') || 'hostinger';
  if (name === 'stripe') return new StripeProvider(stripeFromEnv(), requestsPerCall);
  if (name !== 'hostinger') throw new Error(`COMMERCE_PROVIDER=${name}: the providers are: hostinger, stripe`);
  return new HostingerProvider({
    storefront: storefrontFromEnv(),
    apiUrl: (Deno.env.get('HOSTINGER_API_URL') || 'https://developers.hostinger.com').replace(/\/+$/, ''),
    storeId: requireEnv('COMMERCE_STORE_ID'),
    apiToken: requireEnv('HOSTINGER_API_TOKEN'),
    requestBudget: requestsPerCall,
  });
}
