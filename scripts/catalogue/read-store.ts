// What `npm run catalogue:import` reads of a Hostinger store: every product the storefront lists
// (page by page) in its single-product answer with its variants' stock, and, with the owner's token, the products only the
// Ecommerce API lists (drafts, hidden ones), turned into the same shape (store-rows.ts reads one).
// Every failure says which service, which address and what to check.
import { createHash } from 'node:crypto';
import type { Raw } from './store-rows.ts';

export interface StoreSource {
  /** The commerce service's storefront, as the web build names it (VITE_COMMERCE_API_URL). */
  storefrontUrl: string;
  storeId: string;
  /** Hostinger's Ecommerce API and the owner's token; without them, the storefront alone. */
  ecommerce?: { apiUrl: string; token: string };
  /** The HTTP client; tests hand one that changes the store's answers. */
  fetch?: typeof fetch;
}

export class StoreReadError extends Error {}

// The storefront's largest page (spec §7), the products a variants call names (its URL stays short),
// and the Ecommerce API's ids per list request.
const storefrontPage = 100;
const stockProductsPerRequest = 50;
const idsPerRequest = 200;

async function getJson(source: StoreSource, url: string, what: string, headers: Record<string, string> = {}): Promise<Raw> {
  const response = await (source.fetch ?? fetch)(url, { headers: { Accept: 'application/json', ...headers } }).catch((error: Error) => {
    throw new StoreReadError(`${what} cannot be reached at ${new URL(url).origin}: ${error.cause instanceof Error ? error.cause.message : error.message}.`);
  });
  const text = await response.text();
  if (response.status === 401) throw new StoreReadError(`${what} refused HOSTINGER_API_TOKEN (401): check the token made in hPanel.`);
  if (!response.ok) throw new StoreReadError(`${what} answered ${response.status} to ${url}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as Raw;
  } catch {
    throw new StoreReadError(`${what} answered something other than JSON at ${url}.`);
  }
}

/**
 * Every product the storefront shows, as its single-product call answers each, in the store's order,
 * with the stock of the variants that manage it from the variants call, as the web app merges it
 * (spec §7: the stock lives there).
 */
export async function storefrontProducts(source: StoreSource): Promise<Raw[]> {
  const store = `${source.storefrontUrl.replace(/\/+$/, '')}/store/${encodeURIComponent(source.storeId)}`;
  const what = `The storefront of store ${source.storeId}`;
  const ids: string[] = [];
  for (let offset = 0; ; offset += storefrontPage) {
    const page = await getJson(source, `${store}/products?offset=${offset}&limit=${storefrontPage}`, what);
    ids.push(...(page.products as Raw[]).map((p) => p.id as string));
    if (offset + storefrontPage >= (page.count as number)) break;
  }
  const products = await Promise.all(ids.map((id) => getJson(source, `${store}/products/${encodeURIComponent(id)}`, what)));
  const managed = products.filter((p) => (p.variants as Raw[]).some((v) => v.manage_inventory)).map((p) => p.id as string);
  const stock = new Map<string, number | null>();
  for (let i = 0; i < managed.length; i += stockProductsPerRequest) {
    const query = new URLSearchParams({ fields: 'inventory_quantity' });
    for (const id of managed.slice(i, i + stockProductsPerRequest)) query.append('product_ids[]', id);
    for (const v of (await getJson(source, `${store}/variants?${query}`, what)).variants as Raw[]) stock.set(v.id, v.inventory_quantity ?? null);
  }
  return products.map((p) => ({ ...p, variants: (p.variants as Raw[]).map((v) => (stock.has(v.id) ? { ...v, inventory_quantity: stock.get(v.id) } : v)) }));
}

// Ids for what the Ecommerce API names without one (a draft's options and their values), the same
// on every run, and never of the shop's own form (prefix and 32 hex digits, import.ts).
const derivedId = (prefix: string, ...parts: string[]) => `${prefix}_import_${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24)}`;

/** A product of the Ecommerce API (openapi.json's ProductResource, with variants and media) in the single-product shape. */
function fromEcommerce(product: Raw, position: number): Raw {
  const currency = product.price_range.currency_code as string;
  const names = [...new Set((product.variants as Raw[]).flatMap((v) => (v.options as Raw[]).map((o) => o.name ?? '')))];
  const options = names.map((name) => {
    const id = derivedId('opt', product.id, name);
    const values = (product.variants as Raw[]).flatMap((v) =>
      (v.options as Raw[]).filter((o) => (o.name ?? '') === name).map((o) => ({ id: derivedId('val', id, v.id), option_id: id, variant_id: v.id, value: o.value })),
    );
    return { id, title: name || 'Option', values };
  });
  const variants = (product.variants as Raw[]).map((v) => {
    const price = (v.prices as Raw[]).find((p) => p.currency_code === currency) ?? v.prices[0];
    return {
      id: v.id,
      title: v.title ?? ((v.options as Raw[]).map((o) => o.value).join(' / ') || product.title),
      sku: v.sku,
      image_url: null,
      price_in_cents: price.amount,
      sale_price_in_cents: price.sale_amount,
      manage_inventory: v.manage_inventory,
      inventory_quantity: v.manage_inventory ? v.inventory_quantity : null,
      weight: null,
    };
  });
  // What this API does not give (subtitle, description, ribbon, dates…) stays undefined: the import
  // leaves it as the shop has it, or to the table's default.
  return {
    id: product.id,
    title: product.title,
    order: position,
    type: { value: product.type },
    currency_info: { code: currency },
    status: 'draft',
    deleted_at: null,
    options,
    variants,
    media: (product.media as Raw[]).map((m, order) => ({ url: m.url, order, type: m.type })),
    collections: [],
    additional_info: [],
    custom_fields: [],
    related_products: [],
  };
}

/** The products the Ecommerce API lists that the storefront does not show, as drafts, after them. */
async function hiddenProducts(source: StoreSource, shown: Set<string>, firstPosition: number): Promise<Raw[]> {
  const { apiUrl, token } = source.ecommerce!;
  const products = `${apiUrl.replace(/\/+$/, '')}/api/ecommerce/v1/stores/${encodeURIComponent(source.storeId)}/products`;
  const what = 'Hostinger\'s Ecommerce API';
  const auth = { Authorization: `Bearer ${token}` };
  const hidden: Raw[] = [];
  for (let page = 1; ; page++) {
    const answer = await getJson(source, `${products}?page=${page}`, what, auth);
    hidden.push(...(answer.data as Raw[]).filter((p) => !shown.has(p.id)));
    if (page * answer.meta.per_page >= answer.meta.total) break;
  }
  const full: Raw[] = [];
  for (let i = 0; i < hidden.length; i += idsPerRequest) {
    const ids = hidden.slice(i, i + idsPerRequest).map((p) => `product_ids=${encodeURIComponent(p.id)}`).join('&');
    const answer = await getJson(source, `${products}?${ids}&include=variants&include=media`, what, auth);
    full.push(...(answer.data as Raw[]));
  }
  return full.map((p, i) => fromEcommerce(p, firstPosition + i));
}

/** The whole store as single-product answers: the storefront's products, then the drafts the token shows. */
export async function readStore(source: StoreSource): Promise<Raw[]> {
  const shown = await storefrontProducts(source);
  if (!source.ecommerce) return shown;
  const lastPosition = Math.max(-1, ...shown.map((p) => p.order as number));
  return [...shown, ...(await hiddenProducts(source, new Set(shown.map((p) => p.id)), lastPosition + 1))];
}
