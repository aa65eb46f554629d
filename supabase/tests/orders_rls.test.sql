-- Who may touch orders and their items, tried as each role: anon is refused everything; Alice and
-- Bob each read exactly their own order and its items, never the other's, and can neither insert,
-- change nor delete an order; the administrator reads every order but writes none through the API;
-- the service role alone inserts, once per checkout session. The policy in force is « Customers see
-- their own orders, administrators all » (migration 20261125100000).
begin;
\ir helpers/setup.psql
select plan(39);

select tests.create_user('alice@orders.test');
select tests.create_user('bob@orders.test');
select tests.create_user('root@orders.test');
select tests.make_admin('root@orders.test');

insert into public.orders (id, user_id, total_amount_cents, currency, checkout_session_id, cgv_version, consent_text, consented_at) values
  ('10000000-0000-4000-a000-00000000000a', tests.user_id('alice@orders.test'), 4300, 'eur', 'cs_test_alice', 1, 'Consentement de test', now()),
  ('10000000-0000-4000-a000-00000000000b', tests.user_id('bob@orders.test'), 2900, 'eur', 'cs_test_bob', 1, 'Consentement de test', now());
insert into public.order_items (order_id, variant_id, product_title, variant_title, quantity, price_per_item_cents, file_path, file_type) values
  ('10000000-0000-4000-a000-00000000000a', 'var_a', 'Enseignement', 'PDF', 1, 2900, 'products/a.pdf', 'pdf'),
  ('10000000-0000-4000-a000-00000000000a', 'var_b', 'Méditation', '10 minutes', 2, 700, 'products/b.wav', 'audio'),
  ('10000000-0000-4000-a000-00000000000b', 'var_c', 'Rituel', 'HD', 1, 2900, null, null);

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.orders $$, '42501', null, 'anon cannot read orders');
select throws_ok($$ select * from public.order_items $$, '42501', null, 'anon cannot read order items');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values (gen_random_uuid(), 0, 'cs_anon', 1, 'Consentement de test', now()) $$, '42501', null, 'anon cannot insert an order');

select throws_ok($$ update public.orders set status = 'refunded' $$, '42501', null, 'anon cannot update an order');
select throws_ok($$ delete from public.orders $$, '42501', null, 'anon cannot delete an order');

-- customer A
select tests.authenticate_as('alice@orders.test');
select results_eq($$ select checkout_session_id from public.orders $$, $$ values ('cs_test_alice') $$, 'Alice sees exactly her own order');
select is((select count(*)::int from public.order_items), 2, 'Alice sees the two items of her order');
select is_empty($$ select 1 from public.order_items where order_id = '10000000-0000-4000-a000-00000000000b' $$, 'Alice cannot see Bob''s items');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('alice@orders.test'), 0, 'cs_free', 1, 'Consentement de test', now()) $$, '42501', null, 'Alice cannot insert an order');
select throws_ok($$ update public.orders set total_amount_cents = 0 $$, '42501', null, 'Alice cannot change an order''s total');
select throws_ok($$ delete from public.orders $$, '42501', null, 'Alice cannot delete an order');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('10000000-0000-4000-a000-00000000000a', 'x', 'x', 1, 0) $$, '42501', null, 'Alice cannot add an item');
select throws_ok($$ update public.order_items set price_per_item_cents = 0 $$, '42501', null, 'Alice cannot change an item''s price');

select is_empty($$ select 1 from public.orders where id = '10000000-0000-4000-a000-00000000000b' $$, 'Alice cannot see Bob''s order, even by id');
select throws_ok($$ update public.orders set status = 'canceled' where id = '10000000-0000-4000-a000-00000000000a' $$, '42501', null, 'Alice cannot change her order''s status');

-- customer B
select tests.authenticate_as('bob@orders.test');
select results_eq($$ select checkout_session_id from public.orders $$, $$ values ('cs_test_bob') $$, 'Bob sees exactly his own order');
select is((select count(*)::int from public.order_items), 1, 'Bob sees his one item');

select is_empty($$ select 1 from public.orders where id = '10000000-0000-4000-a000-00000000000a' $$, 'Bob cannot see Alice''s order');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('bob@orders.test'), 0, 'cs_bob_free', 1, 'Consentement de test', now()) $$, '42501', null, 'Bob cannot insert an order');
select throws_ok($$ update public.orders set user_id = tests.user_id('bob@orders.test') where id = '10000000-0000-4000-a000-00000000000a' $$, '42501', null, 'Bob cannot take over Alice''s order');
select throws_ok($$ delete from public.orders where id = '10000000-0000-4000-a000-00000000000a' $$, '42501', null, 'Bob cannot delete Alice''s order');

-- admin
select tests.authenticate_as('root@orders.test');
select is((select count(*)::int from public.orders where checkout_session_id in ('cs_test_alice', 'cs_test_bob')), 2, 'the administrator reads every order');
select is((select count(*)::int from public.order_items where order_id in ('10000000-0000-4000-a000-00000000000a', '10000000-0000-4000-a000-00000000000b')), 3, 'the administrator reads every item');
select throws_ok($$ delete from public.orders $$, '42501', null, 'the administrator cannot delete orders through the API');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('root@orders.test'), 0, 'cs_admin', 1, 'Consentement de test', now()) $$, '42501', null, 'the administrator cannot insert an order through the API');
select throws_ok($$ update public.orders set status = 'refunded' $$, '42501', null, 'the administrator cannot change an order through the API');

-- service role: the only writer, and one order per checkout session
select tests.authenticate_as_service_role();
select lives_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('bob@orders.test'), 1000, 'cs_test_bob_2', 1, 'Consentement de test', now()) $$, 'the service role records an order');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('bob@orders.test'), 1000, 'cs_test_bob_2', 1, 'Consentement de test', now()) $$, '23505', null, 'a second order for the same checkout session is refused');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('bob@orders.test'), -1, 'cs_negative', 1, 'Consentement de test', now()) $$, '23514', null, 'a negative total is refused');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, currency, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('bob@orders.test'), 1, 'EURO', 'cs_currency', 1, 'Consentement de test', now()) $$, '23514', null, 'a malformed currency code is refused');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('10000000-0000-4000-a000-00000000000b', 'v', 'p', 0, 100) $$, '23514', null, 'a quantity below 1 is refused');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('10000000-0000-4000-a000-00000000000b', 'v', 'p', 1, -5) $$, '23514', null, 'a negative price is refused');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents, file_type) values ('10000000-0000-4000-a000-00000000000b', 'v', 'p', 1, 5, 'docx') $$, '23514', null, 'an unknown file type is refused');
select lives_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents, file_type) values ('10000000-0000-4000-a000-00000000000b', 'v', 'p', 1, 5, 'video') $$, 'a valid item is accepted');

select is((select count(*)::int from public.orders where checkout_session_id in ('cs_test_alice', 'cs_test_bob')), 2, 'the service role reads every order');
select lives_ok($$ update public.orders set status = 'refunded' where checkout_session_id = 'cs_test_bob_2' $$, 'the service role changes an order''s status');
select is((select status from public.orders where checkout_session_id = 'cs_test_bob_2'), 'refunded', 'the change is stored');
select lives_ok($$ delete from public.orders where checkout_session_id = 'cs_test_bob_2' $$, 'the service role deletes an order');
select is_empty($$ select 1 from public.orders where checkout_session_id = 'cs_test_bob_2' $$, 'it is gone');

select * from finish();
rollback;
