// The commerce service's catalogue (its single-product answers, spec §7) as rows of the shop's own
// catalogue tables: the demo catalogue of a stack started with `catalogueSource: 'shop'`
// (`CATALOGUE_SOURCE=shop npm start`), and the contract test's, which loads the same catalogue into
// both and compares their answers. Tooling, not the import (`catalogue:import`, later): it keeps only
// what the Hostinger double's products hold, read from the double over HTTP.
import type { SupabaseClient } from '@supabase/supabase-js';
import { sanitizeDescription } from '../../web/src/lib/description-html.ts';

type Raw = Record<string, any>;

export interface CatalogueRows {
  products: Raw[];
  product_variants: Raw[];
  product_options: Raw[];
  product_option_values: Raw[];
  product_images: Raw[];
  collections: Raw[];
  product_collections: Raw[];
  product_additional_info: Raw[];
  product_custom_fields: Raw[];
  related_products: Raw[];
}

/** Rows for products as the single-product call answers them (`media`, `status`, `created_at`, …). */
export function catalogueRows(singles: Raw[]): CatalogueRows {
  const rows: CatalogueRows = {
    products: [],
    product_variants: [],
    product_options: [],
    product_option_values: [],
    product_images: [],
    collections: [],
    product_collections: [],
    product_additional_info: [],
    product_custom_fields: [],
    related_products: [],
  };
  for (const p of singles) {
    rows.products.push({
      id: p.id,
      title: p.title,
      subtitle: p.subtitle,
      ribbon_text: p.ribbon_text,
      // The database takes the editor's canonical form alone; the double's descriptions are in it already.
      description: sanitizeDescription(p.description),
      position: p.order,
      site_product_selection: p.site_product_selection,
      purchasable: p.purchasable,
      type: p.type.value,
      currency: p.currency_info.code,
      metadata: p.metadata,
      status: p.status,
      created_at: p.created_at,
      updated_at: p.updated_at,
      deleted_at: p.deleted_at,
    });
    p.variants.forEach((v: Raw, position: number) =>
      rows.product_variants.push({
        id: v.id,
        product_id: p.id,
        title: v.title,
        sku: v.sku,
        image_url: v.image_url,
        price_in_cents: v.price_in_cents,
        sale_price_in_cents: v.sale_price_in_cents,
        manage_inventory: v.manage_inventory,
        inventory_quantity: v.inventory_quantity,
        weight: v.weight,
        position,
        retired_at: null,
      }),
    );
    p.options.forEach((o: Raw, position: number) => {
      rows.product_options.push({ id: o.id, product_id: p.id, title: o.title, position });
      for (const value of o.values) {
        rows.product_option_values.push({ id: value.id, product_id: p.id, option_id: o.id, variant_id: value.variant_id, value: value.value });
      }
    });
    for (const image of p.media) rows.product_images.push({ product_id: p.id, url: image.url, position: image.order, type: image.type, alt_text: null });
    for (const link of p.collections) {
      if (!rows.collections.some((c) => c.id === link.collection_id)) rows.collections.push({ id: link.collection_id, title: link.collection_id, position: 0 });
      rows.product_collections.push({ product_id: p.id, collection_id: link.collection_id, position: link.order });
    }
    for (const info of p.additional_info) {
      rows.product_additional_info.push({ id: info.id, product_id: p.id, position: info.order, title: info.title, description: info.description });
    }
    p.custom_fields.forEach((f: Raw, position: number) =>
      rows.product_custom_fields.push({ id: f.id, product_id: p.id, position, title: f.title, is_required: f.is_required }),
    );
    for (const r of p.related_products) {
      rows.related_products.push({ id: r.id, product_id: p.id, section_title: r.section_title, related_type: r.related_type, related_id: r.related_id, position: r.position });
    }
  }
  return rows;
}

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

/** Every product of the double's store, as its single-product call answers each. */
export async function demoCatalogueProducts(commerceUrl: string, storeId: string): Promise<Raw[]> {
  const store = async (path: string): Promise<Raw> => {
    const response = await fetch(`${commerceUrl}/store/${encodeURIComponent(storeId)}${path}`);
    if (!response.ok) throw new Error(`demo catalogue: ${path} answered ${response.status}`);
    return (await response.json()) as Raw;
  };
  const list = await store('/products?limit=100');
  return Promise.all((list.products as Raw[]).map((p) => store(`/products/${encodeURIComponent(p.id)}`)));
}

/**
 * The double's catalogue written into an empty catalogue, once: a stack restarted keeps what an
 * administrator changed since. Answers how many products were written (0 when some were there).
 */
export async function loadDemoCatalogue(service: SupabaseClient, commerceUrl: string, storeId: string): Promise<number> {
  const { count, error } = await service.from('products').select('id', { count: 'exact', head: true });
  if (error) throw new Error(`demo catalogue: ${error.message}`);
  if (count) return 0;
  const rows = catalogueRows(await demoCatalogueProducts(commerceUrl, storeId));
  await loadCatalogue(service, rows);
  return rows.products.length;
}
