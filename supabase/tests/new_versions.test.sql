-- « Nouvelle version » (issue #28): when a variant's file is replaced (attach_variant_file, the
-- attach-deliverable function's step), every buyer's item moves to the new file, their stamped
-- copy is forgotten so the next link stamps the new version, and each buyer, and only they, gets
-- a marker until they ask for a link to the item. Each role tries to read and write the markers.
begin;
\ir helpers/setup.psql
select plan(18);

select tests.create_user('alice@versions.test', 'Alice');
select tests.create_user('bob@versions.test', 'Bob');
select tests.create_user('carol@versions.test', 'Carol');
select tests.create_user('root@versions.test', 'Root');
select tests.make_admin('root@versions.test');

insert into storage.objects (bucket_id, name, metadata) values
  ('deliverables', 'products/var_nv/1/enseignement.pdf', '{"mimetype":"application/pdf","eTag":"\"n1\""}'),
  ('deliverables', 'products/var_nv/2/enseignement.pdf', '{"mimetype":"application/pdf","eTag":"\"n2\""}'),
  ('deliverables', 'products/other.ogg', '{"mimetype":"audio/ogg","eTag":"\"o\""}');
insert into public.product_files (variant_id, object_path, file_type) values
  ('var_nv', 'products/var_nv/1/enseignement.pdf', 'pdf'),
  ('var_other', 'products/other.ogg', 'audio');
insert into public.orders (id, user_id, total_amount_cents, currency, status, checkout_session_id, cgv_version, consent_text, consented_at) values
  ('64000000-0000-4000-a000-00000000000a', tests.user_id('alice@versions.test'), 900, 'eur', 'completed', 'cs_versions_alice', 1, 'Consentement de test', now()),
  ('64000000-0000-4000-a000-00000000000b', tests.user_id('bob@versions.test'), 900, 'eur', 'completed', 'cs_versions_bob', 1, 'Consentement de test', now()),
  ('64000000-0000-4000-a000-0000000000be', tests.user_id('bob@versions.test'), 900, 'eur', 'refunded', 'cs_versions_bob_refunded', 1, 'Consentement de test', now()),
  ('64000000-0000-4000-a000-00000000000c', tests.user_id('carol@versions.test'), 700, 'eur', 'completed', 'cs_versions_carol', 1, 'Consentement de test', now());
insert into public.order_items (id, order_id, variant_id, product_title, quantity, price_per_item_cents, file_path, file_type, stamped_path) values
  ('65000000-0000-4000-a000-0000000000a1', '64000000-0000-4000-a000-00000000000a', 'var_nv', 'Enseignement', 1, 900, 'products/var_nv/1/enseignement.pdf', 'pdf',
   'buyers/' || tests.user_id('alice@versions.test') || '/65000000-0000-4000-a000-0000000000a1.pdf'),
  ('65000000-0000-4000-a000-0000000000b1', '64000000-0000-4000-a000-00000000000b', 'var_nv', 'Enseignement', 1, 900, 'products/var_nv/1/enseignement.pdf', 'pdf', null),
  ('65000000-0000-4000-a000-0000000000be', '64000000-0000-4000-a000-0000000000be', 'var_nv', 'Enseignement', 1, 900, 'products/var_nv/1/enseignement.pdf', 'pdf', null),
  ('65000000-0000-4000-a000-0000000000c1', '64000000-0000-4000-a000-00000000000c', 'var_other', 'Méditation', 1, 700, 'products/other.ogg', 'audio', null);

-- the administrator replaces the teaching (through the edge function, as the service role)
select tests.authenticate_as_service_role();
select results_eq($$ select previous_path, previous_in_use from public.attach_variant_file(tests.user_id('root@versions.test'), 'var_nv', 'products/var_nv/2/enseignement.pdf', 'pdf', 'application/pdf', '"n2"') $$,
  $$ values ('products/var_nv/1/enseignement.pdf'::text, false) $$, 'the new version is attached; nobody points to the old one any more');
select results_eq($$ select id, file_path, stamped_path from public.order_items where variant_id = 'var_nv' order by id $$,
  $$ values ('65000000-0000-4000-a000-0000000000a1'::uuid, 'products/var_nv/2/enseignement.pdf'::text, null::text),
            ('65000000-0000-4000-a000-0000000000b1', 'products/var_nv/2/enseignement.pdf', null),
            ('65000000-0000-4000-a000-0000000000be', 'products/var_nv/2/enseignement.pdf', null) $$,
  'every buyer''s item now points to the new version, and Alice''s stamped copy is forgotten, to be stamped again');
select results_eq($$ select u.email::text, v.variant_id from public.new_versions v join auth.users u on u.id = v.user_id order by 1 $$,
  $$ values ('alice@versions.test'::text, 'var_nv'::text), ('bob@versions.test', 'var_nv') $$,
  'one marker per buyer of a paid order (Bob once, though he bought it twice); Carol bought something else');
select results_eq($$ select previous_path, previous_in_use from public.attach_variant_file(tests.user_id('root@versions.test'), 'var_nv', 'products/var_nv/2/enseignement.pdf', 'pdf', 'application/pdf', '"n2"') $$,
  $$ values ('products/var_nv/2/enseignement.pdf'::text, true) $$, 'attaching the same file again changes nobody''s item');

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.new_versions $$, '42501', null, 'anon cannot read the markers');

