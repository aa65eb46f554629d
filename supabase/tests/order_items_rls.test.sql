-- order_items: a customer reads the items of their own orders (the library's file links come from
-- here), an administrator reads all, and only the service role (record_order) writes.
begin;
\ir helpers/setup.psql
select plan(27);

select tests.create_user('alice@items.test', 'Alice');
select tests.create_user('bob@items.test', 'Bob');
select tests.create_user('root@items.test', 'Root');
select tests.make_admin('root@items.test');

insert into public.orders (id, user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values
  ('40000000-0000-4000-a000-00000000000a', tests.user_id('alice@items.test'), 4300, 'cs_items_alice', 1, 'Consentement de test', now()),
  ('40000000-0000-4000-a000-00000000000b', tests.user_id('bob@items.test'), 2900, 'cs_items_bob', 1, 'Consentement de test', now());
insert into public.order_items (id, order_id, variant_id, product_title, variant_title, quantity, price_per_item_cents, file_path, file_type) values
  ('41000000-0000-4000-a000-0000000000a1', '40000000-0000-4000-a000-00000000000a', 'var_a1', 'Enseignement', 'PDF', 1, 2900, 'products/a1.pdf', 'pdf'),
  ('41000000-0000-4000-a000-0000000000a2', '40000000-0000-4000-a000-00000000000a', 'var_a2', 'Méditation', '10 minutes', 2, 700, 'products/a2.wav', 'audio'),
  ('41000000-0000-4000-a000-0000000000b1', '40000000-0000-4000-a000-00000000000b', 'var_b1', 'Rituel', 'HD', 1, 2900, 'products/b1.avi', 'video');

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.order_items $$, '42501', null, 'as anon, reading items is refused');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('40000000-0000-4000-a000-00000000000a', 'x', 'x', 1, 0) $$, '42501', null, 'as anon, adding an item is refused');
select throws_ok($$ update public.order_items set price_per_item_cents = 0 $$, '42501', null, 'as anon, changing an item is refused');
select throws_ok($$ delete from public.order_items $$, '42501', null, 'as anon, deleting items is refused');

-- customer A
select tests.authenticate_as('alice@items.test');
select results_eq(
  $$ select variant_id, quantity, price_per_item_cents, file_path from public.order_items where order_id in ('40000000-0000-4000-a000-00000000000a', '40000000-0000-4000-a000-00000000000b') order by variant_id $$,
  $$ values ('var_a1'::text, 1, 2900, 'products/a1.pdf'::text), ('var_a2', 2, 700, 'products/a2.wav') $$,
  'as Alice, exactly the items of her order, with their file links');
select is_empty($$ select 1 from public.order_items where id = '41000000-0000-4000-a000-0000000000b1' $$, 'as Alice, Bob''s item is invisible, even by id');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents, file_path, file_type) values ('40000000-0000-4000-a000-00000000000a', 'var_b1', 'Rituel', 1, 0, 'products/b1.avi', 'video') $$, '42501', null, 'as Alice, adding a free item to her own order is refused');
select throws_ok($$ update public.order_items set quantity = 10 where order_id = '40000000-0000-4000-a000-00000000000a' $$, '42501', null, 'as Alice, changing her quantities is refused');
select throws_ok($$ update public.order_items set file_path = 'products/b1.avi' where id = '41000000-0000-4000-a000-0000000000a1' $$, '42501', null, 'as Alice, pointing her item at another file is refused');
select throws_ok($$ delete from public.order_items where order_id = '40000000-0000-4000-a000-00000000000a' $$, '42501', null, 'as Alice, deleting her items is refused');

-- customer B
select tests.authenticate_as('bob@items.test');
select results_eq(
  $$ select id from public.order_items where order_id in ('40000000-0000-4000-a000-00000000000a', '40000000-0000-4000-a000-00000000000b') $$,
  $$ values ('41000000-0000-4000-a000-0000000000b1'::uuid) $$,
  'as Bob, exactly his one item');
select is_empty($$ select 1 from public.order_items where order_id = '40000000-0000-4000-a000-00000000000a' $$, 'as Bob, Alice''s items are invisible');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('40000000-0000-4000-a000-00000000000a', 'x', 'x', 1, 0) $$, '42501', null, 'as Bob, adding an item to Alice''s order is refused');
select throws_ok($$ update public.order_items set quantity = 1 $$, '42501', null, 'as Bob, changing items is refused');
select throws_ok($$ delete from public.order_items $$, '42501', null, 'as Bob, deleting items is refused');

-- admin
select tests.authenticate_as('root@items.test');
select results_eq(
  $$ select variant_id from public.order_items where order_id in ('40000000-0000-4000-a000-00000000000a', '40000000-0000-4000-a000-00000000000b') order by variant_id $$,
  $$ values ('var_a1'::text), ('var_a2'), ('var_b1') $$,
  'as the administrator, every item');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('40000000-0000-4000-a000-00000000000b', 'x', 'x', 1, 0) $$, '42501', null, 'as the administrator, adding an item is refused');
select throws_ok($$ update public.order_items set price_per_item_cents = 1 $$, '42501', null, 'as the administrator, changing an item is refused');
select throws_ok($$ delete from public.order_items $$, '42501', null, 'as the administrator, deleting items is refused');

-- service role
select tests.authenticate_as_service_role();
select is((select count(*)::integer from public.order_items where order_id in ('40000000-0000-4000-a000-00000000000a', '40000000-0000-4000-a000-00000000000b')), 3, 'the service role reads every item');
select lives_ok($$ insert into public.order_items (id, order_id, variant_id, product_title, quantity, price_per_item_cents) values ('41000000-0000-4000-a000-0000000000b2', '40000000-0000-4000-a000-00000000000b', 'var_b2', 'Livret', 1, 500) $$, 'the service role adds an item');
select lives_ok($$ update public.order_items set quantity = 3 where id = '41000000-0000-4000-a000-0000000000b2' $$, 'the service role changes an item');
select is((select quantity from public.order_items where id = '41000000-0000-4000-a000-0000000000b2'), 3, 'the change is stored');
select lives_ok($$ delete from public.order_items where id = '41000000-0000-4000-a000-0000000000b2' $$, 'the service role deletes an item');
select is((select count(*)::integer from public.order_items where order_id = '40000000-0000-4000-a000-00000000000b'), 1, 'it is gone');
select lives_ok($$ delete from public.orders where id = '40000000-0000-4000-a000-00000000000b' $$, 'the service role deletes Bob''s order');
select is_empty($$ select 1 from public.order_items where order_id = '40000000-0000-4000-a000-00000000000b' $$, 'its items go with it');

select * from finish();
rollback;
