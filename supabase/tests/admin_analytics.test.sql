-- The analytics page's functions: refused to anon and to customers (42501), a period other than
-- 7, 30, 90 or 365 days refused (22023); for the administrator, each figure counts what it says.
begin;
\ir helpers/setup.psql
select plan(27);

select tests.create_user('admin@analytics.test');
select tests.make_admin('admin@analytics.test');
select tests.create_user('alice@analytics.test', 'Alice Lumière');
select tests.create_user('bruno@analytics.test');

-- The Paris days, read as the owner (the API roles cannot call private helpers).
create temporary table dates as select private.paris_today() as today, private.paris_day(now() - interval '40 days') as forty_days_ago;
grant select on dates to authenticated;

-- Rights, for each function.
select is_definer('public', 'admin_analytics_daily', array['integer'], 'admin_analytics_daily runs as its owner, behind its own check');
select is_definer('public', 'admin_analytics_products', array['integer'], 'admin_analytics_products too');
select is_definer('public', 'admin_orders_export', array['integer', 'timestamp with time zone', 'uuid'], 'admin_orders_export too');
select ok(not has_function_privilege('anon', 'public.admin_analytics_daily(integer)', 'execute'), 'anon may not execute admin_analytics_daily');
select ok(not has_function_privilege('anon', 'public.admin_analytics_products(integer)', 'execute'), 'nor admin_analytics_products');
select ok(not has_function_privilege('anon', 'public.admin_orders_export(integer, timestamptz, uuid)', 'execute'), 'nor admin_orders_export');

select tests.clear_authentication();
select throws_ok($$ select * from public.admin_analytics_daily(30) $$, '42501', null, 'as anon, the daily figures are refused');
select tests.authenticate_as('alice@analytics.test');
select throws_ok($$ select * from public.admin_analytics_daily(30) $$, '42501', 'admin_analytics_daily is reserved to administrators', 'as a customer, the daily figures are refused');
select throws_ok($$ select * from public.admin_analytics_products(30) $$, '42501', 'admin_analytics_products is reserved to administrators', 'as a customer, the products are refused');
select throws_ok($$ select * from public.admin_orders_export(30) $$, '42501', 'admin_orders_export is reserved to administrators', 'as a customer, the export is refused');
select throws_ok($$ select * from public.admin_dashboard_stats() $$, '42501', 'admin_dashboard_stats is reserved to administrators', 'as a customer, the dashboard figures are refused');

select tests.authenticate_as('admin@analytics.test');
select throws_ok($$ select * from public.admin_analytics_daily(31) $$, '22023', 'admin_analytics_daily: the period must be 7, 30, 90 or 365 days', 'a period of 31 days is refused');
select throws_ok($$ select * from public.admin_analytics_products(null) $$, '22023', 'admin_analytics_products: the period must be 7, 30, 90 or 365 days', 'a missing period is refused');
select is((select count(*)::integer from public.admin_analytics_daily(7)), 7, '7 days: seven rows, today included');
select is((select count(*)::integer from public.admin_analytics_daily(365)), 365, '365 days: one row a day');
select is((select max(day) from public.admin_analytics_daily(30)), (select today from dates), 'the last row is today (Paris)');
reset role;
create temporary table today_before as select * from public.admin_analytics_daily(7) where day = (select today from dates);
grant select on today_before to authenticated;

-- Today: Alice pays 60 € for two lines after two checkouts; Bruno's order 40 days ago; a view.
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values
  ('cs_analytics_1', tests.user_id('alice@analytics.test'), '[{}]', 6000, 1, 'Consentement de test', now()),
  ('cs_analytics_2', tests.user_id('alice@analytics.test'), '[{}]', 6000, 1, 'Consentement de test', now());
