-- The storefront's read of the catalogue (storefront_products, storefront_product,
-- storefront_variants) answers the commerce service's shapes (spec §7) for a small catalogue: the
-- list's envelope and product fields, prices in cents and formatted, stock only where managed,
-- `media` in the single product, published products and unretired variants only, whoever asks.
-- tests/contract/catalogue-read.test.ts compares whole answers with the Hostinger double's.
begin;
\ir helpers/setup.psql
select plan(26);

select tests.create_user('root@storefront.test', 'Root');
select tests.make_admin('root@storefront.test');

insert into public.products (id, title, subtitle, ribbon_text, description, position, status, deleted_at, site_product_selection, created_at) values
  ('prod_sf_path', 'Le Chemin', 'Deux éditions', null, '<p>Le livre.</p>', 1, 'published', null, 'first_variant', '2026-01-15 09:00:00+00'),
  ('prod_sf_flame', 'La Flamme', 'Rituel', 'Promo', '<p>Un rituel.</p>', 0, 'published', null, 'lowest_price_first', '2026-01-15 09:00:00+00'),
  ('prod_sf_draft', 'Brouillon', null, null, null, 2, 'draft', null, 'lowest_price_first', now()),
  ('prod_sf_gone', 'Supprimé', null, null, null, 3, 'published', now(), 'lowest_price_first', now());
insert into public.product_variants (id, product_id, title, sku, price_in_cents, sale_price_in_cents, manage_inventory, inventory_quantity, position, retired_at) values
  ('var_sf_path_std', 'prod_sf_path', 'Standard', 'LS-PATH-1', 2400, null, false, null, 0, null),
  ('var_sf_path_ann', 'prod_sf_path', 'Annotée', 'LS-PATH-2', 3400, 2900, false, null, 1, null),
  ('var_sf_path_old', 'prod_sf_path', 'Ancienne', 'LS-PATH-0', 1000, null, false, null, 2, now()),
  ('var_sf_flame', 'prod_sf_flame', 'Standard', 'LS-FLAME-1', 9900, 7900, true, 4, 0, null),
  ('var_sf_draft', 'prod_sf_draft', 'Standard', null, 100, null, false, null, 0, null);
insert into public.product_options (id, product_id, title) values ('opt_sf_path', 'prod_sf_path', 'Édition');
insert into public.product_option_values (id, product_id, option_id, variant_id, value) values
  ('val_sf_std', 'prod_sf_path', 'opt_sf_path', 'var_sf_path_std', 'Standard'),
  ('val_sf_ann', 'prod_sf_path', 'opt_sf_path', 'var_sf_path_ann', 'Annotée'),
  ('val_sf_old', 'prod_sf_path', 'opt_sf_path', 'var_sf_path_old', 'Ancienne');
insert into public.product_images (product_id, url, position, alt_text) values
  ('prod_sf_path', 'https://images.test/path-2.svg', 1, 'Le livre ouvert sur un autel'), ('prod_sf_path', 'https://images.test/path-1.svg', 0, null);
insert into public.collections (id, title) values ('col_sf_pdf', 'Enseignements');
insert into public.product_collections (product_id, collection_id, position) values ('prod_sf_path', 'col_sf_pdf', 1);
insert into public.product_additional_info (id, product_id, position, title, description) values ('info_sf_path', 'prod_sf_path', 0, 'Format', 'PDF');
update public.products set updated_at = '2026-02-01 10:00:00+00' where id in ('prod_sf_path', 'prod_sf_flame');

create temporary table answers as
select public.storefront_products(p_ids => array['prod_sf_path', 'prod_sf_flame', 'prod_sf_draft', 'prod_sf_gone']) as list,
       public.storefront_product('prod_sf_path') as single;
grant select on answers to anon, authenticated;

select tests.clear_authentication();
select is((select array(select jsonb_object_keys(list) order by 1) from answers), array['count', 'limit', 'offset', 'products'],
  'the list answers { count, offset, limit, products }');
