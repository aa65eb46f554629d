-- « Lecture en ligne uniquement » (issue #28): only an administrator sets it on a variant's file;
-- then issue_download_link refuses the buyer a download (attachment) link but still gives the
-- viewer's (inline) one, and my_library tells the library to hide 'Télécharger'.
begin;
\ir helpers/setup.psql
select plan(17);

select tests.create_user('alice@online-only.test', 'Alice');
select tests.create_user('bob@online-only.test', 'Bob');
select tests.create_user('root@online-only.test', 'Root');
select tests.make_admin('root@online-only.test');

insert into public.product_files (variant_id, object_path, file_type) values
  ('var_oo', 'products/oo.ogg', 'audio'),
  ('var_dl', 'products/dl.ogg', 'audio');
insert into public.orders (id, user_id, total_amount_cents, currency, status, checkout_session_id, cgv_version, consent_text, consented_at) values
  ('66000000-0000-4000-a000-00000000000a', tests.user_id('alice@online-only.test'), 900, 'eur', 'completed', 'cs_online_only_alice', 1, 'Consentement de test', now()),
  ('66000000-0000-4000-a000-00000000000b', tests.user_id('bob@online-only.test'), 900, 'eur', 'completed', 'cs_online_only_bob', 1, 'Consentement de test', now());
insert into public.order_items (id, order_id, variant_id, product_title, quantity, price_per_item_cents, file_path, file_type) values
  ('67000000-0000-4000-a000-0000000000a1', '66000000-0000-4000-a000-00000000000a', 'var_oo', 'Méditation', 1, 700, 'products/oo.ogg', 'audio'),
  ('67000000-0000-4000-a000-0000000000a2', '66000000-0000-4000-a000-00000000000a', 'var_dl', 'Autre méditation', 1, 200, 'products/dl.ogg', 'audio'),
  ('67000000-0000-4000-a000-0000000000b1', '66000000-0000-4000-a000-00000000000b', 'var_dl', 'Autre méditation', 1, 200, 'products/dl.ogg', 'audio');

-- who may set it
select tests.clear_authentication();
select throws_ok($$ select public.admin_set_variant_file_online_only('var_oo', true) $$, '42501', null, 'anon cannot set it');
select throws_ok($$ select * from public.my_library() $$, '42501', null, 'anon has no library');
select tests.authenticate_as('alice@online-only.test');
select throws_ok($$ select public.admin_set_variant_file_online_only('var_oo', true) $$, '42501', null, 'a customer cannot set it');
select throws_ok($$ update public.product_files set online_only = false $$, '42501', null, 'nor change the table');
select tests.authenticate_as('root@online-only.test');
select lives_ok($$ select public.admin_set_variant_file_online_only('var_oo', true) $$, 'the administrator sets it on the meditation');
select throws_ok($$ select public.admin_set_variant_file_online_only('var_none', true) $$, 'P0002', null, 'a variant without a file has nothing to set');
select results_eq($$ select variant_id, online_only from public.admin_variant_files() order by variant_id $$,
  $$ values ('var_dl'::text, false), ('var_oo', true) $$, 'the products page lists the setting');

-- the buyer
select tests.authenticate_as('alice@online-only.test');
select results_eq($$ select variant_id, online_only from public.my_library() order by variant_id $$,
  $$ values ('var_dl'::text, false), ('var_oo', true) $$, 'her library knows which file is read online only (and shows only her items)');
select throws_ok($$ select public.issue_download_link('67000000-0000-4000-a000-0000000000a1', 'attachment') $$, 'PT403', 'Téléchargement non proposé',
  'no download link for it');
select throws_ok($$ select public.issue_download_link('67000000-0000-4000-a000-0000000000a1') $$, 'PT403', null, 'a link that does not say what it is for is a download');
select is(public.issue_download_link('67000000-0000-4000-a000-0000000000a1', 'inline'), 'products/oo.ogg', 'the viewer''s link is still issued');
select is(public.issue_download_link('67000000-0000-4000-a000-0000000000a2', 'attachment'), 'products/dl.ogg', 'another file still downloads');
select throws_ok($$ select public.issue_download_link('67000000-0000-4000-a000-0000000000a2', 'stream') $$, '22023', null, 'an unknown disposition is refused');
select results_eq($$ select object_path from public.download_links order by created_at, object_path $$,
  $$ values ('products/dl.ogg'::text), ('products/oo.ogg') $$, 'only the links issued are logged');

-- another customer: his library only
select tests.authenticate_as('bob@online-only.test');
select results_eq($$ select order_item_id from public.my_library() $$, $$ values ('67000000-0000-4000-a000-0000000000b1'::uuid) $$, 'Bob''s library has his item only');

-- switched back
select tests.authenticate_as('root@online-only.test');
select lives_ok($$ select public.admin_set_variant_file_online_only('var_oo', false) $$, 'the administrator switches it off');
select tests.authenticate_as('alice@online-only.test');
select lives_ok($$ select public.issue_download_link('67000000-0000-4000-a000-0000000000a1', 'attachment') $$, 'the meditation downloads again');

select * from finish();
rollback;
