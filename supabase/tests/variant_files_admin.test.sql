-- The administrator's file of each variant (/admin/products): admin_variant_files,
-- attach_variant_file (the attach-deliverable edge function's step, service role only),
-- admin_remove_variant_file, and the storage policies that never let an object an order item or
-- a variant points to be overwritten or deleted. Each role tries the forbidden path and the
-- allowed one.
begin;
\ir helpers/setup.psql
select plan(41);

select tests.create_user('alice@variant-files.test', 'Alice');
select tests.create_user('bob@variant-files.test', 'Bob');
select tests.create_user('root@variant-files.test', 'Root');
select tests.make_admin('root@variant-files.test');

-- A variant mapped to v1, which Alice bought; an upload v2 waiting to be attached; a file nobody
-- sells or bought.
insert into storage.objects (bucket_id, name, metadata, created_at) values
  ('deliverables', 'products/var_vf/1/enseignement.pdf', '{"mimetype":"application/pdf","size":1200,"eTag":"\"v1\""}', '2026-11-01 10:00+00'),
  ('deliverables', 'products/var_vf/2/enseignement-revu.pdf', '{"mimetype":"application/pdf","size":3400,"eTag":"\"v2\""}', '2026-11-20 10:00+00'),
  ('deliverables', 'products/var_vf/3/forged.pdf', '{"mimetype":"application/pdf","size":10,"eTag":"\"v3\""}', now()),
  ('deliverables', 'products/orphan.pdf', '{"mimetype":"application/pdf","size":5,"eTag":"\"o\""}', now());
insert into public.product_files (variant_id, object_path, file_type) values ('var_vf', 'products/var_vf/1/enseignement.pdf', 'pdf');
insert into public.orders (id, user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at)
values ('70000000-0000-4000-a000-00000000000a', tests.user_id('alice@variant-files.test'), 900, 'cs_variant_files_alice', 1, 'Consentement de test', now());
insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents, file_path, file_type)
values ('70000000-0000-4000-a000-00000000000a', 'var_vf', 'Enseignement', 1, 900, 'products/var_vf/1/enseignement.pdf', 'pdf');

select is_definer('public', 'attach_variant_file', array['uuid', 'text', 'text', 'text', 'text', 'text'], 'attach_variant_file runs as its owner, behind its own check');
select ok(not has_function_privilege('authenticated', 'public.attach_variant_file(uuid, text, text, text, text, text)', 'execute'),
  'no signed-in user, administrators included, may attach a file without the server''s check of its bytes');
select ok(not has_function_privilege('anon', 'public.admin_variant_files()', 'execute'), 'anon may not execute admin_variant_files');
select ok(not has_function_privilege('anon', 'public.admin_remove_variant_file(text)', 'execute'), 'anon may not execute admin_remove_variant_file');

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.admin_variant_files() $$, '42501', null, 'as anon, listing the files is refused');
select throws_ok($$ select public.admin_remove_variant_file('var_vf') $$, '42501', null, 'as anon, removing a file is refused');
select throws_ok($$ select * from public.attach_variant_file(tests.user_id('root@variant-files.test'), 'var_vf', 'products/var_vf/3/forged.pdf', 'pdf', 'application/pdf', '"v3"') $$,
  '42501', null, 'as anon, attaching a file is refused');

-- customer A, the buyer
select tests.authenticate_as('alice@variant-files.test');
select throws_ok($$ select * from public.admin_variant_files() $$, '42501', 'admin_variant_files is reserved to administrators', 'as Alice, listing the files is refused');
select throws_ok($$ select public.admin_remove_variant_file('var_vf') $$, '42501', 'admin_remove_variant_file is reserved to administrators', 'as Alice, removing a file is refused');
select throws_ok($$ select * from public.attach_variant_file(tests.user_id('alice@variant-files.test'), 'var_vf', 'products/var_vf/3/forged.pdf', 'pdf', 'application/pdf', '"v3"') $$,
  '42501', null, 'as Alice, attaching a file is refused');
