-- The public `product-images` bucket: its settings, and every role on every operation of
-- storage.objects in it. Anon and customers list nothing and write nothing (they read through the
-- public URL, which RLS does not guard: tests/contract/product-images.test.ts); the administrator
-- lists, uploads under the naming convention only, replaces and deletes. A second object by
-- another name shows that a refused write changed nothing.
begin;
\ir helpers/setup.psql
select plan(31);

select tests.create_user('alice@images.test');
select tests.create_user('bob@images.test');
select tests.create_user('root@images.test');
select tests.make_admin('root@images.test');

select results_eq($$ select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'product-images' $$,
  $$ values (true, 2097152::bigint, array['image/webp', 'image/jpeg']) $$, 'the bucket is public, 2 MB at most, WebP and JPEG only');

create temporary table names on commit drop as select
  'prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a1/gallery-1600x1200.webp'::text as gallery,
  'prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a1/grid.webp'::text as grid,
  'prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a2/gallery-800x600.jpg'::text as other;
grant select on names to anon, authenticated, service_role;
insert into storage.objects (bucket_id, name, metadata)
select 'product-images', n, '{"mimetype":"image/webp"}' from names, unnest(array[gallery, grid]) n;

-- anon and two customers: the same refusals
select tests.clear_authentication();
select is_empty($$ select name from storage.objects where bucket_id = 'product-images' $$, 'anon lists no product image');
select throws_ok($$ insert into storage.objects (bucket_id, name) select 'product-images', other from names $$, '42501', null, 'anon cannot upload an image');
select is_empty($$ update storage.objects set metadata = '{}' where bucket_id = 'product-images' returning name $$, 'anon replaces no image');
select is_empty($$ delete from storage.objects where bucket_id = 'product-images' returning name $$, 'anon deletes no image');

select tests.authenticate_as('alice@images.test');
select is_empty($$ select name from storage.objects where bucket_id = 'product-images' $$, 'a customer lists no product image');
select throws_ok($$ insert into storage.objects (bucket_id, name) select 'product-images', other from names $$, '42501', null, 'a customer cannot upload an image');
select is_empty($$ update storage.objects set metadata = '{}' where bucket_id = 'product-images' returning name $$, 'a customer replaces no image');
select is_empty($$ delete from storage.objects where bucket_id = 'product-images' returning name $$, 'a customer deletes no image');

select tests.authenticate_as('bob@images.test');
select is_empty($$ select name from storage.objects where bucket_id = 'product-images' $$, 'another customer lists no product image');
select throws_ok($$ insert into storage.objects (bucket_id, name) select 'product-images', other from names $$, '42501', null, 'another customer cannot upload an image');
select is_empty($$ update storage.objects set name = (select other from names) where bucket_id = 'product-images' returning name $$, 'another customer renames no image');
select is_empty($$ delete from storage.objects where bucket_id = 'product-images' returning name $$, 'another customer deletes no image');

-- the administrator
select tests.authenticate_as('root@images.test');
select results_eq($$ select name from storage.objects where bucket_id = 'product-images' order by name $$,
  $$ select unnest(array[gallery, grid]) from names order by 1 $$, 'the administrator lists the bucket');
select lives_ok($$ insert into storage.objects (bucket_id, name, metadata) select 'product-images', other, '{}' from names $$, 'the administrator uploads a gallery image');
select lives_ok($$ insert into storage.objects (bucket_id, name, metadata)
  values ('product-images', 'prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a2/grid.jpg', '{}') $$, 'and its grid image beside it');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('product-images', 'prod_img/photo.png') $$, '42501', null,
  'a name outside the convention is refused, even to the administrator');
select throws_ok($$ insert into storage.objects (bucket_id, name)
  values ('product-images', 'prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a3/gallery-0x600.webp') $$, '42501', null, 'a size of 0 is refused');
select throws_ok($$ insert into storage.objects (bucket_id, name)
  values ('product-images', '../0b7a6f7e-6b5c-4d1e-9f00-0000000000a3/grid.webp') $$, '42501', null, 'a name climbing out of its product is refused');
select throws_ok($$ insert into storage.objects (bucket_id, name)
  values ('product-images', 'prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a3/thumb.webp') $$, '42501', null, 'a size other than the grid''s and the gallery''s is refused');
select results_eq($$ update storage.objects set metadata = '{"mimetype":"image/jpeg"}' where name = (select other from names) returning name $$,
  $$ select other from names $$, 'the administrator replaces an image');
select throws_ok($$ update storage.objects set name = 'prod_img/elsewhere.jpg' where name = (select other from names) $$, '42501', null,
  'a rename outside the convention is refused');
select results_eq($$ delete from storage.objects where name like 'prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a2/%' returning name $$,
  $$ values ('prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a2/gallery-800x600.jpg'), ('prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a2/grid.jpg') $$,
  'the administrator deletes an image''s two sizes');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('elsewhere', 'x') $$, '42501', null, 'these policies open no other bucket');

-- the naming rule itself, as the storefront reads it
select ok(private.is_product_image_name('prod_01HX-b_c/0b7a6f7e-6b5c-4d1e-9f00-0000000000a1/gallery-99999x1.jpg'), 'an imported product id, five digits: accepted');
select ok(not private.is_product_image_name('prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a1/gallery-100000x1.webp'), 'six digits: refused');
select ok(not private.is_product_image_name('prod_img/0B7A6F7E-6B5C-4D1E-9F00-0000000000A1/grid.webp'), 'an upper-case uuid: refused');
select ok(not private.is_product_image_name('prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a1/grid.png'), 'a PNG: refused');
select ok(not private.is_product_image_name('prod_img/0b7a6f7e-6b5c-4d1e-9f00-0000000000a1/grid.webp/x'), 'anything after it: refused');

-- what the refusals left
select tests.authenticate_as_service_role();
select results_eq($$ select name from storage.objects where bucket_id = 'product-images' order by name $$,
  $$ select unnest(array[gallery, grid]) from names order by 1 $$, 'no refused write changed the bucket');
select ok(not has_function_privilege('anon', 'private.is_product_image_name(text)', 'execute'), 'anon cannot call the naming check');

select * from finish();
rollback;
