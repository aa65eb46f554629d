-- Stock is taken when a payment is recorded, in record_order()'s transaction, never below zero.
-- Two payments racing for the last unit (two real sessions, through dblink): the second waits for
-- the first's lock on the variant, then finds 0 left; its order is recorded all the same (the money
-- is taken) and the unit it could not take is filed in stock_shortfalls, which administrators alone
-- read and nobody writes but the trigger.
begin;
\ir helpers/setup.psql
select plan(24);

-- The race first, on committed rows (the other sessions cannot see this transaction's), before this
-- transaction holds any lock they would need. The orders bring their invoice numbers, and their
-- lines different titles, so that only the variant's row lock can make the second wait.
create extension if not exists dblink with schema extensions;
select extensions.dblink_connect('race_a', format('host=127.0.0.1 port=%s dbname=%s user=postgres password=postgres', current_setting('port'), current_database()));
select extensions.dblink_connect('race_b', format('host=127.0.0.1 port=%s dbname=%s user=postgres password=postgres', current_setting('port'), current_database()));
select extensions.dblink_exec('race_a', $setup$
  insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, created_at, updated_at)
  values ('7c000000-0000-4000-a000-000000000001', 'authenticated', 'authenticated', 'racer@stock.test', '', now(), now(), now());
  insert into public.products (id, title, status) values ('prod_race', 'Dernier exemplaire', 'published');
  insert into public.product_variants (id, product_id, title, price_in_cents, manage_inventory, inventory_quantity)
  values ('var_race', 'prod_race', 'Standard', 1500, true, 1);
  insert into public.orders (id, user_id, total_amount_cents, checkout_session_id, invoice_number, cgv_version, consent_text, consented_at) values
    ('7c000000-0000-4000-a000-00000000000a', '7c000000-0000-4000-a000-000000000001', 1500, 'cs_race_a', 'FA-2097-000001', 1, 'Consentement de test', now()),
    ('7c000000-0000-4000-a000-00000000000b', '7c000000-0000-4000-a000-000000000001', 1500, 'cs_race_b', 'FA-2097-000002', 1, 'Consentement de test', now());
$setup$);
create temporary table racers as
select (select pid from extensions.dblink('race_a', 'select pg_backend_pid()') as t(pid integer)) as first,
       (select pid from extensions.dblink('race_b', 'select pg_backend_pid()') as t(pid integer)) as second;
select extensions.dblink_exec('race_a', 'begin');
select extensions.dblink_exec('race_a', $$insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents)
  values ('7c000000-0000-4000-a000-00000000000a', 'var_race', 'Dernier exemplaire (A)', 1, 1500)$$);
select extensions.dblink_send_query('race_b', $$insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents)
  values ('7c000000-0000-4000-a000-00000000000b', 'var_race', 'Dernier exemplaire (B)', 1, 1500)$$);
-- Until the second payment waits on the first (PostgreSQL announces no lock wait; bounded at 10 s).
create function pg_temp.blocked_on(waiter integer, holder integer) returns boolean language plpgsql as $$
begin
  for attempt in 1..200 loop
    if holder = any (pg_blocking_pids(waiter)) then
      return true;
    end if;
    perform pg_sleep(0.05);
  end loop;
  return false;
end;
$$;
select ok(pg_temp.blocked_on((select second from racers), (select first from racers)),
  'the second payment waits for the first''s lock on the variant');
select extensions.dblink_exec('race_a', 'commit');
select is((select status from extensions.dblink_get_result('race_b') as t(status text)), 'INSERT 0 1',
  'then its line is recorded all the same: the money is taken');
select * from extensions.dblink_get_result('race_b') as t(status text);
select is((select inventory_quantity from public.product_variants where id = 'var_race'), 0, 'the stock is 0, not -1');
select is((select count(*)::integer from public.order_items where variant_id = 'var_race'), 2, 'both paid orders have their line');
select results_eq($$ select o.checkout_session_id, s.wanted, s.taken from public.stock_shortfalls s join public.orders o on o.id = s.order_id
                     where s.variant_id = 'var_race' $$,
  $$ values ('cs_race_b'::text, 1, 0) $$, 'the second one''s missing unit is filed for the administrators');
select extensions.dblink_exec('race_a', $cleanup$
  delete from public.orders where id in ('7c000000-0000-4000-a000-00000000000a', '7c000000-0000-4000-a000-00000000000b');
  delete from public.products where id = 'prod_race';
  delete from auth.users where id = '7c000000-0000-4000-a000-000000000001';
$cleanup$);
select extensions.dblink_disconnect('race_a');
select extensions.dblink_disconnect('race_b');

-- Through record_order(), in this transaction.
select tests.create_user('buyer@stock.test', 'Acheteuse');
select tests.create_user('other@stock.test', 'Autre');
select tests.create_user('root@stock.test', 'Root');
select tests.make_admin('root@stock.test');
insert into public.products (id, title, status, updated_at) values ('prod_stock', 'Édition limitée', 'published', '2026-01-15 09:00:00+00');
insert into public.product_variants (id, product_id, title, price_in_cents, manage_inventory, inventory_quantity) values
  ('var_stock_managed', 'prod_stock', 'Numérotée', 1500, true, 3),
  ('var_stock_free', 'prod_stock', 'Numérique', 900, false, null);