insert into public.orders (id, user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values
  ('00000000-0000-4000-8000-00000000c0a1', tests.user_id('alice@analytics.test'), 6000, 'cs_analytics_1', 1, 'Consentement de test', now());
insert into public.order_items (id, order_id, variant_id, product_title, variant_title, quantity, price_per_item_cents) values
  ('00000000-0000-4000-8000-00000000c1a1', '00000000-0000-4000-8000-00000000c0a1', 'v1', 'Rituel de l''aube (test)', 'Vidéo', 2, 1500),
  ('00000000-0000-4000-8000-00000000c1a2', '00000000-0000-4000-8000-00000000c0a1', 'v2', 'Méditation du soir (test)', null, 1, 3000);
insert into public.orders (user_id, total_amount_cents, checkout_session_id, created_at, cgv_version, consent_text, consented_at) values
  (tests.user_id('bruno@analytics.test'), 4000, 'cs_analytics_old', now() - interval '40 days', 1, 'Consentement de test', now());
insert into public.download_links (user_id, order_item_id, object_path) values
  (tests.user_id('alice@analytics.test'), '00000000-0000-4000-8000-00000000c1a1', 'rituel.mp4');
select set_config('request.headers', '{"host":"shop.test","x-forwarded-for":"203.0.113.70","user-agent":"Analytics test"}', true);
select public.record_page_view('/store', null);

select tests.authenticate_as('admin@analytics.test');
select results_eq(
  $$ select a.revenue_cents - b.revenue_cents, a.orders - b.orders, a.checkouts - b.checkouts, a.new_accounts - b.new_accounts, a.page_views - b.page_views, a.visitors - b.visitors
       from public.admin_analytics_daily(7) a, today_before b where a.day = b.day $$,
  $$ values (6000::bigint, 1, 2, 0, 1, 1) $$,
  'today''s row gains the paid order''s 60 €, one order, two checkouts, one view by one visitor');
select is((select sum(revenue_cents) from public.admin_analytics_daily(30) where day < (select today from dates) - 29), null, 'the 30-day period ends 29 days back');
select ok((select sum(orders) from public.admin_analytics_daily(90) where day = (select forty_days_ago from dates)) >= 1, 'Bruno''s order of 40 days ago is in the 90-day period');
select results_eq($$ select units, revenue_cents, downloads from public.admin_analytics_products(7) where product_title = 'Rituel de l''aube (test)' $$,
  $$ values (2::bigint, 3000::bigint, 1::bigint) $$, 'a product''s units, revenue and downloads in the period');
select results_eq($$ select units, downloads from public.admin_analytics_products(7) where product_title = 'Méditation du soir (test)' $$,
  $$ values (1::bigint, 0::bigint) $$, 'a product bought and not yet downloaded');

select results_eq(
  $$ select customer_email, customer_name, status, items, total_amount_cents, currency from public.admin_orders_export(7) where order_id = '00000000-0000-4000-8000-00000000c0a1' $$,
  $$ values ('alice@analytics.test'::text, 'Alice Lumière'::text, 'completed'::text, '1 × Méditation du soir (test), 2 × Rituel de l''aube (test) (Vidéo)'::text, 6000, 'eur'::text) $$,
  'the export has the order with its buyer, its lines and its total');
select is((select count(*)::integer from public.admin_orders_export(7) where customer_email = 'bruno@analytics.test'), 0, 'an order older than the period is not exported');
select is((select count(*)::integer from public.admin_orders_export(90) where customer_email = 'bruno@analytics.test'), 1, 'it is in a longer period');
reset role;
-- Paging: 1,001 orders today are two pages, the second starting after the first's last row.
insert into public.orders (user_id, total_amount_cents, checkout_session_id, created_at, cgv_version, consent_text, consented_at)
select tests.user_id('bruno@analytics.test'), 100, 'cs_analytics_page_' || g, now() - g * interval '1 second', 1, 'Consentement de test', now() from generate_series(1, 1001) g;
select tests.authenticate_as('admin@analytics.test');
create temporary table first_page as select * from public.admin_orders_export(7);
select is((select count(*)::integer from first_page), 1000, 'a page holds at most 1,000 orders');
select ok((select count(*) from public.admin_orders_export(7, (select max(created_at) from first_page), (select order_id from first_page order by created_at desc, order_id desc limit 1))) >= 2,
  'the next page continues after the last row of the first');
select is((select count(*)::integer from (
    select order_id from first_page
    intersect
    select order_id from public.admin_orders_export(7, (select max(created_at) from first_page), (select order_id from first_page order by created_at desc, order_id desc limit 1))) both_pages), 0,
  'no order is on both pages');

select * from finish();
rollback;