select is_empty($$ delete from storage.objects where name = 'products/orphan.pdf' returning name $$, 'as Alice, deleting a file changes nothing');

-- customer B
select tests.authenticate_as('bob@variant-files.test');
select throws_ok($$ select * from public.admin_variant_files() $$, '42501', null, 'as Bob, listing the files is refused');
select throws_ok($$ select public.admin_remove_variant_file('var_vf') $$, '42501', null, 'as Bob, removing a file is refused');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('deliverables', 'products/var_vf/9/x.pdf') $$, '42501', null, 'as Bob, uploading is refused');

-- the administrator: the list
select tests.authenticate_as('root@variant-files.test');
select results_eq($$ select object_path, file_type, content_type, size_bytes, uploaded_at from public.admin_variant_files() where variant_id = 'var_vf' $$,
  $$ values ('products/var_vf/1/enseignement.pdf'::text, 'pdf'::text, 'application/pdf'::text, 1200::bigint, '2026-11-01 10:00+00'::timestamptz) $$,
  'as the administrator, a variant''s file with its type, size and upload date (the declared type until a checked one is stored)');
select throws_ok($$ select * from public.attach_variant_file(tests.user_id('root@variant-files.test'), 'var_vf', 'products/var_vf/3/forged.pdf', 'pdf', 'application/pdf', '"v3"') $$,
  '42501', null, 'as the administrator, attaching without the edge function''s check is refused too');

-- the administrator cannot overwrite or delete what a buyer or a variant points to
select is_empty($$ update storage.objects set metadata = metadata || '{"size":1}' where name = 'products/var_vf/1/enseignement.pdf' returning name $$,
  'as the administrator, the file a buyer bought cannot be overwritten');
select is_empty($$ delete from storage.objects where name = 'products/var_vf/1/enseignement.pdf' returning name $$,
  'as the administrator, the file a buyer bought cannot be deleted');
select results_eq($$ update storage.objects set metadata = metadata || '{"size":3401}' where name = 'products/var_vf/2/enseignement-revu.pdf' returning name $$,
  $$ values ('products/var_vf/2/enseignement-revu.pdf'::text) $$, 'an upload nothing points to yet may still be replaced');

-- the service role (the edge function), on behalf of an administrator
select tests.authenticate_as_service_role();
select throws_ok($$ select * from public.attach_variant_file(tests.user_id('bob@variant-files.test'), 'var_vf', 'products/var_vf/2/enseignement-revu.pdf', 'pdf', 'application/pdf', '"v2"') $$,
  '42501', null, 'on behalf of a customer, nothing is attached');
select throws_ok($$ select * from public.attach_variant_file(tests.user_id('root@variant-files.test'), 'var_vf', 'products/var_vf/2/enseignement-revu.pdf', 'pdf', 'application/pdf', '"stale"') $$,
  'P0002', null, 'bytes replaced since they were checked (another eTag) are not attached');
select throws_ok($$ select * from public.attach_variant_file(tests.user_id('root@variant-files.test'), 'var_vf', 'products/var_vf/404.pdf', 'pdf', 'application/pdf', '"v2"') $$,
  'P0002', null, 'a missing object is not attached');
select throws_ok($$ select * from public.attach_variant_file(tests.user_id('root@variant-files.test'), 'var_vf', 'buyers/x/y.pdf', 'pdf', 'application/pdf', '"v2"') $$,
  '22023', null, 'only a product file is attached, never a buyer''s copy');
select throws_ok($$ select * from public.attach_variant_file(tests.user_id('root@variant-files.test'), 'var_vf', 'products/var_vf/2/enseignement-revu.pdf', 'video', 'video/mp4', '"v2"') $$,
  '22023', null, 'an object stored as one type whose bytes are another is not attached');
select throws_ok($$ select * from public.attach_variant_file(tests.user_id('root@variant-files.test'), 'var_vf', 'products/var_vf/2/enseignement-revu.pdf', 'image', 'application/pdf', '"v2"') $$,
  '23514', null, 'a kind the shop does not deliver is refused by the table''s constraint');
