// The catalogue's history and its stock shortfalls, read and decided through supabase-js under the
// administrator's session: admin_catalogue_history() and admin_stock_shortfalls() (42501 for anyone
// else), and a shortfall's decision written through its one column grant and policy. Plain
// functions of the client, so the contract test (tests/contract/catalogue-history.test.ts) runs
// these very queries.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database.types';

type Client = SupabaseClient<Database>;
type Functions = Database['public']['Functions'];
/** The generated types cannot say which returned columns may be null; these do. */
type Nullable<Row, Keys extends keyof Row> = Omit<Row, Keys> & { [Key in Keys]: Row[Key] | null };

/** One change; who made it is null for the service role or an operator, or once their account is gone. */
export type CatalogueChange = Nullable<
  Functions['admin_catalogue_history']['Returns'][number],
  'changed_by' | 'changed_by_email' | 'changed_by_name' | 'product_id' | 'product_title' | 'product_currency' | 'before' | 'after'
>;
/** One shortfall; the decision's columns are null while still to decide, the buyer's e-mail once their account is gone. */
export type StockShortfall = Nullable<
  Functions['admin_stock_shortfalls']['Returns'][number],
  'buyer_email' | 'variant_title' | 'resolution' | 'handled_at' | 'handled_by_email' | 'handled_by_name'
>;
export type ShortfallResolution = 'delivered' | 'refunded';

/** Changes per page of a history; the database serves at most 100. */
export const HISTORY_PAGE_SIZE = 20;
/** Shortfalls the page lists, those still to decide first; the database serves at most 200. */
export const SHORTFALLS_LIMIT = 100;

/** Where a page of history starts: after the last change shown (newest first). */
export interface HistoryCursor {
  changedAt: string;
  id: number;
}

export interface HistoryPage {
  changes: CatalogueChange[];
  next: HistoryCursor | null;
}

/**
 * A page of a product's changes (`productId`), or of the whole catalogue's (null), newest first,
 * after `after`. One more row than shown says whether another page follows, without counting.
 */
export async function readCatalogueHistory(client: Client, productId: string | null, after: HistoryCursor | null): Promise<HistoryPage> {
  const { data, error } = await client.rpc('admin_catalogue_history', {
    ...(productId ? { p_product_id: productId } : {}),
    ...(after ? { p_after_changed_at: after.changedAt, p_after_id: after.id } : {}),
    p_limit: HISTORY_PAGE_SIZE + 1,
  });
  if (error) throw error;
  const changes: CatalogueChange[] = data.slice(0, HISTORY_PAGE_SIZE);
  const last = changes.at(-1);
  return { changes, next: data.length > HISTORY_PAGE_SIZE && last ? { changedAt: last.changed_at, id: last.id } : null };
}

export async function readStockShortfalls(client: Client): Promise<StockShortfall[]> {
  const { data, error } = await client.rpc('admin_stock_shortfalls', { p_limit: SHORTFALLS_LIMIT });
  if (error) throw error;
  return data;
}

/** How many shortfalls are still to decide (a count, no rows); RLS counts none for a customer. */
export async function countUndecidedShortfalls(client: Client): Promise<number> {
  const { count, error } = await client.from('stock_shortfalls').select('order_item_id', { count: 'exact', head: true }).is('resolution', null);
  if (error) throw error;
  return count ?? 0;
}

/** A shortfall already decided, or hidden by RLS (not an administrator): nothing was written. */
export class ShortfallNotDecidedError extends Error {
  constructor(orderItemId: string) {
    super(`stock shortfall ${orderItemId}: no row changed`);
  }
}

/** Records the decision on the shortfall of `orderItemId`; the database stamps who and when. */
export async function decideStockShortfall(client: Client, orderItemId: string, resolution: ShortfallResolution): Promise<void> {
  const { data, error } = await client.from('stock_shortfalls').update({ resolution }).eq('order_item_id', orderItemId).is('resolution', null).select('order_item_id');
  if (error) throw error;
  if (!data.length) throw new ShortfallNotDecidedError(orderItemId);
}