update public.products set updated_at = '2026-01-15 09:00:00+00' where id = 'prod_stock';
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, cgv_version, consent_text, consented_at) values
  ('cs_stock_1', tests.user_id('buyer@stock.test'), '[
     {"variant_id": "var_stock_managed", "product_id": "prod_stock", "product_title": "Édition limitée", "variant_title": "Numérotée", "quantity": 2, "unit_price_cents": 1500},
     {"variant_id": "var_stock_free", "product_id": "prod_stock", "product_title": "Édition limitée", "variant_title": "Numérique", "quantity": 1, "unit_price_cents": 900},
     {"variant_id": "var_hostinger_only", "product_id": "prod_elsewhere", "product_title": "Ailleurs", "variant_title": "PDF", "quantity": 1, "unit_price_cents": 500}
   ]', 4400, 'eur', 1, 'Consentement de test', now()),
  ('cs_stock_2', tests.user_id('buyer@stock.test'), '[
     {"variant_id": "var_stock_managed", "product_id": "prod_stock", "product_title": "Édition limitée", "variant_title": "Numérotée", "quantity": 2, "unit_price_cents": 1500}
   ]', 3000, 'eur', 1, 'Consentement de test', now());

select tests.authenticate_as_service_role();
select isnt(public.record_order('cs_stock_1', tests.user_id('buyer@stock.test')), null, 'a paid checkout is recorded');
reset role;
select is((select inventory_quantity from public.product_variants where id = 'var_stock_managed'), 1, 'its quantity is taken from a managed variant''s stock');
select is((select inventory_quantity from public.product_variants where id = 'var_stock_free'), null, 'a variant without managed stock keeps none');
select is((select count(*)::integer from public.order_items i join public.orders o on o.id = i.order_id where o.checkout_session_id = 'cs_stock_1'), 3,
  'a line naming a variant the catalogue does not hold is recorded and takes nothing');
select is((select updated_at from public.products where id = 'prod_stock'), '2026-01-15 09:00:00+00'::timestamptz,
  'the stock taken does not move the product''s updated_at');

select tests.authenticate_as_service_role();
select isnt(public.record_order('cs_stock_2', tests.user_id('buyer@stock.test')), null, 'a payment for more than is left is recorded all the same');
select isnt(public.record_order('cs_stock_2', tests.user_id('buyer@stock.test')), null, 'and recording it again changes nothing');
reset role;
select is((select inventory_quantity from public.product_variants where id = 'var_stock_managed'), 0, 'the stock stops at 0');
select results_eq($$ select s.variant_id, s.wanted, s.taken from public.stock_shortfalls s join public.orders o on o.id = s.order_id
                     where o.checkout_session_id = 'cs_stock_2' $$,
  $$ values ('var_stock_managed'::text, 2, 1) $$, 'the missing unit is filed once, with what was wanted and taken');
select throws_ok($$ update public.product_variants set inventory_quantity = inventory_quantity - 1 where id = 'var_stock_managed' $$,
  '23514', null, 'nothing takes the stock below zero, not even the owner');
select is((select (v ->> 'inventory_quantity')::integer from jsonb_array_elements(public.storefront_variants(array['prod_stock']) -> 'variants') v
            where v ->> 'id' = 'var_stock_managed'), 0, 'the storefront shows 0 left');

-- Who sees the shortfalls: administrators; who writes them: the trigger alone.
select tests.clear_authentication();
select throws_ok($$ select * from public.stock_shortfalls $$, '42501', null, 'anon cannot read the shortfalls');
select tests.authenticate_as('buyer@stock.test');
select is_empty($$ select * from public.stock_shortfalls $$, 'the buyer does not see them');
select throws_ok($$ delete from public.stock_shortfalls $$, '42501', null, 'nor remove them');
select tests.authenticate_as('other@stock.test');
select is_empty($$ select * from public.stock_shortfalls $$, 'nor does another customer');
select throws_ok($$ insert into public.stock_shortfalls (order_item_id, order_id, variant_id, wanted, taken)
  select i.id, i.order_id, i.variant_id, 5, 0 from public.order_items i limit 1 $$, '42501', null, 'who cannot file one');
select tests.authenticate_as('root@stock.test');
select is((select count(*)::integer from public.stock_shortfalls s join public.orders o on o.id = s.order_id where o.checkout_session_id = 'cs_stock_2'), 1,
  'an administrator reads them');
select throws_ok($$ update public.stock_shortfalls set taken = 0 $$, '42501', null, 'but cannot change one');
select throws_ok($$ delete from public.stock_shortfalls $$, '42501', null, 'nor remove one');
reset role;

select * from finish();
rollback;
