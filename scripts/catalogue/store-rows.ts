// The commerce service's products as rows of the shop's own catalogue tables: the one mapping of
// `npm run catalogue:import` (import.ts), of the local stack's demo catalogue and of the contract test
// that compares both sources (scripts/stack/demo-catalogue.ts). It reads the single-product answer
// of the storefront (spec §7: `media`, `status`, `created_at`, …); read-store.ts gives the drafts
// only the Ecommerce API lists the same shape, leaving undefined what that API does not say (the
// import then leaves those columns as they are).
import { sanitizeDescription } from '../../web/src/lib/description-html.ts';

export type Raw = Record<string, any>;

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
      // The database takes the editor's canonical form alone (docs/product-description.md); undefined
      // (the Ecommerce API does not give it) leaves the stored one as it is.
      description: p.description === undefined ? undefined : sanitizeDescription(p.description),
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
    // The store gives no alternative text: an administrator's stays.
    for (const image of p.media) rows.product_images.push({ product_id: p.id, url: image.url, position: image.order, type: image.type });
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