select is((select list -> 'count' from answers), '2'::jsonb, 'it counts the published products only');
select is((select array(select p ->> 'id' from jsonb_array_elements(list -> 'products') p) from answers), array['prod_sf_flame', 'prod_sf_path'],
  'in the catalogue''s order, without the draft or the deleted product');
select is((select array(select jsonb_object_keys(list -> 'products' -> 1) order by 1) from answers),
  array['additional_info', 'collections', 'currency_info', 'custom_fields', 'description', 'id', 'images', 'options', 'order', 'purchasable',
        'related_products', 'ribbon_text', 'site_product_selection', 'subtitle', 'thumbnail', 'title', 'type', 'updated_at', 'variants'],
  'a listed product has the commerce service''s fields');
select is((select list -> 'products' -> 1 -> 'images' from answers),
  '[{"url": "https://images.test/path-1.svg", "order": 0, "type": "image"},
    {"url": "https://images.test/path-2.svg", "order": 1, "type": "image", "alt_text": "Le livre ouvert sur un autel"}]'::jsonb,
  'its images in order, the first its thumbnail; an alternative text where one is written, no key where none is');
select is((select list -> 'products' -> 1 ->> 'thumbnail' from answers), 'https://images.test/path-1.svg', 'the thumbnail is the first image');
select is((select list -> 'products' -> 1 -> 'variants' -> 1 from answers),
  '{"id": "var_sf_path_ann", "product_id": "prod_sf_path", "title": "Annotée", "image_url": null, "sku": "LS-PATH-2", "price_in_cents": 3400,
    "sale_price_in_cents": 2900, "currency": "eur", "formatted_price": "34,00 €", "formatted_sale_price": "29,00 €", "manage_inventory": false,
    "weight": null, "options": [{"id": "val_sf_ann", "option_id": "opt_sf_path", "variant_id": "var_sf_path_ann", "value": "Annotée"}],
    "inventory_quantity": null}'::jsonb,
  'a variant: prices in cents and formatted, its option value, no stock when not managed');
select is((select jsonb_array_length(list -> 'products' -> 1 -> 'variants') from answers), 2, 'a retired variant is not listed');
select is((select list -> 'products' -> 1 -> 'options' from answers),
  '[{"id": "opt_sf_path", "title": "Édition", "values": [{"id": "val_sf_std", "option_id": "opt_sf_path", "variant_id": "var_sf_path_std", "value": "Standard"},
     {"id": "val_sf_ann", "option_id": "opt_sf_path", "variant_id": "var_sf_path_ann", "value": "Annotée"}]}]'::jsonb,
  'options carry the values of unretired variants');
select is((select list -> 'products' -> 0 -> 'variants' -> 0 -> 'inventory_quantity' from answers), '4'::jsonb, 'a managed variant shows its stock');
select is((select list -> 'products' -> 1 -> 'currency_info' from answers), '{"code": "eur", "symbol": "€", "template": "$1 €"}'::jsonb,
  'the currency as the storefront formats it');
select is((select (list -> 'products' -> 1) - array['variants', 'options', 'images', 'currency_info', 'description'] from answers),
  '{"id": "prod_sf_path", "title": "Le Chemin", "subtitle": "Deux éditions", "ribbon_text": null, "thumbnail": "https://images.test/path-1.svg",
    "purchasable": true, "order": 1, "site_product_selection": "first_variant", "type": {"value": "digital"},
    "collections": [{"product_id": "prod_sf_path", "collection_id": "col_sf_pdf", "order": 1}],
    "additional_info": [{"id": "info_sf_path", "order": 0, "title": "Format", "description": "PDF"}],
    "custom_fields": [], "related_products": [], "updated_at": "2026-02-01T10:00:00.000Z"}'::jsonb,
  'and the rest of the product as the commerce service answers it');

