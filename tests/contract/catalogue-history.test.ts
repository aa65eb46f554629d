// The catalogue's history and « Ruptures de stock », run as the admin area runs them: the very
// queries of web/src/features/admin/api/catalogue-history-queries.ts, through the unmodified
// supabase-js. An administrator reads a product's changes (who by e-mail, before and after) and the
// whole catalogue's by keyset pages, lists a shortfall a paid order filed and records a decision,
// which the database stamps as theirs; a customer's same calls are refused (42501) or change
// nothing, and a decision stands.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, newCustomer, type ShopEnv } from '../support/shop.ts';
import { fileStockShortfall, removeShortfallProduct, type FiledShortfall } from '../support/stock-shortfall.ts';
import {
  countUndecidedShortfalls,
  decideStockShortfall,
  readCatalogueHistory,
  readStockShortfalls,
  ShortfallNotDecidedError,
} from '../../web/src/features/admin/api/catalogue-history-queries.ts';
import type { Database } from '../../web/src/lib/database.types.ts';

const env = process.env as unknown as ShopEnv;
let admin: SupabaseClient<Database>;
let adminEmail: string;
let adminId: string;
let customer: SupabaseClient<Database>;
let customerId: string;
let service: SupabaseClient<Database>;
let shortfall: FiledShortfall;

beforeAll(async () => {
  service = client(env, env.SUPABASE_SECRET_KEY) as SupabaseClient<Database>;
  const adminUser = await newCustomer(env, 'historique-admin');
  expect((await service.from('profiles').update({ role: 'admin' }).eq('id', adminUser.userId)).error).toBeNull();
  admin = adminUser.supabase as SupabaseClient<Database>;
  adminEmail = adminUser.email;
  adminId = adminUser.userId;
  const buyer = await newCustomer(env, 'historique-acheteuse');
  customer = buyer.supabase as SupabaseClient<Database>;
  customerId = buyer.userId;
  shortfall = await fileStockShortfall(service, customerId, `Dernier exemplaire ${Date.now().toString(36)}`);
});

afterAll(async () => {
  if (shortfall) await removeShortfallProduct(service, shortfall);
});

it('reads a product’s history newest first with who made each change, and pages the catalogue’s by keyset', async () => {
  expect((await admin.from('product_variants').update({ price_in_cents: 1290 }).eq('id', shortfall.variantId)).error).toBeNull();

  const { changes, next } = await readCatalogueHistory(admin, shortfall.productId, null);
  expect(next).toBeNull();
  expect(changes.map((change) => [change.table_name, change.operation, change.changed_by_role, change.changed_by_email])).toEqual([
    ['product_variants', 'update', 'authenticated', adminEmail],
    // The stock the payment took is not a catalogue edit: the fixture's inserts follow.
    ['product_variants', 'insert', 'service_role', null],
    ['products', 'insert', 'service_role', null],
  ]);
  expect(changes[0]).toMatchObject({ changed_by: adminId, product_title: shortfall.productTitle, product_currency: 'eur' });
  expect([changes[0]!.before, changes[0]!.after]).toEqual([{ price_in_cents: 1500 }, { price_in_cents: 1290 }]);

  const first = await readCatalogueHistory(admin, null, null);
  expect(first.changes[0]!.id).toBe(changes[0]!.id);
  if (first.next) {
    const second = await readCatalogueHistory(admin, null, first.next);
    const last = first.changes.at(-1)!;
    expect(second.changes.every((change) => change.changed_at < last.changed_at || (change.changed_at === last.changed_at && change.id < last.id))).toBe(true);
  }
});

it('refuses a customer the history (42501), not an empty page', async () => {
  await expect(readCatalogueHistory(customer, shortfall.productId, null)).rejects.toMatchObject({ code: '42501' });
  await expect(readCatalogueHistory(customer, null, null)).rejects.toMatchObject({ code: '42501' });
  await expect(readCatalogueHistory(client(env) as SupabaseClient<Database>, null, null)).rejects.toMatchObject({ code: '42501' });
});

it('lets an administrator list a shortfall and record a decision the database stamps as theirs', async () => {
  const listed = (await readStockShortfalls(admin)).find((row) => row.order_item_id === shortfall.orderItemId);
  expect(listed).toMatchObject({
    order_id: shortfall.orderId,
    buyer_id: customerId,
    product_title: shortfall.productTitle,
    variant_title: 'Édition numérotée',
    wanted: 2,
    taken: 1,
    resolution: null,
  });
  const undecided = await countUndecidedShortfalls(admin);
  expect(undecided).toBeGreaterThanOrEqual(1);

  // A customer: the list refused, the decision changes nothing, the count sees none.
  await expect(readStockShortfalls(customer)).rejects.toMatchObject({ code: '42501' });
  await expect(decideStockShortfall(customer, shortfall.orderItemId, 'refunded')).rejects.toBeInstanceOf(ShortfallNotDecidedError);
  expect(await countUndecidedShortfalls(customer)).toBe(0);
  // Nor may anyone write the stamp or the facts.
  expect((await admin.from('stock_shortfalls').update({ taken: 2 }).eq('order_item_id', shortfall.orderItemId)).error?.code).toBe('42501');
  expect((await admin.from('stock_shortfalls').update({ handled_by: customerId }).eq('order_item_id', shortfall.orderItemId)).error?.code).toBe('42501');

  await decideStockShortfall(admin, shortfall.orderItemId, 'delivered');
  const decided = (await readStockShortfalls(admin)).find((row) => row.order_item_id === shortfall.orderItemId);
  expect(decided).toMatchObject({ resolution: 'delivered', handled_by_email: adminEmail, wanted: 2, taken: 1 });
  expect(decided!.handled_at).not.toBeNull();
  expect(await countUndecidedShortfalls(admin)).toBe(undecided - 1);

  // A decision stands.
  await expect(decideStockShortfall(admin, shortfall.orderItemId, 'refunded')).rejects.toBeInstanceOf(ShortfallNotDecidedError);
  expect((await readStockShortfalls(admin)).find((row) => row.order_item_id === shortfall.orderItemId)?.resolution).toBe('delivered');
});
