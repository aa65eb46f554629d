// A purchase through the real HTTP path, with the unmodified supabase-js in Node: create-checkout,
// the sandbox's hosted payment page (pay), the redirect to the site's /success page, record-order,
// then the order and its items as the buyer reads them (and another customer does not).
import { describe, expect, it } from 'vitest';
import { checkoutConsent } from '../../scripts/lib/checkout-consent.ts';
import { emailOf, newCustomer, type ShopEnv } from '../support/shop.ts';

// npm test's shared stack (scripts/test.ts), as every contract test.
const env = process.env as unknown as ShopEnv;

interface Variant {
  id: string;
  title: string;
  price_in_cents: number;
  sale_price_in_cents: number | null;
  manage_inventory: boolean;
}
interface Product {
  id: string;
  title: string;
  purchasable: boolean;
  variants: Variant[];
}

const store = (path: string) => `${env.COMMERCE_API_URL}/store/${env.COMMERCE_STORE_ID}${path}`;

async function products(): Promise<Product[]> {
  const response = await fetch(store('/products?limit=100'));
  expect(response.ok).toBe(true);
  return ((await response.json()) as { products: Product[] }).products;
}

const customer = async (label: string) => (await newCustomer(env, label)).supabase;

/** Types the buyer's e-mail and presses "Payer" on the hosted page as a browser submits the form; returns the redirect. */
async function pay(paymentUrl: string, email: string): Promise<URL> {
  const html = await (await fetch(paymentUrl)).text();
  const form = [...html.matchAll(/(<form\b[^>]*>)([\s\S]*?)<\/form>/gi)].find(([, , inner]) => /<button\b[^>]*>\s*Payer\s*<\/button>/i.test(inner!));
  expect(form, 'the payment page has a form with a "Payer" button').toBeDefined();
  const [, formTag, inner] = form!;
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1]?.replace(/&amp;/g, '&');
  const fields = new URLSearchParams();
  for (const [input] of inner!.matchAll(/<input\b[^>]*type\s*=\s*"hidden"[^>]*>/gi)) fields.append(attr(input, 'name')!, attr(input, 'value') ?? '');
  const emailInput = /<input\b[^>]*type\s*=\s*"email"[^>]*>/i.exec(inner!);
  expect(emailInput, 'the payment page asks the e-mail').not.toBeNull();
  fields.append(attr(emailInput![0], 'name')!, email);
  const button = /<button\b[^>]*>\s*Payer\s*<\/button>/i.exec(inner!)![0];
  if (attr(button, 'name')) fields.append(attr(button, 'name')!, attr(button, 'value') ?? '');
  const response = await fetch(new URL(attr(button, 'formaction') ?? attr(formTag!, 'action') ?? paymentUrl, paymentUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: fields,
    redirect: 'manual',
  });
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  return new URL(response.headers.get('location')!, paymentUrl);
}

describe('buying through the real HTTP path', () => {
  it('records the paid order with its items and files, for the buyer only', async () => {
    const catalogue = (await products()).filter((p) => p.purchasable && !p.variants.some((v) => v.manage_inventory));
    const onSale = catalogue.flatMap((p) => p.variants.map((v) => ({ p, v }))).find(({ v }) => v.sale_price_in_cents !== null);
    const other = catalogue.find((p) => p.id !== onSale?.p.id);
    expect(onSale, 'the catalogue has a variant on sale').toBeDefined();
    expect(other).toBeDefined();
    const lines = [
      { product: onSale!.p, variant: onSale!.v, quantity: 2 },
      { product: other!, variant: other!.variants[0]!, quantity: 1 },
    ];
    const unitPrice = (v: Variant) => v.sale_price_in_cents ?? v.price_in_cents;
    const expectedTotal = lines.reduce((sum, l) => sum + unitPrice(l.variant) * l.quantity, 0);

    const buyer = await customer('buyer');
    const checkout = await buyer.functions.invoke<{ url: string }>('create-checkout', {
      body: {
        items: lines.map((l) => ({ variant_id: l.variant.id, quantity: l.quantity })),
        successUrl: `${env.SITE_URL}/success`,
        cancelUrl: `${env.SITE_URL}/store`,
        locale: 'fr-FR',
        timeZone: 'Europe/Paris',
        consent: await checkoutConsent(buyer),
      },
    });
    expect(checkout.error).toBeNull();

    const success = await pay(checkout.data!.url, await emailOf(buyer));
    expect(`${success.origin}${success.pathname}`).toBe(`${env.SITE_URL}/success`);
    const checkoutId = success.searchParams.get('checkout');
    expect(checkoutId, 'the buyer comes back to the shop\'s own checkout id').toMatch(/^[0-9a-f-]{36}$/);

    const recorded = await buyer.functions.invoke<{ order_id: string }>('record-order', { body: { checkout_id: checkoutId } });
    expect(recorded.error).toBeNull();
    const orderId = recorded.data!.order_id;

    const { data: orders, error } = await buyer.from('orders').select('*, order_items(*)').order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(orders).toHaveLength(1);
    const order = orders![0]!;
    expect(order).toMatchObject({ id: orderId, status: 'completed', currency: 'eur', total_amount_cents: expectedTotal, checkout_session_id: checkoutId });
    const items = [...order.order_items].sort((a, b) => (a.variant_id < b.variant_id ? -1 : 1));
    const expectedItems = lines
      .map((l) => ({ variant_id: l.variant.id, product_title: l.product.title, variant_title: l.variant.title, quantity: l.quantity, price_per_item_cents: unitPrice(l.variant) }))
      .sort((a, b) => (a.variant_id < b.variant_id ? -1 : 1));
    expect(items).toMatchObject(expectedItems);
    expect(items.reduce((sum, i) => sum + i.price_per_item_cents * i.quantity, 0)).toBe(order.total_amount_cents);
    // Each file is an object of the private bucket, reached only through a signed link.
    for (const item of items) {
      expect(item.file_path, `file of ${item.variant_id}`).toMatch(/^products\//);
      expect(['pdf', 'video', 'audio', 'other']).toContain(item.file_type);
      const link = await buyer.functions.invoke<{ url: string }>('issue-download', { body: { order_item_id: item.id, disposition: 'attachment' } });
      expect(link.error, `link to ${item.file_path}`).toBeNull();
      const file = await fetch(link.data!.url);
      expect(file.status, item.file_path).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }

    const again = await buyer.functions.invoke<{ order_id: string }>('record-order', { body: { checkout_id: checkoutId } });
    expect(again.data?.order_id).toBe(orderId);

    const stranger = await customer('stranger');
    const seen = await stranger.from('orders').select('id, order_items(id)').eq('id', orderId);
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([]);
    const items2 = await stranger.from('order_items').select('id').eq('order_id', orderId);
    expect(items2.data).toEqual([]);
  });
});
