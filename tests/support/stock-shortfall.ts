// A stock shortfall as a paid order makes one, for the tests of « Ruptures de stock »: as the service
// role (what stripe-webhook or the reconciliation does once a payment is in), a draft product with
// one unit left, a checkout for two, and record_order(), whose stock-taking trigger takes the unit
// and files the one missing. The product stays a draft, so the storefront's catalogue is unchanged.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface FiledShortfall {
  productId: string;
  productTitle: string;
  variantId: string;
  orderId: string;
  orderItemId: string;
}

async function check<T>(what: string, query: PromiseLike<{ data: T; error: unknown }>): Promise<T> {
  const { data, error } = await query;
  if (error) throw new Error(`${what} failed: ${JSON.stringify(error)}`);
  return data;
}

/** Files a shortfall (2 wanted, 1 taken) on an order of `buyerId`; `service` holds the secret key. */
export async function fileStockShortfall(service: SupabaseClient, buyerId: string, productTitle: string): Promise<FiledShortfall> {
  const suffix = crypto.randomUUID().replaceAll('-', '');
  const productId = `prod_${suffix}`;
  const variantId = `var_${suffix}`;
  const checkoutId = `cs_shortfall_${suffix}`;
  await check('the product', service.from('products').insert({ id: productId, title: productTitle, status: 'draft' }));
  await check(
    'its variant',
    service.from('product_variants').insert({ id: variantId, product_id: productId, title: 'Édition numérotée', price_in_cents: 1500, manage_inventory: true, inventory_quantity: 1 }),
  );
  await check(
    'the checkout',
    service.from('checkout_sessions').insert({
      id: checkoutId,
      user_id: buyerId,
      items: [{ variant_id: variantId, product_id: productId, product_title: productTitle, variant_title: 'Édition numérotée', quantity: 2, unit_price_cents: 1500 }],
      total_amount_cents: 3000,
      currency: 'eur',
      cgv_version: 1,
      consent_text: 'J’accepte les conditions générales de vente.',
      consented_at: new Date().toISOString(),
    }),
  );
  const orderId = await check('record_order', service.rpc('record_order', { p_checkout_session_id: checkoutId, p_user_id: buyerId }));
  const shortfall = await check('the shortfall', service.from('stock_shortfalls').select('order_item_id').eq('order_id', orderId).single());
  return { productId, productTitle, variantId, orderId: String(orderId), orderItemId: (shortfall as { order_item_id: string }).order_item_id };
}

/** Takes the product off the admin list (soft deletion: its variant was sold, so it stays for the order). */
export async function removeShortfallProduct(service: SupabaseClient, shortfall: FiledShortfall): Promise<void> {
  await check('removing the product', service.from('products').update({ deleted_at: new Date().toISOString() }).eq('id', shortfall.productId));
}
