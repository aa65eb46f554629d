// The commerce sandbox's catalogue in the shop's own tables: the demo catalogue of a stack started
// with `catalogueSource: 'shop'` (`CATALOGUE_SOURCE=shop npm start`), imported as
// `npm run catalogue:import` imports a store, and the contract test's fixture, which writes the same
// rows (scripts/catalogue/store-rows.ts) beside the other files' products on the shared stack and
// compares both sources' answers. The demo is built from the sandbox's catalogue module, not asked
// of its process, its pictures stored in the shop's bucket: a shop on its own catalogue whose
// payments Stripe takes runs with no commerce service at all.
import type { SupabaseClient } from '@supabase/supabase-js';
import { productJson, variantsById } from '../commerce-sandbox/catalogue.ts';
import { productSeeds } from '../commerce-sandbox/catalogue-data.ts';
import { importCatalogue } from '../catalogue/import.ts';
import type { CatalogueRows, Raw } from '../catalogue/store-rows.ts';
import { storeDemoPicture } from './demo-images.ts';

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
 * The sandbox's store as its single-product answers at its first start (each managed variant's
 * initial stock), each picture's URL that of its copy in the bucket.
 */
async function demoStoreProducts(service: SupabaseClient): Promise<Raw[]> {
  const initialStock = (id: string) => variantsById.get(id)?.initialStock ?? null;
  return Promise.all(
    productSeeds.map(async (seed, order) => {
      const single: Raw = productJson(seed, order, '', initialStock, true);
      const urls = new Map<string, string>();
      for (const image of single.media) {
        urls.set(image.url, await storeDemoPicture(service, { productId: single.id, slug: seed.slug, title: seed.title, n: image.order + 1 }));
      }
      const stored = (path: string | null) => (path === null ? null : urls.get(path)!);
      return {
        ...single,
        thumbnail: stored(single.thumbnail),
        media: (single.media as Raw[]).map((image) => ({ ...image, url: stored(image.url) })),
        variants: (single.variants as Raw[]).map((variant) => ({ ...variant, image_url: stored(variant.image_url) })),
      };
    }),
  );
}

/**
 * The demo catalogue imported into an empty catalogue, once, as `npm run catalogue:import` would:
 * a stack restarted keeps what an administrator changed since. Answers how many products were
 * written (0 when some were there).
 */
export async function loadDemoCatalogue(service: SupabaseClient): Promise<number> {
  const { count, error } = await service.from('products').select('id', { count: 'exact', head: true });
  if (error) throw new Error(`demo catalogue: ${error.message}`);
  if (count) return 0;
  const report = await importCatalogue(service, await demoStoreProducts(service));
  return report.tables.products.created;
}
