-- The catalogue's tables, each tried by every role and operation: anon and two customers read the
-- rows of the published product only (nothing of a draft, of a soft-deleted product or of a
-- retired variant, even asked by id) and write nothing (42501, or no row changed where RLS hides
-- it); the administrator reads everything and inserts, updates and deletes. Collections' names are
-- public; their links follow their product.
begin;
\ir helpers/setup.psql
select plan(166);

select tests.create_user('alice@catalogue.test', 'Alice');
select tests.create_user('bob@catalogue.test', 'Bob');
select tests.create_user('root@catalogue.test', 'Root');
select tests.make_admin('root@catalogue.test');

-- Three products: published, draft, published then deleted; each with a row in every child table.
insert into public.products (id, title, status, deleted_at) values
  ('prod_t_pub', 'Publié', 'published', null), ('prod_t_draft', 'Brouillon', 'draft', null),
  ('prod_t_gone', 'Supprimé', 'published', now());
insert into public.collections (id, title) values ('col_t', 'Enseignements'), ('col_t2', 'Rituels');
insert into public.product_variants (id, product_id, title, price_in_cents, retired_at)
select 'var_t_' || k, 'prod_t_' || k, 'Standard', 1000, null from unnest(array['pub', 'draft', 'gone']) k
union all select 'var_t_retired', 'prod_t_pub', 'Ancienne édition', 900, now();
insert into public.product_options (id, product_id, title)
select 'opt_t_' || k, 'prod_t_' || k, 'Édition' from unnest(array['pub', 'draft', 'gone']) k
union all select 'opt_t_pub2', 'prod_t_pub', 'Format';
insert into public.product_option_values (id, product_id, option_id, variant_id, value)
select 'val_t_' || k, 'prod_t_' || k, 'opt_t_' || k, 'var_t_' || k, 'Standard' from unnest(array['pub', 'draft', 'gone']) k
union all select 'val_t_retired', 'prod_t_pub', 'opt_t_pub', 'var_t_retired', 'Ancienne';
insert into public.product_images (id, product_id, url)
select ('7a000000-0000-4000-a000-00000000000' || n)::uuid, 'prod_t_' || k, 'https://images.test/' || k || '.webp'
  from unnest(array['pub', 'draft', 'gone']) with ordinality t(k, n);
insert into public.product_collections (product_id, collection_id) select 'prod_t_' || k, 'col_t' from unnest(array['pub', 'draft', 'gone']) k;
insert into public.product_additional_info (id, product_id, title, description)
select 'info_t_' || k, 'prod_t_' || k, 'Format', 'PDF' from unnest(array['pub', 'draft', 'gone']) k;
insert into public.product_custom_fields (id, product_id, title) select 'field_t_' || k, 'prod_t_' || k, 'Prénom' from unnest(array['pub', 'draft', 'gone']) k;
insert into public.related_products (id, product_id, section_title, related_type, related_id)
select 'rel_t_' || k, 'prod_t_' || k, 'Voir aussi', 'product', 'prod_t_pub' from unnest(array['pub', 'draft', 'gone']) k;

-- Every role and operation on one table. `scope` selects the file's rows, of which `visible` are the
-- published product's; `fixture` names one of those; the administrator inserts a row `added` names,
-- changes `fixture` and deletes the added row.
create function pg_temp.matrix(tbl text, scope text, visible integer, total integer, insert_sql text, update_set text,
                               fixture text, added text)
returns setof text language plpgsql as $$
declare
  n integer;
  who text;
begin
  perform tests.clear_authentication();
  execute format('select count(*) from public.%I where %s', tbl, scope) into n;
  return next is(n, visible, format('%s: anon reads the published product''s rows only', tbl));
  return next throws_ok(insert_sql, '42501', null, format('%s: anon cannot insert', tbl));
  return next throws_ok(format('update public.%I set %s where %s', tbl, update_set, fixture), '42501', null, format('%s: anon cannot update', tbl));
  return next throws_ok(format('delete from public.%I where %s', tbl, fixture), '42501', null, format('%s: anon cannot delete', tbl));

  foreach who in array array['alice@catalogue.test', 'bob@catalogue.test'] loop
    perform tests.authenticate_as(who);
    execute format('select count(*) from public.%I where %s', tbl, scope) into n;
    return next is(n, visible, format('%s: customer %s reads the published product''s rows only', tbl, who));
    return next throws_ok(insert_sql, '42501', null, format('%s: customer %s cannot insert', tbl, who));
    execute format('with changed as (update public.%I set %s where %s returning 1) select count(*) from changed', tbl, update_set, fixture) into n;
    return next is(n, 0, format('%s: customer %s changes no row', tbl, who));
    execute format('with gone as (delete from public.%I where %s returning 1) select count(*) from gone', tbl, fixture) into n;
    return next is(n, 0, format('%s: customer %s deletes no row', tbl, who));
  end loop;

  perform tests.authenticate_as('root@catalogue.test');
  execute format('select count(*) from public.%I where %s', tbl, scope) into n;
  return next is(n, total, format('%s: the administrator reads every row, drafts and deleted products included', tbl));
  return next lives_ok(insert_sql, format('%s: the administrator inserts', tbl));
  execute format('with changed as (update public.%I set %s where %s returning 1) select count(*) from changed', tbl, update_set, fixture) into n;
  return next is(n, 1, format('%s: the administrator updates', tbl));
  execute format('with gone as (delete from public.%I where %s returning 1) select count(*) from gone', tbl, added) into n;
  return next is(n, 1, format('%s: the administrator deletes', tbl));
  reset role;