-- the buyer
select tests.authenticate_as('alice@versions.test');
select results_eq($$ select variant_id from public.new_versions $$, $$ values ('var_nv'::text) $$, 'Alice sees her marker only');
select results_eq($$ select order_item_id, new_version from public.my_library() $$, $$ values ('65000000-0000-4000-a000-0000000000a1'::uuid, true) $$,
  'her library says « Nouvelle version » on the teaching');
select is(public.export_my_data()->'new_versions'->0->>'variant_id', 'var_nv', 'her data export (RGPD) holds the marker');
select throws_ok($$ delete from public.new_versions $$, '42501', null, 'she cannot delete a marker herself');
select throws_ok($$ insert into public.new_versions (user_id, variant_id) values (tests.user_id('alice@versions.test'), 'var_other') $$, '42501', null, 'nor add one');
select throws_ok($$ select public.issue_download_link('65000000-0000-4000-a000-0000000000a1', 'inline') $$, 'PT409', null,
  'until the new version is stamped for her, no link, and the marker stays');
select tests.authenticate_as_service_role();
update public.order_items set stamped_path = 'buyers/' || tests.user_id('alice@versions.test') || '/65000000-0000-4000-a000-0000000000a1.pdf'
 where id = '65000000-0000-4000-a000-0000000000a1';
select tests.authenticate_as('alice@versions.test');
select lives_ok($$ select public.issue_download_link('65000000-0000-4000-a000-0000000000a1', 'inline') $$, 'she opens the new version');
select is_empty($$ select 1 from public.new_versions $$, 'her marker is gone');
select results_eq($$ select new_version from public.my_library() $$, $$ values (false) $$, 'and her library no longer says « Nouvelle version »');

-- another customer, the administrator
select tests.authenticate_as('carol@versions.test');
select is_empty($$ select * from public.new_versions $$, 'Carol sees no marker');
select tests.authenticate_as('root@versions.test');
select is_empty($$ select * from public.new_versions $$, 'the administrator reads no buyer''s marker');
select throws_ok($$ update public.new_versions set replaced_at = now() $$, '42501', null, 'nor changes one');

select tests.authenticate_as_service_role();
select results_eq($$ select u.email::text from public.new_versions v join auth.users u on u.id = v.user_id $$,
  $$ values ('bob@versions.test'::text) $$, 'Bob, who has not opened it, still has his marker');

select * from finish();
rollback;
