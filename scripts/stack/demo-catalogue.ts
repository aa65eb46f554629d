// The commerce sandbox's catalogue in the shop's own tables: the demo catalogue of a stack started
// with `catalogueSource: 'shop'` (`CATALOGUE_SOURCE=shop npm start`), imported as
// `npm run catalogue:import` imports a store, and the contract test's fixture, which writes the same
// rows (scripts/catalogue/store-rows.ts) beside the other files' products on the shared stack and
// compares both sources' answers.
import type { SupabaseClient } from '@supabase/supabase-js';
import { importCatalogue } from '../catalogue/import.ts';
import { storefrontProducts } from '../catalogue/read-store.ts';
import type { CatalogueRows } from '../catalogue/store-rows.ts';

/**
 * Writes the rows with the service role, replacing each product's images (they have no stable id),
 * then sets the products' `updated_at` back to the store's (the children's writes moved it).
 */
export async function loadCatalogue(service: SupabaseClient, rows: CatalogueRows): Promise<void> {
  const ids = rows.products.map((p) => p.id);
  const check = ({ error }: { error: unknown }) => {
    if (error) throw new Error(`catalogue fixture: ${JSON.stringify(error)}`);
  };
  check(await service.from('products').upsert(rows.products));
  check(await service.from('collections').upsert(rows.collections));
  check(await service.from('product_variants').upsert(rows.product_variants));
  check(await service.from('product_options').upsert(rows.product_options));
  check(await service.from('product_option_values').upsert(rows.product_option_values));
  check(await service.from('product_images').delete().in('product_id', ids));
  check(await service.from('product_images').insert(rows.product_images));
  check(await service.from('product_collections').upsert(rows.product_collections));
  check(await service.from('product_additional_info').upsert(rows.product_additional_info));
  if (rows.product_custom_fields.length) check(await service.from('product_custom_fields').upsert(rows.product_custom_fields));
  if (rows.related_products.length) check(await service.from('related_products').upsert(rows.related_products));
  check(await service.from('products').upsert(rows.products));
}

/**
 * The double's catalogue imported into an empty catalogue, once, as `npm run catalogue:import`
 * would: a stack restarted keeps what an administrator changed since. Answers how many products
 * were written (0 when some were there).
 */
export async function loadDemoCatalogue(service: SupabaseClient, commerceUrl: string, storeId: string): Promise<number> {
  const { count, error } = await service.from('products').select('id', { count: 'exact', head: true });
  if (error) throw new Error(`demo catalogue: ${error.message}`);
  if (count) return 0;
  const report = await importCatalogue(service, await storefrontProducts({ storefrontUrl: commerceUrl, storeId }));
  return report.products.created;
}
