// The store's products written into the shop's catalogue tables as the service role, so that they
// equal the store's: a row is created when missing, updated in the columns that differ, and left
// alone when equal (a second run over the same store writes nothing, and the audit records nothing).
// What left the store is not erased: a product is soft-deleted (`deleted_at`), a variant retired
// (`retired_at`: past orders, invoices and the library still name it); the rows of a product's page
// that the store no longer has are deleted. The shop's own rows (ids of its form: a prefix and 32 hex
// digits, as the admin area makes them) are never touched, nor a collection's title, which the store
// does not give. With `copyImages`, the store's pictures are copied into the shop's bucket first and
// the rows name the copies (store-images.ts). docs/catalogue-import.md.
import type { SupabaseClient } from '@supabase/supabase-js';
import { copyStoreImages, removeStaleImages, type ImageCopyOptions, type ImageCounts } from './store-images.ts';
import { catalogueRows, type CatalogueRows, type Raw } from './store-rows.ts';

export type CatalogueTable = keyof CatalogueRows;

export interface TableCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** Products soft-deleted, variants retired, other rows deleted. */
  removed: number;
}

export interface ImportReport {
  tables: Record<CatalogueTable, TableCounts>;
  /** Null when the rows keep the store's URLs. */
  images: ImageCounts | null;
}

export class CatalogueWriteError extends Error {}

interface TablePlan {
  creates: Raw[];
  updates: Array<{ current: Raw; patch: Raw }>;
  unchanged: number;
  removals: Raw[];
}

// In the order they are written: a row's parents first.
const tableOrder: CatalogueTable[] = [
  'products',
  'collections',
  'product_variants',
  'product_options',
  'product_option_values',
  'product_images',
  'product_collections',
  'product_additional_info',
  'product_custom_fields',
  'related_products',
];

/** How a row is found again: images have no stable id (their place in the gallery is), a product's collections none at all. */
const keyOf = (table: CatalogueTable, row: Raw): string =>
  table === 'product_images' ? `${row.product_id}#${row.position}` : table === 'product_collections' ? `${row.product_id}|${row.collection_id}` : row.id;

const matchColumns = (table: CatalogueTable, row: Raw): Raw =>
  table === 'product_collections' ? { product_id: row.product_id, collection_id: row.collection_id } : { id: row.id };

/** A row the shop made itself: its id is a prefix and a random UUID's 32 hex digits. */
const shopMade = (table: CatalogueTable, row: Raw) => /^[a-z]+_[0-9a-f]{32}$/.test(table === 'product_collections' ? row.collection_id : String(row.id));

const timestampColumns = new Set(['created_at', 'updated_at', 'deleted_at', 'retired_at']);

/** JSON with its keys sorted, so that two equal objects (a product's `metadata`) compare equal. */
const canonical = (value: unknown): string =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Raw)[k])}`).join(',')}}`
    : JSON.stringify(value);

function sameValue(column: string, current: unknown, wanted: unknown): boolean {
  if (current === null || current === undefined || wanted === null) return (current ?? null) === wanted;
  if (timestampColumns.has(column)) return Date.parse(String(current)) === Date.parse(String(wanted));
  if (typeof wanted === 'number') return Number(current) === wanted;
  return canonical(current) === canonical(wanted);
}

/** The columns the store says otherwise; a column it does not give (undefined) is left as it is. */
function patchOf(current: Raw, wanted: Raw): Raw {
  return Object.fromEntries(Object.entries(wanted).filter(([column, value]) => value !== undefined && !sameValue(column, current[column], value)));
}

function planTable(table: CatalogueTable, current: Raw[], wanted: Raw[], storeProductIds: Set<string>, now: string): TablePlan {
  const byKey = new Map(current.map((row) => [keyOf(table, row), row]));
  const plan: TablePlan = { creates: [], updates: [], unchanged: 0, removals: [] };
  for (const row of wanted) {
    const existing = byKey.get(keyOf(table, row));
    if (!existing) plan.creates.push(row);
    // The store names collections but not their titles: one the shop holds is left as it is.
    else if (table === 'collections') plan.unchanged++;
    else {
      const patch = patchOf(existing, row);
      if (Object.keys(patch).length) plan.updates.push({ current: existing, patch });
      else plan.unchanged++;
    }
  }
  const wantedKeys = new Set(wanted.map((row) => keyOf(table, row)));
  for (const row of current) {
    if (wantedKeys.has(keyOf(table, row)) || shopMade(table, row)) continue;
    if (table === 'products') {
      if (row.deleted_at === null) plan.removals.push({ id: row.id, patch: { deleted_at: now } });
    } else if (table === 'product_variants') {
      if (storeProductIds.has(row.product_id) && row.retired_at === null) plan.removals.push({ id: row.id, patch: { retired_at: now } });
    } else if (table !== 'collections' && storeProductIds.has(row.product_id)) {
      plan.removals.push(row);
    }
  }
  return plan;
}

async function checked<T>(what: string, request: PromiseLike<{ data: T; error: { message: string; code?: string } | null; status: number }>): Promise<T> {
  const { data, error, status } = await request;
  if (!error) return data;
  if (status === 401 || status === 403) throw new CatalogueWriteError(`Supabase refused the key while ${what} (${status}): SUPABASE_SECRET_KEY must be a secret (or service_role) key of this project. ${error.message}`);
  if (status === 0 || /fetch failed/i.test(error.message)) throw new CatalogueWriteError(`Supabase cannot be reached while ${what}: ${error.message}. Check SUPABASE_URL.`);
  throw new CatalogueWriteError(`${what}: ${error.message}${error.code ? ` (${error.code})` : ''}`);
}

