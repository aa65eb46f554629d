// The sandbox as the tests see it: its catalogue (to know real prices and stock independently of
// the functions) and its hosted payment page, submitted over HTTP as a browser would.
import { env } from './helpers.ts';

export interface CatalogueEntry {
  productId: string;
  productTitle: string;
  purchasable: boolean;
  variantId: string;
  variantTitle: string;
  priceInCents: number;
  salePriceInCents: number | null;
  manageInventory: boolean;
  stock: number | null;
}

/** Spec §9: the sale price when present, else the regular price. */
export const effectivePrice = (entry: CatalogueEntry) => entry.salePriceInCents ?? entry.priceInCents;

interface StoreVariant {
  id: string;
  title: string;
  price_in_cents: number;
  sale_price_in_cents: number | null;
  manage_inventory: boolean;
  inventory_quantity?: number | null;
}

interface StoreProduct {
  id: string;
  title: string;
  purchasable: boolean;
  variants: StoreVariant[];
}

const storeUrl = (path: string) => `${env.commerceUrl}/store/${env.storeId}${path}`;

async function getJson(path: string): Promise<any> {
  const response = await fetch(storeUrl(path));
  if (!response.ok) throw new Error(`sandbox ${path}: HTTP ${response.status}`);
  return response.json();
}

export async function catalogue(): Promise<CatalogueEntry[]> {
  const products: StoreProduct[] = [];
  for (let offset = 0; ; ) {
    const page = await getJson(`/products?offset=${offset}&limit=100`);
    products.push(...page.products);
    offset += page.products.length;
    if (page.products.length === 0 || offset >= page.count) break;
  }
  const managed = products.filter((p) => p.variants.some((v) => v.manage_inventory)).map((p) => `product_ids[]=${encodeURIComponent(p.id)}`);
  const stock = new Map<string, number>();
  if (managed.length > 0) {
    const answer = await getJson(`/variants?fields=inventory_quantity&${managed.join('&')}`);
    for (const v of answer.variants as { id: string; inventory_quantity: number | null }[]) stock.set(v.id, v.inventory_quantity ?? 0);
  }
  return products.flatMap((product) =>
    product.variants.map((variant) => ({
      productId: product.id,
      productTitle: product.title,
      purchasable: product.purchasable !== false,
      variantId: variant.id,
      variantTitle: variant.title,
      priceInCents: variant.price_in_cents,
      salePriceInCents: variant.sale_price_in_cents ?? null,
      manageInventory: variant.manage_inventory === true,
      stock: variant.manage_inventory ? (stock.get(variant.id) ?? 0) : null,
    })),
  );
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
const unescapeHtml = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/**
 * Opens the hosted payment page at `url`, types `typed` into the fields of those names (the
 * buyer's `email`) and presses the button labelled `label` ("Payer", "Simuler un refus",
 * "Annuler"): posts its form with its hidden and typed fields and the button's own name=value, as
 * a browser does. Returns the answer's status and Location (not followed).
 */
export async function pressPaymentButton(url: string, label: string, typed: Record<string, string> = {}): Promise<{ status: number; location: string | null }> {
  const page = await fetch(url);
  if (!page.ok) throw new Error(`payment page ${url}: HTTP ${page.status}`);
  const html = await page.text();
  for (const [, formTag, inner] of html.matchAll(/(<form\b[^>]*>)([\s\S]*?)<\/form>/gi)) {
    const button = [...inner!.matchAll(/(<button\b[^>]*>)([\s\S]*?)<\/button>/gi)].find(([, , text]) => unescapeHtml(text!.replace(/<[^>]*>/g, '')).trim() === label);
    if (!button) continue;
    const fields = new URLSearchParams();
    for (const [input] of inner!.matchAll(/<input\b[^>]*>/gi)) {
      const name = attribute(input, 'name');
      if (name && Object.hasOwn(typed, name)) fields.append(name, typed[name]!);
      else if (name && (attribute(input, 'type') ?? 'text').toLowerCase() === 'hidden') fields.append(name, unescapeHtml(attribute(input, 'value') ?? ''));
    }
    const name = attribute(button[1]!, 'name');
    if (name) fields.append(name, unescapeHtml(attribute(button[1]!, 'value') ?? ''));
    const action = new URL(unescapeHtml(attribute(button[1]!, 'formaction') ?? attribute(formTag!, 'action') ?? url), url);
    const method = (attribute(formTag!, 'method') ?? 'GET').toUpperCase();
    if (method === 'GET') action.search = fields.toString();
    const answer = await fetch(action, {
      method,
      ...(method === 'GET' ? {} : { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: fields }),
      redirect: 'manual',
    });
    await answer.body?.cancel();
    return { status: answer.status, location: answer.headers.get('location') };
  }
  throw new Error(`no button "${label}" in a form of the payment page ${url}`);
}

/** Puts the sandbox (its storefront and Ecommerce API) in a fault mode (`down`: connections dropped; `throttled`: 429) or back to `none`. */
export async function setCommerceFault(mode: 'none' | 'down' | 'error' | 'throttled'): Promise<void> {
  const response = await fetch(`${env.commerceUrl}/__sandbox/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mode }) });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`sandbox fault ${mode}: HTTP ${response.status}`);
}

const ecommerceApi = (path: string) => `${env.commerceUrl}/api/ecommerce/v1/stores/${env.storeId}${path}`;

/** The orders the sandbox's Ecommerce API lists under `email` (Hostinger's own record of the payments). */
export async function hostingerOrdersOf(email: string): Promise<{ id: string; display_id: number; payment_status: string; total: number }[]> {
  const response = await fetch(ecommerceApi(`/orders?email=${encodeURIComponent(email)}`), { headers: { Authorization: `Bearer ${env.hostingerApiToken}` } });
  const answer = await response.json();
  if (!response.ok) throw new Error(`sandbox orders of ${email}: HTTP ${response.status} ${answer.message}`);
  return answer.data;
}

