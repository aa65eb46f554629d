// The storefront API of spec §7, for one store: products, one product, variants' stock, and the
// hosted checkout. Errors are HTTP statuses with a status text and a JSON message.
import { productSeeds } from './catalogue-data.ts';
import { productJson, productSeedById, seedBySlug, variantsById } from './catalogue.ts';
import type { LineItem, SandboxState } from './state.ts';

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

const maxLinesPerCheckout = 50;
const maxQuantity = 1000;

function listParam(query: URLSearchParams, name: string): string[] {
  return [...query.getAll(`${name}[]`), ...query.getAll(name)].flatMap((v) => v.split(',')).filter(Boolean);
}

function nonNegativeInt(value: string | null, fallback: number, name: string): number {
  if (value === null || value === '') return fallback;
  if (!/^\d{1,6}$/.test(value)) throw new HttpError(400, `${name} must be a non-negative integer`);
  return Number(value);
}

export function listProducts(query: URLSearchParams, base: string, state: SandboxState): ApiAnswer {
  const ids = listParam(query, 'ids');
  const offset = nonNegativeInt(query.get('offset'), 0, 'offset');
  const limit = Math.min(nonNegativeInt(query.get('limit'), 12, 'limit'), 100);
  const toDate = query.get('to_date');
  if (toDate && Number.isNaN(Date.parse(toDate))) throw new HttpError(400, 'to_date must be a date');
  const descending = query.get('order')?.toLowerCase() === 'desc';
  const sortBy = query.get('sort_by') ?? 'order';
  if (!['order', 'title', 'price', 'created_at', 'updated_at'].includes(sortBy)) throw new HttpError(400, `cannot sort by ${sortBy}`);
  const stock = (id: string) => state.stockOf(id);
  let products = productSeeds.map((seed, order) => productJson(seed, order, base, stock));
  if (ids.length) products = products.filter((p) => ids.includes(p.id));
  if (toDate) products = products.filter((p) => Date.parse(p.updated_at) <= Date.parse(toDate));
  // No product of the fellowship is hidden; is_hidden=true therefore lists none.
  if (query.get('is_hidden') === 'true') products = [];
  const key = (p: (typeof products)[number]) =>
    sortBy === 'title' ? p.title : sortBy === 'price' ? Math.min(...p.variants.map((v) => v.sale_price_in_cents ?? v.price_in_cents)) : sortBy === 'order' ? p.order : p.updated_at;
  products.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (descending ? -1 : 1));
  return { status: 200, body: { count: products.length, offset, limit, products: products.slice(offset, offset + limit) } };
}

export function getProduct(id: string, base: string, state: SandboxState): ApiAnswer {
  const seed = productSeedById.get(id) ?? seedBySlug.get(id);
  if (!seed) throw new HttpError(404, `product ${id} not found`);
  return { status: 200, body: productJson(seed, productSeeds.indexOf(seed), base, (v) => state.stockOf(v), true) };
}

export function listVariants(query: URLSearchParams, state: SandboxState): ApiAnswer {
  const productIds = listParam(query, 'product_ids');
  const variants = [...variantsById.values()]
    .filter((v) => productIds.length === 0 || productIds.includes(v.productId))
    .map((v) => ({ id: v.id, product_id: v.productId, inventory_quantity: v.managed ? state.stockOf(v.id) : null }));
  return { status: 200, body: { variants } };
}

function httpUrl(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new HttpError(400, `${name} is required`);
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // falls through to the error below
  }
  throw new HttpError(400, `${name} must be an http(s) URL`);
}

export function createCheckout(body: unknown, base: string, state: SandboxState): ApiAnswer {
  if (typeof body !== 'object' || body === null) throw new HttpError(400, 'a JSON object is required');
  const { items, successUrl, cancelUrl, locale } = body as Record<string, unknown>;
  if (!Array.isArray(items) || items.length === 0) throw new HttpError(400, 'items must be a non-empty list');
  if (items.length > maxLinesPerCheckout) throw new HttpError(400, `at most ${maxLinesPerCheckout} lines`);
  const quantities = new Map<string, number>();
  for (const item of items as Array<Record<string, unknown>>) {
    const variantId = item?.variant_id;
    const quantity = item?.quantity;
    if (typeof variantId !== 'string' || !variantsById.has(variantId)) throw new HttpError(400, `unknown variant ${String(variantId)}`);
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > maxQuantity) {
      throw new HttpError(400, `quantity must be an integer from 1 to ${maxQuantity}`);
    }
    quantities.set(variantId, (quantities.get(variantId) ?? 0) + quantity);
  }
  const lines: LineItem[] = [];
  for (const [variantId, quantity] of quantities) {
    const variant = variantsById.get(variantId)!;
    if (!variant.purchasable) throw new HttpError(400, `${variant.productTitle} is not for sale`);
    const stock = state.stockOf(variantId);
    if (variant.managed && (stock ?? 0) < quantity) throw new HttpError(400, `insufficient stock for ${variant.productTitle} (${variant.title}): ${stock ?? 0} left`);
    lines.push({
      variant_id: variantId,
      product_id: variant.productId,
      product_title: variant.productTitle,
      variant_title: variant.title,
      image_url: `${base}${variant.imageUrl}`,
      quantity,
      unit_price_cents: variant.salePriceInCents ?? variant.priceInCents,
    });
  }
  const session = state.create({
    line_items: lines,
    total_cents: lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0),
    currency: 'eur',
    success_url: httpUrl(successUrl, 'successUrl'),
    cancel_url: httpUrl(cancelUrl, 'cancelUrl'),
    locale: typeof locale === 'string' ? locale.slice(0, 10) : 'fr',
  });
  // Hostinger's storefront answers the hosted page's address and nothing else.
  return { status: 200, body: { url: `${base}/pay/${session.id}` } };
}
