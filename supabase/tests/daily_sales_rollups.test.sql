-- private.daily_sales and private.daily_product_sales: kept by triggers through inserts, status
-- changes, moves in time, deletions and an account's cascade, always equal to a full rebuild;
-- out of every API role's reach.
begin;
\ir helpers/setup.psql
select plan(12);

select tests.create_user('admin@rollups.test');
select tests.make_admin('admin@rollups.test');
select tests.create_user('alice@rollups.test');
select tests.create_user('bruno@rollups.test');

-- The rollups, less rows that add up to nothing, for comparing with a rebuild.
create function pg_temp.sales() returns table (day date, orders integer, revenue_cents bigint, checkouts integer, new_accounts integer) language sql as $$
  select day, orders, revenue_cents, checkouts, new_accounts from private.daily_sales
   where orders <> 0 or revenue_cents <> 0 or checkouts <> 0 or new_accounts <> 0
$$;
create function pg_temp.product_sales() returns table (day date, product_title text, units integer, revenue_cents bigint, downloads integer) language sql as $$
  select day, product_title, units, revenue_cents, downloads from private.daily_product_sales
   where units <> 0 or revenue_cents <> 0 or downloads <> 0
$$;
create function pg_temp.today(p_title text) returns table (units integer, revenue_cents bigint, downloads integer) language sql as $$
  select units, revenue_cents, downloads from private.daily_product_sales where day = private.paris_today() and product_title = p_title
$$;

-- Alice buys two lines today; Bruno a line a year ago; a pending order of Alice's is not a sale.
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values
  ('cs_rollup_a', tests.user_id('alice@rollups.test'), '[{}]', 6000, 1, 'Consentement de test', now()),
  ('cs_rollup_b', tests.user_id('bruno@rollups.test'), '[{}]', 1500, 1, 'Consentement de test', now());
insert into public.orders (id, user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values
  ('00000000-0000-4000-8000-0000000000a1', tests.user_id('alice@rollups.test'), 6000, 'cs_rollup_a', 1, 'Consentement de test', now());
insert into public.order_items (id, order_id, variant_id, product_title, quantity, price_per_item_cents) values
  ('00000000-0000-4000-8000-0000000001a1', '00000000-0000-4000-8000-0000000000a1', 'v1', 'Rituel test des rollups', 2, 1500),
  ('00000000-0000-4000-8000-0000000001a2', '00000000-0000-4000-8000-0000000000a1', 'v2', 'Méditation test des rollups', 1, 3000);
insert into public.orders (id, user_id, total_amount_cents, checkout_session_id, created_at, cgv_version, consent_text, consented_at) values
  ('00000000-0000-4000-8000-0000000000b1', tests.user_id('bruno@rollups.test'), 1500, 'cs_rollup_b', now() - interval '1 year', 1, 'Consentement de test', now());
insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values
  ('00000000-0000-4000-8000-0000000000b1', 'v1', 'Rituel test des rollups', 1, 1500);
insert into public.orders (user_id, total_amount_cents, checkout_session_id, status, cgv_version, consent_text, consented_at) values
  (tests.user_id('alice@rollups.test'), 9900, 'cs_rollup_pending', 'pending', 1, 'Consentement de test', now());
insert into public.download_links (user_id, order_item_id, object_path) values
  (tests.user_id('alice@rollups.test'), '00000000-0000-4000-8000-0000000001a1', 'a.pdf'),
  (tests.user_id('alice@rollups.test'), '00000000-0000-4000-8000-0000000001a1', 'a.pdf');

select results_eq($$ select * from pg_temp.today('Rituel test des rollups') $$, $$ values (2, 3000::bigint, 2) $$,
  'today: the paid line''s units and revenue, and its two downloads');
select results_eq($$ select units, revenue_cents, downloads from private.daily_product_sales
                     where day = private.paris_day(now() - interval '1 year') and product_title = 'Rituel test des rollups' $$,
  $$ values (1, 1500::bigint, 0) $$, 'a year ago: Bruno''s line, on its own day');

create temporary table rebuilt_sales as select * from pg_temp.sales();
create temporary table rebuilt_products as select * from pg_temp.product_sales();
select private.rebuild_daily_sales();
select set_eq($$ select * from pg_temp.sales() $$, $$ select * from rebuilt_sales $$, 'after inserts, the daily sales equal a rebuild');
select set_eq($$ select * from pg_temp.product_sales() $$, $$ select * from rebuilt_products $$, 'and so do the product sales');

-- Refunded, then paid again; moved in time; a line changed; a link deleted; an account deleted.
update public.orders set status = 'refunded' where id = '00000000-0000-4000-8000-0000000000a1';
select results_eq($$ select units, revenue_cents from pg_temp.today('Méditation test des rollups') $$, $$ values (0, 0::bigint) $$,
  'a refunded order leaves the sales');
update public.orders set status = 'completed' where id = '00000000-0000-4000-8000-0000000000a1';
update public.orders set created_at = now() - interval '3 days' where id = '00000000-0000-4000-8000-0000000000a1';
update public.order_items set quantity = 3 where id = '00000000-0000-4000-8000-0000000001a2';
update public.orders set status = 'completed' where checkout_session_id = 'cs_rollup_pending';
delete from public.download_links where id = (select id from public.download_links where order_item_id = '00000000-0000-4000-8000-0000000001a1' limit 1);
update public.profiles set created_at = now() - interval '30 days' where id = tests.user_id('alice@rollups.test');
select results_eq($$ select * from pg_temp.today('Rituel test des rollups') $$, $$ values (0, 0::bigint, 1) $$,
  'a sale moved three days back leaves today; the download stays on the day its link was issued');
delete from auth.users where id = tests.user_id('bruno@rollups.test');
select is((select units from private.daily_product_sales where day = private.paris_day(now() - interval '1 year') and product_title = 'Rituel test des rollups'), 1,
  'deleting an account keeps its orders'' lines in the sales: the orders stay for the accounts, detached');
delete from public.order_items where id = '00000000-0000-4000-8000-0000000001a1';

truncate rebuilt_sales, rebuilt_products;
insert into rebuilt_sales select * from pg_temp.sales();
insert into rebuilt_products select * from pg_temp.product_sales();
select private.rebuild_daily_sales();
select set_eq($$ select * from pg_temp.sales() $$, $$ select * from rebuilt_sales $$, 'after changes and deletions, the daily sales still equal a rebuild');
select set_eq($$ select * from pg_temp.product_sales() $$, $$ select * from rebuilt_products $$, 'and so do the product sales');

-- Out of the API's reach.
select tests.clear_authentication();
select throws_ok($$ select * from private.daily_sales $$, '42501', null, 'anon cannot read the daily sales');
select tests.authenticate_as('alice@rollups.test');
select throws_ok($$ select * from private.daily_product_sales $$, '42501', null, 'a customer cannot read the product sales');
select tests.authenticate_as('admin@rollups.test');
select throws_ok($$ select private.rebuild_daily_sales() $$, '42501', null, 'the administrator cannot rebuild them through the API');

select * from finish();
rollback;
