-- product_files: which file each variant delivers. Customers never list it (a file link reaches
-- them only through their own order items); administrators read it; the service role writes it.
begin;
\ir helpers/setup.psql
select plan(22);

select tests.create_user('alice@files.test', 'Alice');
select tests.create_user('bob@files.test', 'Bob');
select tests.create_user('root@files.test', 'Root');
select tests.make_admin('root@files.test');

insert into public.product_files (variant_id, object_path, file_type) values
  ('var_files_test_pdf', 'products/teaching.pdf', 'pdf'),
  ('var_files_test_audio', 'products/meditation.wav', 'audio');

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.product_files $$, '42501', null, 'as anon, reading the file map is refused');
select throws_ok($$ insert into public.product_files (variant_id, object_path, file_type) values ('v', 'products/f', 'pdf') $$, '42501', null, 'as anon, adding a file is refused');
select throws_ok($$ update public.product_files set object_path = 'products/f' $$, '42501', null, 'as anon, changing a file is refused');
select throws_ok($$ delete from public.product_files $$, '42501', null, 'as anon, deleting files is refused');

-- customer A
select tests.authenticate_as('alice@files.test');
select is_empty($$ select 1 from public.product_files where variant_id like 'var_files_test_%' $$, 'as Alice, the file map is invisible');
select throws_ok($$ insert into public.product_files (variant_id, object_path, file_type) values ('v', 'products/f', 'pdf') $$, '42501', null, 'as Alice, adding a file is refused');
select throws_ok($$ update public.product_files set object_path = 'products/f' $$, '42501', null, 'as Alice, changing a file is refused');
select throws_ok($$ delete from public.product_files $$, '42501', null, 'as Alice, deleting files is refused');

-- customer B
select tests.authenticate_as('bob@files.test');
select is_empty($$ select 1 from public.product_files where variant_id like 'var_files_test_%' $$, 'as Bob, the file map is invisible');
select throws_ok($$ update public.product_files set file_type = 'other' $$, '42501', null, 'as Bob, changing a file is refused');

-- admin
select tests.authenticate_as('root@files.test');
select results_eq(
  $$ select variant_id, object_path, file_type from public.product_files where variant_id like 'var_files_test_%' order by variant_id $$,
  $$ values ('var_files_test_audio'::text, 'products/meditation.wav'::text, 'audio'::text), ('var_files_test_pdf', 'products/teaching.pdf', 'pdf') $$,
  'as the administrator, the file map');
select throws_ok($$ insert into public.product_files (variant_id, object_path, file_type) values ('v', 'products/f', 'pdf') $$, '42501', null, 'as the administrator, adding a file through the API is refused');
select throws_ok($$ update public.product_files set object_path = 'products/f' $$, '42501', null, 'as the administrator, changing a file through the API is refused');
select throws_ok($$ delete from public.product_files $$, '42501', null, 'as the administrator, deleting files through the API is refused');

-- service role
select tests.authenticate_as_service_role();
select is((select count(*)::integer from public.product_files where variant_id like 'var_files_test_%'), 2, 'the service role reads the file map');
select lives_ok($$ insert into public.product_files (variant_id, object_path, file_type) values ('var_files_test_video', 'products/ritual.avi', 'video') $$, 'the service role adds a file');
select lives_ok($$ update public.product_files set object_path = 'products/ritual-hd.avi' where variant_id = 'var_files_test_video' $$, 'the service role changes a file');
select is((select object_path from public.product_files where variant_id = 'var_files_test_video'), 'products/ritual-hd.avi', 'the change is stored');
select lives_ok($$ delete from public.product_files where variant_id = 'var_files_test_video' $$, 'the service role deletes a file');
select is_empty($$ select 1 from public.product_files where variant_id = 'var_files_test_video' $$, 'it is gone');

-- A customer who bought the variant gets its link through the order item, not the map.
reset role;
insert into public.orders (id, user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at)
values ('50000000-0000-4000-a000-00000000000a', tests.user_id('alice@files.test'), 900, 'cs_files_alice', 1, 'Consentement de test', now());
insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents, file_path, file_type)
values ('50000000-0000-4000-a000-00000000000a', 'var_files_test_pdf', 'Enseignement', 1, 900, 'products/teaching.pdf', 'pdf');
select tests.authenticate_as('alice@files.test');
select results_eq($$ select file_path from public.order_items where variant_id = 'var_files_test_pdf' $$, $$ values ('products/teaching.pdf'::text) $$,
  'as Alice, the link of what she bought reaches her through her order item');
select is_empty($$ select 1 from public.product_files where variant_id = 'var_files_test_pdf' $$, 'while the map itself stays invisible to her');

select * from finish();
rollback;