end;
$$;

select * from pg_temp.matrix('products', $$id like 'prod\_t\_%'$$, 1, 3,
  $$insert into public.products (id, title) values ('prod_t_new', 'Nouveau')$$, $$title = 'Renommé'$$, $$id = 'prod_t_pub'$$, $$id = 'prod_t_new'$$);
select * from pg_temp.matrix('product_variants', $$product_id like 'prod\_t\_%'$$, 1, 4,
  $$insert into public.product_variants (id, product_id, title, price_in_cents) values ('var_t_new', 'prod_t_pub', 'Nouvelle', 500)$$,
  $$price_in_cents = 1200$$, $$id = 'var_t_pub'$$, $$id = 'var_t_new'$$);
select * from pg_temp.matrix('product_options', $$product_id like 'prod\_t\_%'$$, 2, 4,
  $$insert into public.product_options (id, product_id, title) values ('opt_t_new', 'prod_t_pub', 'Langue')$$,
  $$title = 'Version'$$, $$id = 'opt_t_pub'$$, $$id = 'opt_t_new'$$);
select * from pg_temp.matrix('product_option_values', $$product_id like 'prod\_t\_%'$$, 1, 4,
  $$insert into public.product_option_values (id, product_id, option_id, variant_id, value) values ('val_t_new', 'prod_t_pub', 'opt_t_pub2', 'var_t_pub', 'PDF')$$,
  $$value = 'Standard révisée'$$, $$id = 'val_t_pub'$$, $$id = 'val_t_new'$$);
select * from pg_temp.matrix('product_images', $$product_id like 'prod\_t\_%'$$, 1, 3,
  $$insert into public.product_images (product_id, url, position) values ('prod_t_pub', 'https://images.test/new.webp', 1)$$,
  $$alt_text = 'Couverture'$$, $$url = 'https://images.test/pub.webp'$$, $$url = 'https://images.test/new.webp'$$);
select * from pg_temp.matrix('collections', $$id like 'col\_t%'$$, 2, 2,
  $$insert into public.collections (id, title) values ('col_t_new', 'Méditations')$$, $$title = 'Textes'$$, $$id = 'col_t'$$, $$id = 'col_t_new'$$);
select * from pg_temp.matrix('product_collections', $$product_id like 'prod\_t\_%'$$, 1, 3,
  $$insert into public.product_collections (product_id, collection_id) values ('prod_t_pub', 'col_t2')$$,
  $$position = 5$$, $$product_id = 'prod_t_pub' and collection_id = 'col_t'$$, $$collection_id = 'col_t2'$$);
select * from pg_temp.matrix('product_additional_info', $$product_id like 'prod\_t\_%'$$, 1, 3,
  $$insert into public.product_additional_info (id, product_id, title, description) values ('info_t_new', 'prod_t_pub', 'Livraison', 'Immédiate')$$,
  $$description = 'PDF, 84 pages'$$, $$id = 'info_t_pub'$$, $$id = 'info_t_new'$$);
select * from pg_temp.matrix('product_custom_fields', $$product_id like 'prod\_t\_%'$$, 1, 3,
  $$insert into public.product_custom_fields (id, product_id, title) values ('field_t_new', 'prod_t_pub', 'Dédicace')$$,
  $$is_required = true$$, $$id = 'field_t_pub'$$, $$id = 'field_t_new'$$);
select * from pg_temp.matrix('related_products', $$product_id like 'prod\_t\_%'$$, 1, 3,
  $$insert into public.related_products (id, product_id, section_title, related_type, related_id) values ('rel_t_new', 'prod_t_pub', 'Aussi', 'product', 'prod_t_draft')$$,
  $$position = 2$$, $$id = 'rel_t_pub'$$, $$id = 'rel_t_new'$$);

-- Asked by id, a draft, a deleted product and a retired variant stay hidden.
select tests.clear_authentication();
select is_empty($$ select id from public.products where id in ('prod_t_draft', 'prod_t_gone') $$, 'anon: a draft or deleted product, asked by id, is not there');
select is_empty($$ select id from public.product_variants where id in ('var_t_retired', 'var_t_draft', 'var_t_gone') $$,
  'anon: a retired variant, or one of a draft or deleted product, is not there');
select tests.authenticate_as('alice@catalogue.test');
select is_empty($$ select id from public.products where id in ('prod_t_draft', 'prod_t_gone') $$, 'a customer: a draft or deleted product, asked by id, is not there');
select is_empty($$ select id from public.product_option_values where id = 'val_t_retired' $$, 'a customer: a retired variant''s option value is not there');
select throws_ok($$ update public.products set updated_at = now() - interval '1 year' where id = 'prod_t_pub' $$, '42501', null,
  'a customer cannot set a product''s dates');
select tests.authenticate_as('root@catalogue.test');
select throws_ok($$ update public.products set created_at = now() - interval '1 year' where id = 'prod_t_pub' $$, '42501', null,
  'nor can an administrator: the database keeps them');
reset role;

select * from finish();
rollback;
