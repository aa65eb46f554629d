-- The private `deliverables` bucket: who reads, signs and writes its objects (RLS on
-- storage.objects), the links a buyer asks for (issue_download_link: entitlement, the buyer's
-- stamped copy of a PDF, log, daily limit) and the log's own RLS. Each role tries the forbidden
-- paths and the allowed ones.
begin;
\ir helpers/setup.psql
select plan(45);

select is((select links_per_item_per_day from private.delivery_settings), 20, 'by default a buyer may ask 20 links per item and 24 hours');
select ok(not (select public from storage.buckets where id = 'deliverables'), 'the deliverables bucket is private');
select ok(not has_function_privilege('anon', 'private.may_read_deliverable(text)', 'execute'), 'anon cannot call the entitlement helper');
-- A smaller limit keeps the file short; the rule is the same.
update private.delivery_settings set links_per_item_per_day = 3;

select tests.create_user('alice@deliverables.test');
select tests.create_user('bob@deliverables.test');
select tests.create_user('root@deliverables.test');
select tests.make_admin('root@deliverables.test');

insert into public.orders (id, user_id, total_amount_cents, currency, status, checkout_session_id, cgv_version, consent_text, consented_at) values
  ('60000000-0000-4000-a000-00000000000a', tests.user_id('alice@deliverables.test'), 2900, 'eur', 'completed', 'cs_deliv_alice', 1, 'Consentement de test', now()),
  ('60000000-0000-4000-a000-0000000000ae', tests.user_id('alice@deliverables.test'), 1900, 'eur', 'refunded', 'cs_deliv_alice_refunded', 1, 'Consentement de test', now()),
  ('60000000-0000-4000-a000-00000000000b', tests.user_id('bob@deliverables.test'), 700, 'eur', 'completed', 'cs_deliv_bob', 1, 'Consentement de test', now());
insert into public.order_items (id, order_id, variant_id, product_title, quantity, price_per_item_cents, file_path, file_type) values
  ('61000000-0000-4000-a000-0000000000a1', '60000000-0000-4000-a000-00000000000a', 'var_a', 'Enseignement', 1, 2900, 'products/a.pdf', 'pdf'),
  ('61000000-0000-4000-a000-0000000000a2', '60000000-0000-4000-a000-00000000000a', 'var_n', 'Livret', 1, 0, null, null),
  ('61000000-0000-4000-a000-0000000000ae', '60000000-0000-4000-a000-0000000000ae', 'var_r', 'Rituel', 1, 1900, 'products/r.avi', 'video'),
  ('61000000-0000-4000-a000-0000000000b1', '60000000-0000-4000-a000-00000000000b', 'var_b', 'Méditation', 1, 700, 'products/b.wav', 'audio');
insert into storage.objects (bucket_id, name, metadata) values
  ('deliverables', 'products/a.pdf', '{"mimetype":"application/pdf"}'),
  ('deliverables', 'products/b.wav', '{"mimetype":"audio/wav"}'),
  ('deliverables', 'products/r.avi', '{"mimetype":"video/x-msvideo"}'),
  ('deliverables', 'products/unsold.pdf', '{"mimetype":"application/pdf"}'),
  ('deliverables', 'buyers/' || tests.user_id('alice@deliverables.test') || '/61000000-0000-4000-a000-0000000000a1.pdf', '{"mimetype":"application/pdf"}');
create temporary table alice_copy on commit drop as
  select 'buyers/' || tests.user_id('alice@deliverables.test') || '/61000000-0000-4000-a000-0000000000a1.pdf' as path;
grant select on alice_copy to authenticated, service_role;

-- anon
select tests.clear_authentication();
select is_empty($$ select name from storage.objects where bucket_id = 'deliverables' $$, 'anon sees no deliverable');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('deliverables', 'products/spam.pdf') $$, '42501', null, 'anon cannot upload a deliverable');
select is_empty($$ update storage.objects set metadata = '{}' where bucket_id = 'deliverables' returning name $$, 'anon changes no deliverable');
select is_empty($$ delete from storage.objects where bucket_id = 'deliverables' returning name $$, 'anon deletes no deliverable');
select throws_ok($$ select public.issue_download_link('61000000-0000-4000-a000-0000000000a1') $$, '42501', null, 'anon cannot ask for a download link');
select throws_ok($$ select * from public.download_links $$, '42501', null, 'anon cannot read the download log');

-- the buyer
select tests.authenticate_as('alice@deliverables.test');
select is_empty($$ select name from storage.objects where bucket_id = 'deliverables' $$, 'the buyer reads nothing before asking for a link');
select throws_ok($$ select public.issue_download_link('61000000-0000-4000-a000-0000000000a1') $$, 'PT409', 'Fichier en préparation',
  'a PDF is refused until her stamped copy exists');
select tests.authenticate_as_service_role();
update public.order_items set stamped_path = (select path from alice_copy) where id = '61000000-0000-4000-a000-0000000000a1';
select tests.authenticate_as('alice@deliverables.test');
select is(public.issue_download_link('61000000-0000-4000-a000-0000000000a1'), (select path from alice_copy), 'the buyer gets the path of her stamped copy');
select results_eq($$ select name from storage.objects where bucket_id = 'deliverables' $$, $$ select path from alice_copy $$,
  'after asking, the buyer reads (and so may sign) exactly her copy, not the unstamped original');
select results_eq($$ select order_item_id, object_path from public.download_links $$,
  $$ select '61000000-0000-4000-a000-0000000000a1'::uuid, path from alice_copy $$, 'the link is logged, and she reads her own log');