-- Paging, sorting, filters.
select is(public.storefront_products(p_ids => array['prod_sf_path', 'prod_sf_flame'], p_offset => 1, p_limit => 1) - 'products',
  '{"count": 2, "offset": 1, "limit": 1}'::jsonb, 'a page says where it starts and how long it is, the count the whole list''s');
select is(public.storefront_products(p_ids => array['prod_sf_path', 'prod_sf_flame'], p_sort_by => 'price') -> 'products' -> 0 ->> 'id', 'prod_sf_path',
  'by price, the lowest (a sale price counts) first');
select is(public.storefront_products(p_ids => array['prod_sf_path', 'prod_sf_flame'], p_sort_by => 'title', p_order => 'DESC') -> 'products' -> 0 ->> 'id',
  'prod_sf_path', 'by title, descending (« Le Chemin » after « La Flamme »), whatever the case of the order');
select is(public.storefront_products(p_ids => array['prod_sf_path'], p_is_hidden => true), '{"count": 0, "offset": 0, "limit": 12, "products": []}'::jsonb,
  'no product is hidden: is_hidden=true lists none');
select is(public.storefront_products(p_ids => array['prod_sf_path'], p_to_date => '2026-01-31 00:00:00+00') -> 'count', '0'::jsonb,
  'to_date leaves out products updated after it');
select throws_ok($$ select public.storefront_products(p_sort_by => 'colour') $$, '22023', null, 'an unknown sort is refused (HTTP 400)');
select throws_ok($$ select public.storefront_products(p_offset => -1) $$, '22023', null, 'a negative offset is refused');
select is(public.storefront_products(p_limit => 1000) -> 'limit', '100'::jsonb, 'a page holds at most 100 products');

-- One product.
select is((select single - array['media', 'status', 'created_at', 'deleted_at', 'metadata'] from answers), (select (list -> 'products' -> 1) - 'images' from answers),
  'one product is the listed one …');
select is((select single - array['variants', 'options', 'description', 'additional_info', 'collections', 'currency_info', 'custom_fields', 'related_products',
                                  'title', 'subtitle', 'ribbon_text', 'thumbnail', 'purchasable', 'order', 'site_product_selection', 'type', 'updated_at', 'id']
             from answers),
  '{"media": [{"url": "https://images.test/path-1.svg", "order": 0, "type": "image"},
              {"url": "https://images.test/path-2.svg", "order": 1, "type": "image", "alt_text": "Le livre ouvert sur un autel"}],
    "status": "published", "created_at": "2026-01-15T09:00:00.000Z", "deleted_at": null, "metadata": {}}'::jsonb,
  '… with its images as media, its status, dates and metadata');
select throws_ok($$ select public.storefront_product('prod_sf_draft') $$, 'PT404', null, 'a draft is not found (HTTP 404)');
select throws_ok($$ select public.storefront_product('prod_sf_gone') $$, 'PT404', null, 'nor a deleted product');

-- Stock.
select is(public.storefront_variants(array['prod_sf_flame', 'prod_sf_path', 'prod_sf_draft']),
  '{"variants": [{"id": "var_sf_flame", "product_id": "prod_sf_flame", "inventory_quantity": 4},
                 {"id": "var_sf_path_std", "product_id": "prod_sf_path", "inventory_quantity": null},
                 {"id": "var_sf_path_ann", "product_id": "prod_sf_path", "inventory_quantity": null}]}'::jsonb,
  'the variants'' stock: null where not managed, nothing of a draft or a retired variant');

-- An administrator reads drafts in the tables, not through the storefront's read.
select tests.authenticate_as('root@storefront.test');
select is(public.storefront_products(p_ids => array['prod_sf_draft', 'prod_sf_gone']) -> 'count', '0'::jsonb,
  'the storefront''s read shows an administrator no draft or deleted product either');
reset role;

select * from finish();
rollback;