/** Every row of a catalogue table, page by page (PostgREST answers at most its `max_rows` at once). */
async function currentRows(service: SupabaseClient, table: CatalogueTable): Promise<Raw[]> {
  const rows: Raw[] = [];
  const pageSize = 1000;
  for (let from = 0; ; from += pageSize) {
    const order = table === 'product_collections' ? 'product_id,collection_id' : 'id';
    const query = service.from(table).select('*');
    for (const column of order.split(',')) query.order(column);
    const page = await checked(`reading ${table}`, query.range(from, from + pageSize - 1));
    rows.push(...(page as Raw[]));
    if ((page as Raw[]).length < pageSize) return rows;
  }
}

/** Rows of one shape go in one insert: PostgREST gives the columns a row lacks their default only then. */
function byColumns(rows: Raw[]): Raw[][] {
  const groups = new Map<string, Raw[]>();
  for (const row of rows) {
    const columns = Object.keys(row).filter((k) => row[k] !== undefined).sort().join(',');
    groups.set(columns, [...(groups.get(columns) ?? []), Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined))]);
  }
  return [...groups.values()];
}

function matching<Q extends { eq(column: string, value: unknown): Q }>(query: Q, columns: Raw): Q {
  return Object.entries(columns).reduce((q, [column, value]) => q.eq(column, value), query);
}

async function applyPlan(service: SupabaseClient, plans: Record<CatalogueTable, TablePlan>, storeProducts: Raw[]): Promise<void> {
  // Removals of a page's rows first: an option's values before another option takes their variants.
  for (const table of [...tableOrder].reverse()) {
    if (table === 'products' || table === 'product_variants') continue;
    for (const row of plans[table].removals) {
      await checked(`deleting from ${table}`, matching(service.from(table).delete(), table === 'product_images' ? { id: row.id } : matchColumns(table, row)));
    }
  }
  for (const table of tableOrder) {
    for (const rows of byColumns(plans[table].creates)) await checked(`inserting into ${table}`, service.from(table).insert(rows));
    for (const { current, patch } of plans[table].updates) {
      await checked(`updating ${table}`, matching(service.from(table).update(patch), table === 'product_images' ? { id: current.id } : matchColumns(table, current)));
    }
  }
  for (const table of ['product_variants', 'products'] as const) {
    for (const { id, patch } of plans[table].removals) await checked(`updating ${table}`, service.from(table).update(patch).eq('id', id));
  }
  // The children's writes moved their products' `updated_at` (a trigger): the store's date is put back.
  const dated = storeProducts.filter((p) => p.updated_at !== undefined);
  if (!dated.length) return;
  const now = (await checked('reading products', service.from('products').select('id, updated_at').in('id', dated.map((p) => p.id)))) as Raw[];
  const moved = new Map(now.map((p) => [p.id, p.updated_at]));
  for (const product of dated) {
    if (!sameValue('updated_at', moved.get(product.id), product.updated_at)) {
      await checked('dating products', service.from('products').update({ updated_at: product.updated_at }).eq('id', product.id));
    }
  }
}

/**
 * Makes the shop's catalogue equal the store's products (single-product answers, read-store.ts), and
 * answers what it did, or with `dryRun` what it would do, per table. With `copyImages` the rows name
 * copies of the store's pictures in the shop's bucket; without, the store's URLs.
 */
export async function importCatalogue(
  service: SupabaseClient,
  singles: Raw[],
  options: { dryRun?: boolean; copyImages?: Omit<ImageCopyOptions, 'dryRun'> } = {},
): Promise<ImportReport> {
  const wanted = catalogueRows(singles);
  const storeProductIds = new Set(wanted.products.map((p) => p.id as string));
  const now = new Date().toISOString();
  const current = {} as Record<CatalogueTable, Raw[]>;
  for (const table of tableOrder) current[table] = await currentRows(service, table);
  const images = options.copyImages ? await copyStoreImages(service, wanted, current, { ...options.copyImages, dryRun: options.dryRun }) : null;
  const plans = {} as Record<CatalogueTable, TablePlan>;
  for (const table of tableOrder) plans[table] = planTable(table, current[table], wanted[table], storeProductIds, now);
  if (!options.dryRun) {
    await applyPlan(service, plans, wanted.products);
    // Only now that no row names them.
    await removeStaleImages(service, images?.stalePaths ?? []).catch((error: Error) => {
      throw new CatalogueWriteError(error.message);
    });
  }
  const tables = Object.fromEntries(
    tableOrder.map((table) => [table, { created: plans[table].creates.length, updated: plans[table].updates.length, unchanged: plans[table].unchanged, removed: plans[table].removals.length }]),
  ) as ImportReport['tables'];
  return { tables, images: images?.counts ?? null };
}

const removedWord: Partial<Record<CatalogueTable, string>> = { products: 'deleted', product_variants: 'retired' };

/** The report in a few lines: one per table, one for the pictures and one per picture that failed. */
export function reportLines({ tables, images }: ImportReport): string[] {
  const width = Math.max(...tableOrder.map((t) => t.length));
  const lines = tableOrder.map((table) => {
    const c = tables[table];
    const removed = table === 'collections' ? '' : `, ${c.removed} ${removedWord[table] ?? 'deleted'}`;
    return `${table.padEnd(width)}  ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged${removed}`;
  });
  if (!images) return lines;
  lines.push(`${'images'.padEnd(width)}  ${images.copied} copied, ${images.unchanged} unchanged, ${images.failed.length} failed, ${images.removed} removed`);
  for (const { productId, url, reason } of images.failed) lines.push(`  failed: ${url} (${productId}): ${reason}; its row keeps this URL (the next run tries again)`);
  return lines;
}