select results_eq($$ select previous_path, previous_in_use from public.attach_variant_file(tests.user_id('root@variant-files.test'), 'var_vf', 'products/var_vf/2/enseignement-revu.pdf', 'pdf', 'application/pdf', '"v2"') $$,
  $$ values ('products/var_vf/1/enseignement.pdf'::text, false) $$, 'the replacement is attached; the previous file is free, Alice''s item having moved to the new version (issue #28)');
select results_eq($$ select object_path, file_type, content_type from public.product_files where variant_id = 'var_vf' $$,
  $$ values ('products/var_vf/2/enseignement-revu.pdf'::text, 'pdf'::text, 'application/pdf'::text) $$, 'the variant now delivers the new version, with its checked type');
select results_eq($$ select previous_path, previous_in_use from public.attach_variant_file(tests.user_id('root@variant-files.test'), 'var_vf_new', 'products/orphan.pdf', 'pdf', 'application/pdf', '"o"') $$,
  $$ values (null::text, false) $$, 'a variant without a file gets its first one');

-- a later buyer gets the new version, as the earlier buyer now does
reset role;
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, status, cgv_version, consent_text, consented_at) values
  ('cs_variant_files_bob', tests.user_id('bob@variant-files.test'),
   '[{"variant_id":"var_vf","product_title":"Enseignement","quantity":1,"unit_price_cents":900}]', 900, 'eur', 'pending', 1, 'Consentement de test', now());
select tests.authenticate_as_service_role();
select lives_ok($$ select public.record_order('cs_variant_files_bob', tests.user_id('bob@variant-files.test')) $$, 'Bob buys the variant after the replacement');
select results_eq($$ select o.user_id = tests.user_id('alice@variant-files.test'), i.file_path from public.order_items i join public.orders o on o.id = i.order_id where i.variant_id = 'var_vf' order by 1 $$,
  $$ values (false, 'products/var_vf/2/enseignement-revu.pdf'::text), (true, 'products/var_vf/2/enseignement-revu.pdf'::text) $$,
  'Bob''s item and Alice''s both point to the new version');

-- the administrator removes files
select tests.authenticate_as('root@variant-files.test');
select is_empty($$ update storage.objects set metadata = '{}' where name = 'products/var_vf/2/enseignement-revu.pdf' returning name $$,
  'once attached, a file can no longer be overwritten');
select is(public.admin_remove_variant_file('var_vf'), null, 'removing the variant''s file hands back no object to delete, because Bob bought it');
select is_empty($$ select 1 from public.admin_variant_files() where variant_id = 'var_vf' $$, 'the variant has no file any more');
select is_empty($$ delete from storage.objects where name = 'products/var_vf/2/enseignement-revu.pdf' returning name $$, 'and its object, which a buyer points to, stays');
select is(public.admin_remove_variant_file('var_vf_new'), 'products/orphan.pdf', 'removing a file nobody bought hands back its object');
select results_eq($$ delete from storage.objects where name = 'products/orphan.pdf' returning name $$, $$ values ('products/orphan.pdf'::text) $$,
  'which the administrator may then delete');
select results_eq($$ delete from storage.objects where name = 'products/var_vf/3/forged.pdf' returning name $$, $$ values ('products/var_vf/3/forged.pdf'::text) $$,
  'an upload never attached may be deleted (a refused file)');
select is(public.admin_remove_variant_file('var_unknown'), null, 'removing the file of a variant that has none does nothing');
select is_empty($$ delete from storage.objects where name like 'buyers/%' returning name $$, 'a buyer''s stamped copy is never the administrator''s to delete');

-- what is left
select tests.authenticate_as_service_role();
select results_eq($$ select name from storage.objects where name like 'products/var_vf/%' order by name $$,
  $$ values ('products/var_vf/1/enseignement.pdf'::text), ('products/var_vf/2/enseignement-revu.pdf') $$, 'both versions are still in the bucket (the page deletes a freed file, not the database)');
select is((select count(*)::int from public.order_items where variant_id = 'var_vf'), 2, 'and both buyers still have their item');

select * from finish();
rollback;