select throws_ok($$ select public.issue_download_link('61000000-0000-4000-a000-0000000000b1') $$, 'PT404', 'Fichier non disponible',
  'another customer''s item is refused as missing');
select throws_ok($$ select public.issue_download_link('61000000-0000-4000-a000-0000000000ae') $$, 'PT404', 'Fichier non disponible',
  'an item of a refunded order is refused');
select throws_ok($$ select public.issue_download_link('61000000-0000-4000-a000-0000000000a2') $$, 'PT404', 'Fichier non disponible',
  'an item without a file is refused');
select throws_ok($$ select public.issue_download_link(gen_random_uuid()) $$, 'PT404', 'Fichier non disponible', 'a made-up item is refused');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('deliverables', 'products/mine.pdf') $$, '42501', null, 'the buyer cannot upload');
select is_empty($$ update storage.objects set name = 'products/a-copy.pdf' where name = (select path from alice_copy) returning name $$, 'the buyer cannot rename or overwrite her copy');
select is_empty($$ delete from storage.objects where name = (select path from alice_copy) returning name $$, 'the buyer cannot delete her copy');
select throws_ok($$ insert into public.download_links (user_id, order_item_id, object_path) values (tests.user_id('alice@deliverables.test'), '61000000-0000-4000-a000-0000000000b1', 'products/b.wav') $$,
  '42501', null, 'the buyer cannot write her own log (and so grant herself another file)');
select throws_ok($$ delete from public.download_links $$, '42501', null, 'the buyer cannot erase her log');

-- the daily limit: 3 links per item (set above); the fourth is refused in French
select lives_ok($$ select public.issue_download_link('61000000-0000-4000-a000-0000000000a1') $$, 'a second link');
select lives_ok($$ select public.issue_download_link('61000000-0000-4000-a000-0000000000a1') $$, 'a third link');
select throws_ok($$ select public.issue_download_link('61000000-0000-4000-a000-0000000000a1') $$, 'PT429', 'Limite de téléchargements atteinte',
  'a fourth link within 24 hours is refused');
select is((select count(*)::int from public.download_links), 3, 'the refused link is not logged');

-- another customer
select tests.authenticate_as('bob@deliverables.test');
select is_empty($$ select name from storage.objects where name in ('products/a.pdf', (select path from alice_copy)) $$, 'another customer cannot read the buyer''s file or copy, even after her links');
select is_empty($$ select 1 from public.download_links $$, 'another customer reads none of her log');
select throws_ok($$ select public.issue_download_link('61000000-0000-4000-a000-0000000000a1') $$, 'PT404', 'Fichier non disponible',
  'another customer cannot ask for a link to her item');
select is(public.issue_download_link('61000000-0000-4000-a000-0000000000b1'), 'products/b.wav', 'he gets a link to his own item, audio as it is');
select results_eq($$ select name from storage.objects where bucket_id = 'deliverables' $$, $$ values ('products/b.wav') $$, 'and reads exactly his file');

-- time: the signing window closes, and links older than 24 hours no longer count
select tests.authenticate_as_service_role();
update public.download_links set created_at = now() - interval '10 minutes' where user_id = tests.user_id('alice@deliverables.test');
select tests.authenticate_as('alice@deliverables.test');
select is_empty($$ select name from storage.objects where bucket_id = 'deliverables' $$, 'once the signing window has passed, the buyer reads nothing until she asks again');
select throws_ok($$ select public.issue_download_link('61000000-0000-4000-a000-0000000000a1') $$, 'PT429', 'Limite de téléchargements atteinte',
  'links of the last 24 hours still count');
select tests.authenticate_as_service_role();
update public.download_links set created_at = now() - interval '25 hours' where user_id = tests.user_id('alice@deliverables.test');
select tests.authenticate_as('alice@deliverables.test');
select is(public.issue_download_link('61000000-0000-4000-a000-0000000000a1'), (select path from alice_copy), 'a day later the buyer may ask again');

-- the administrator
select tests.authenticate_as('root@deliverables.test');
select is((select count(*)::int from storage.objects where bucket_id = 'deliverables'), 5, 'the administrator reads every deliverable and copy');
select lives_ok($$ insert into storage.objects (bucket_id, name, metadata) values ('deliverables', 'products/new.pdf', '{}') $$, 'the administrator uploads a deliverable');
select results_eq($$ update storage.objects set metadata = '{"mimetype":"application/pdf"}' where name = 'products/new.pdf' returning name $$,
  $$ values ('products/new.pdf') $$, 'the administrator replaces a deliverable');
select results_eq($$ delete from storage.objects where name = 'products/new.pdf' returning name $$, $$ values ('products/new.pdf') $$, 'the administrator deletes a deliverable');
select is((select count(*)::int from public.download_links), 5, 'the administrator reads every link issued (her four, his one)');
select throws_ok($$ delete from public.download_links $$, '42501', null, 'the administrator cannot erase the log through the API');
select throws_ok($$ insert into storage.objects (bucket_id, name) values ('elsewhere', 'x') $$, '42501', null, 'these policies open no other bucket');

-- what the policies left in place
select tests.authenticate_as_service_role();
select is((select count(*)::int from storage.objects where bucket_id = 'deliverables' and name like 'products/%'), 4, 'no refused write changed the bucket');
select is((select count(*)::int from storage.objects where name = (select path from alice_copy)), 1, 'the buyer''s copy is still there, under its name');
select throws_ok($$ update public.order_items set stamped_path = 'products/a.pdf' where id = '61000000-0000-4000-a000-0000000000a1' $$, '23514', null,
  'a stamped copy lives under buyers/<user>/, never over an original');

select * from finish();
rollback;
