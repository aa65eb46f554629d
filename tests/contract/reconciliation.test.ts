// No paid order is lost: a buyer pays on the hosted page and never comes back to /success; the
// scheduled reconciliation (Supabase Cron → pg_net → reconcile-checkouts, with Vault's URL and key)
// records the order within two schedule periods, with its items and the priced total.
import { expect, it } from 'vitest';
import { createCheckout, emailOf, newCustomer, pay, type ShopEnv } from '../support/shop.ts';

const env = process.env as unknown as ShopEnv;
const schedulePeriodMs = 60_000;

it('records a paid order whose buyer never came back, within two schedule periods', async () => {
  const { supabase } = await newCustomer(env, 'never-back');
  const checkout = await createCheckout(env, supabase, [
    { variant_id: 'var_souffle_sacre', quantity: 1 },
    { variant_id: 'var_gratitude', quantity: 2 },
  ]);
  expect(checkout.error).toBeNull();
  const sessionId = await pay(checkout.data!.url, await emailOf(supabase));
  // The buyer closes the tab: nobody calls record-order.
  const { data: pending } = await supabase.from('checkout_sessions').select('total_amount_cents, status').eq('id', sessionId).single();
  expect(pending?.status).toBe('pending');

  const deadline = Date.now() + 2 * schedulePeriodMs + 10_000;
  let orders: Array<{ total_amount_cents: number; order_items: Array<{ variant_id: string; quantity: number }> }> = [];
  while (orders.length === 0 && Date.now() < deadline) {
    const { data } = await supabase.from('orders').select('total_amount_cents, order_items(variant_id, quantity)').eq('checkout_session_id', sessionId);
    orders = data ?? [];
    if (orders.length === 0) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  expect(orders, 'the order, recorded by the schedule').toHaveLength(1);
  expect(orders[0]!.total_amount_cents).toBe(pending!.total_amount_cents);
  expect(orders[0]!.order_items.map((i) => [i.variant_id, i.quantity]).sort()).toEqual([
    ['var_gratitude', 2],
    ['var_souffle_sacre', 1],
  ]);
  const { data: after } = await supabase.from('checkout_sessions').select('status').eq('id', sessionId).single();
  expect(after?.status).toBe('completed');
}, 3 * 60_000);
