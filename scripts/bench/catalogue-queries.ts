// The storefront's read of the shop's own catalogue (docs/catalogue.md), at the size the issue
// names: 1,000 products (950 published, 30 drafts, 20 deleted) with 5,000 variants, each product
// with two images, an option whose values name its variants, a collection, a section, two related
// products and, for one in ten, a field to fill in; vacuumed and analysed as autovacuum would
// leave them. The reads are the visitor's, as anon: the home page's first four, /store's first
// page of 12, and one product's page.
import type pg from 'pg';
import type { BenchQuery } from './dashboard-queries.ts';

export const catalogueSize = { products: 1_000, variantsPerProduct: 5 };

/** The catalogue's tables: a sequential scan of any of them fails the bench. */
export const catalogueTables = [
  'products',
  'product_variants',
  'product_options',
  'product_option_values',
  'product_images',
  'product_collections',
  'product_additional_info',
  'product_custom_fields',
  'related_products',
];

/** Writes the catalogue (its triggers off: the dates are the generator's) and answers a published product's id. */
export async function generateCatalogue(db: pg.Client): Promise<{ sampleProductId: string }> {
  const { products, variantsPerProduct } = catalogueSize;
  await db.query('begin');
  await db.query(`set local session_replication_role = replica`);
  await db.query(
    `insert into public.collections (id, title, position) select 'col_bench_' || c, 'Collection ' || c, c from generate_series(1, 20) c`,
  );
  await db.query(
    `insert into public.products (id, title, subtitle, description, position, purchasable, type, status, created_at, updated_at, deleted_at)
     select 'prod_bench_' || n, 'Enseignement ' || md5(n::text), 'Sous-titre ' || n, '<p>' || repeat('Une page de texte. ', 40) || '</p>',
            n, n % 17 <> 0, case n % 3 when 0 then 'digital' when 1 then 'audio' else 'video' end,
            case when n % 33 = 0 then 'draft' else 'published' end,
            timestamptz '2025-01-01' + n * interval '7 hours', timestamptz '2026-01-01' + (n * 7919 % 1000) * interval '5 hours',
            case when n % 50 = 0 then timestamptz '2026-06-01' end
       from generate_series(1, $1::integer) n`,
    [products],
  );
  await db.query(
    `insert into public.product_variants (id, product_id, title, sku, price_in_cents, sale_price_in_cents, manage_inventory, inventory_quantity, position, retired_at)
     select 'var_bench_' || n || '_' || v, 'prod_bench_' || n, 'Format ' || v, 'SKU-' || n || '-' || v,
            900 + (n * 37 + v * 500) % 9000, case when (n + v) % 4 = 0 then 700 + (n * 37 + v * 500) % 8000 end,
            v = 1, case when v = 1 then (n % 20) end, v, case when v = $2 and n % 10 = 0 then now() end
       from generate_series(1, $1::integer) n, generate_series(1, $2::integer) v`,
    [products, variantsPerProduct],
  );
  await db.query(
    `insert into public.product_options (id, product_id, title, position) select 'opt_bench_' || n, 'prod_bench_' || n, 'Format', 0 from generate_series(1, $1::integer) n`,
    [products],
  );
  await db.query(
    `insert into public.product_option_values (id, product_id, option_id, variant_id, value)
     select 'val_bench_' || n || '_' || v, 'prod_bench_' || n, 'opt_bench_' || n, 'var_bench_' || n || '_' || v, 'Format ' || v
       from generate_series(1, $1::integer) n, generate_series(1, $2::integer) v`,
    [products, variantsPerProduct],
  );
  await db.query(
    `insert into public.product_images (product_id, url, position, type, alt_text)
     select 'prod_bench_' || n, 'https://images.example.test/' || n || '-' || i || '.webp', i, 'image', 'Image ' || i
       from generate_series(1, $1::integer) n, generate_series(0, 1) i`,
    [products],
  );
  await db.query(
    `insert into public.product_collections (product_id, collection_id, position) select 'prod_bench_' || n, 'col_bench_' || (n % 20 + 1), n from generate_series(1, $1::integer) n`,
    [products],
  );
  await db.query(
    `insert into public.product_additional_info (id, product_id, position, title, description)
     select 'info_bench_' || n, 'prod_bench_' || n, 0, 'Ce que vous recevez', '<p>Un fichier à télécharger.</p>' from generate_series(1, $1::integer) n`,
    [products],
  );
  await db.query(
    `insert into public.product_custom_fields (id, product_id, position, title, is_required)
     select 'field_bench_' || n, 'prod_bench_' || n, 0, 'Prénom à dédicacer', false from generate_series(10, $1::integer, 10) n`,
    [products],
  );
  await db.query(
    `insert into public.related_products (id, product_id, section_title, related_type, related_id, position)
     select 'rel_bench_' || n || '_' || r, 'prod_bench_' || n, 'Vous aimerez aussi', 'product', 'prod_bench_' || ((n + r * 13) % $1 + 1), r
       from generate_series(1, $1::integer) n, generate_series(1, 2) r`,
    [products],
  );
  await db.query('commit');
  for (const table of [...catalogueTables, 'collections']) await db.query(`vacuum analyze public.${table}`);
  return { sampleProductId: 'prod_bench_501' };
}

/**
 * The visitor's reads, as PostgREST's /rpc runs them: one function call each. Their targets are the
 * issue's, a p95 under 20 ms and no sequential scan; the ratio to bypassing RLS is printed only: the
 * functions filter what the policies filter, so RLS adds its check of each child row's product
 * (a primary-key lookup) to a read that needs none, a millisecond or two.
 */
export function catalogueQueries({ sampleProductId }: { sampleProductId: string }): BenchQuery[] {
  const visitor = { as: 'anon', role: 'anon' as const, ratioTarget: null, params: [] as unknown[] };
  return [
    { ...visitor, name: 'catalogue: home, first 4', sql: `select public.storefront_products(p_limit => 4)` },
    { ...visitor, name: 'catalogue: /store, page 1', sql: `select public.storefront_products()` },
    { ...visitor, name: 'catalogue: one product', sql: `select public.storefront_product($1)`, params: [sampleProductId] },
  ];
}
