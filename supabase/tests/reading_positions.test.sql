-- Where each buyer stopped (issue #28): public.reading_positions under RLS, written only through
-- save_reading_position(). Anon, another customer and the administrator are refused both the
-- reading and the writing of a buyer's position; values out of range are refused; one row per
-- buyer and item, updated in place.
begin;
\ir helpers/setup.psql
select plan(31);

select tests.create_user('alice@positions.test', 'Alice');
select tests.create_user('bob@positions.test', 'Bob');
select tests.create_user('root@positions.test', 'Root');
select tests.make_admin('root@positions.test');

insert into public.orders (id, user_id, total_amount_cents, currency, status, checkout_session_id, cgv_version, consent_text, consented_at) values
  ('62000000-0000-4000-a000-00000000000a', tests.user_id('alice@positions.test'), 2900, 'eur', 'completed', 'cs_positions_alice', 1, 'Consentement de test', now()),
  ('62000000-0000-4000-a000-0000000000ae', tests.user_id('alice@positions.test'), 1900, 'eur', 'refunded', 'cs_positions_alice_refunded', 1, 'Consentement de test', now()),
  ('62000000-0000-4000-a000-00000000000b', tests.user_id('bob@positions.test'), 700, 'eur', 'completed', 'cs_positions_bob', 1, 'Consentement de test', now());
insert into public.order_items (id, order_id, variant_id, product_title, quantity, price_per_item_cents, file_path, file_type) values
  ('63000000-0000-4000-a000-0000000000a1', '62000000-0000-4000-a000-00000000000a', 'var_pdf', 'Enseignement', 1, 2900, 'products/a.pdf', 'pdf'),
  ('63000000-0000-4000-a000-0000000000a2', '62000000-0000-4000-a000-00000000000a', 'var_audio', 'Méditation', 1, 0, 'products/a.ogg', 'audio'),
  ('63000000-0000-4000-a000-0000000000a3', '62000000-0000-4000-a000-00000000000a', 'var_none', 'Livret', 1, 0, null, null),
  ('63000000-0000-4000-a000-0000000000ae', '62000000-0000-4000-a000-0000000000ae', 'var_r', 'Rituel', 1, 1900, 'products/r.webm', 'video'),
  ('63000000-0000-4000-a000-0000000000b1', '62000000-0000-4000-a000-00000000000b', 'var_audio', 'Méditation', 1, 700, 'products/a.ogg', 'audio');

select policies_are('public', 'reading_positions', array['Buyers read where they stopped, nobody else'], 'one policy: the buyer reads her own rows');
select ok(not has_table_privilege('authenticated', 'public.reading_positions', 'insert') and not has_table_privilege('authenticated', 'public.reading_positions', 'update')
  and not has_table_privilege('authenticated', 'public.reading_positions', 'delete'), 'a signed-in user writes the table only through the function');

-- anon
select tests.clear_authentication();
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a1', 'page', 3, 84) $$, '42501', null, 'anon cannot save a position');
select throws_ok($$ select * from public.reading_positions $$, '42501', null, 'anon cannot read positions');

-- the buyer
select tests.authenticate_as('alice@positions.test');
select lives_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a1', 'page', 5, 84) $$, 'Alice saves page 5 of her teaching');
select lives_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a2', 'second', 765.5, 1200) $$, 'and 12:45 of her meditation');
select lives_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a1', 'page', 37, 84) $$, 'then page 37');
select results_eq($$ select order_item_id, unit, position, length from public.reading_positions order by unit $$,
  $$ values ('63000000-0000-4000-a000-0000000000a1'::uuid, 'page'::text, 37::double precision, 84::double precision),
            ('63000000-0000-4000-a000-0000000000a2'::uuid, 'second'::text, 765.5::double precision, 1200::double precision) $$,
  'she reads her positions: one row per item, the teaching''s moved to page 37');
select lives_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a2', 'second', 1200, 1200) $$, 'the end of the meditation is a position');
select lives_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a2', 'percent', 40, 100) $$, 'so is a percentage');

-- impossible values
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a2', 'second', -1, 1200) $$, '22023', null, 'a negative second is refused');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a2', 'second', 1201, 1200) $$, '22023', null, 'a second past the length is refused');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a1', 'page', 85, 84) $$, '22023', null, 'a page past the last is refused');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a1', 'page', 0, 84) $$, '22023', null, 'page 0 is refused');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a1', 'page', 2.5, 84) $$, '22023', null, 'half a page is refused');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a2', 'percent', 50, 200) $$, '22023', null, 'a percentage out of 200 is refused');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a2', 'minute', 3, 20) $$, '22023', null, 'an unknown unit is refused');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a2', 'second', 'NaN', 1200) $$, '22023', null, 'NaN is refused');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a2', 'second', 3, 'Infinity') $$, '22023', null, 'an infinite length is refused');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a2', 'second', 3, 0) $$, '22023', null, 'a zero length is refused');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000b1', 'second', 3, 1200) $$, '42501', null, 'Bob''s item is not Alice''s to write');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000ae', 'second', 3, 60) $$, '42501', null, 'nor is an item of a refunded order');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a3', 'page', 1, 2) $$, '42501', null, 'nor an item without a file');

select results_eq($$ select r->>'unit', (r->>'position')::double precision from jsonb_array_elements(public.export_my_data()->'reading_positions') r order by 1 $$,
  $$ values ('page'::text, 37::double precision), ('percent', 40) $$, 'her data export (RGPD) holds where she stopped');

-- another customer
select tests.authenticate_as('bob@positions.test');
select is_empty($$ select * from public.reading_positions $$, 'Bob reads none of Alice''s positions');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a1', 'page', 1, 84) $$, '42501', null, 'Bob cannot write Alice''s position');
select lives_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000b1', 'second', 60, 1200) $$, 'Bob saves his own position of the same meditation');
select is(jsonb_array_length(public.export_my_data()->'reading_positions'), 1, 'his export holds his own position only');

-- the administrator
select tests.authenticate_as('root@positions.test');
select is_empty($$ select * from public.reading_positions $$, 'the administrator reads nobody''s reading');
select throws_ok($$ select public.save_reading_position('63000000-0000-4000-a000-0000000000a1', 'page', 1, 84) $$, '42501', null, 'the administrator cannot write a buyer''s position');

-- what is stored
select tests.authenticate_as_service_role();
select results_eq($$ select u.email::text, r.unit, r.position from public.reading_positions r join auth.users u on u.id = r.user_id order by 1, 2 $$,
  $$ values ('alice@positions.test'::text, 'page'::text, 37::double precision), ('alice@positions.test', 'percent', 40), ('bob@positions.test', 'second', 60) $$,
  'one row per buyer and item, each holding its last save');

select * from finish();
rollback;
