-- Refunds counted apart in the administrator's figures (issue #29): admin_analytics_daily() has,
-- per Paris day, gross sales by the order's day and refunds by the credit note's day, and their
-- net; admin_dashboard_stats() the net revenue, the refunds and refunded orders of 30 days and the
-- open disputes. Checked through a full refund, a one-line refund, a refund of an older sale, a
-- dispute opened then lost, and a second refund of the same order; the rollup kept by the
-- triggers equals a rebuild; only administrators read any of it. Figures are deltas around what
-- this file adds, so rows the seed or other tests left behind do not matter.
begin;
\ir helpers/setup.psql
select plan(27);

select tests.create_user('admin@refundfigures.test');
select tests.make_admin('admin@refundfigures.test');
select tests.create_user('alice@refundfigures.test');
select tests.create_user('bruno@refundfigures.test');

create temporary table days as select private.paris_today() as today, private.paris_day(now() - interval '3 days') as sale_day;
grant select on days to authenticated;

-- Who may read the figures: administrators only.
select ok(not has_function_privilege('anon', 'public.admin_analytics_daily(integer)', 'execute'), 'anon may not execute admin_analytics_daily');
select ok(not has_function_privilege('anon', 'public.admin_dashboard_stats()', 'execute'), 'nor admin_dashboard_stats');
select tests.clear_authentication();
select throws_ok($$ select * from public.admin_analytics_daily(7) $$, '42501', null, 'as anon, the daily figures are refused');
select throws_ok($$ select * from public.admin_dashboard_stats() $$, '42501', null, 'as anon, the dashboard figures are refused');
select tests.authenticate_as('alice@refundfigures.test');
select throws_ok($$ select * from public.admin_analytics_daily(7) $$, '42501', 'admin_analytics_daily is reserved to administrators',
  'as a customer, the daily figures with their refunds are refused');
select throws_ok($$ select * from public.admin_dashboard_stats() $$, '42501', 'admin_dashboard_stats is reserved to administrators',
  'as a customer, the dashboard''s refund tiles are refused');

select tests.authenticate_as('admin@refundfigures.test');
create temporary table days_before as select day, revenue_cents, refunded_cents, net_revenue_cents, refunds from public.admin_analytics_daily(7);
create temporary table tiles_before as select net_revenue_30d_cents, refunded_30d_cents, refunded_orders_30d, open_disputes from public.admin_dashboard_stats();
grant select on days_before, tiles_before to authenticated;
reset role;

-- Today: Alice pays 43 € for two lines (29 € + 2 × 7 €), Bruno 7 €, Alice again 20 €; three days
-- ago Bruno paid 15 €.
insert into public.orders (id, user_id, total_amount_cents, checkout_session_id, created_at, cgv_version, consent_text, consented_at) values
  ('72000000-0000-4000-a000-00000000000a', tests.user_id('alice@refundfigures.test'), 4300, 'cs_figures_a', now(), 1, 'Consentement de test', now()),
  ('72000000-0000-4000-a000-00000000000b', tests.user_id('bruno@refundfigures.test'), 700, 'cs_figures_b', now(), 1, 'Consentement de test', now()),
  ('72000000-0000-4000-a000-00000000000c', tests.user_id('bruno@refundfigures.test'), 1500, 'cs_figures_c', now() - interval '3 days', 1, 'Consentement de test', now()),
  ('72000000-0000-4000-a000-00000000000d', tests.user_id('alice@refundfigures.test'), 2000, 'cs_figures_d', now(), 1, 'Consentement de test', now());
insert into public.order_items (id, order_id, variant_id, product_title, quantity, price_per_item_cents) values
  ('73000000-0000-4000-a000-0000000000a1', '72000000-0000-4000-a000-00000000000a', 'var_a', 'Enseignement', 1, 2900),
  ('73000000-0000-4000-a000-0000000000a2', '72000000-0000-4000-a000-00000000000a', 'var_g', 'Gratitude', 2, 700),
  ('73000000-0000-4000-a000-0000000000b1', '72000000-0000-4000-a000-00000000000b', 'var_b', 'Méditation', 1, 700),
  ('73000000-0000-4000-a000-0000000000c1', '72000000-0000-4000-a000-00000000000c', 'var_c', 'Rituel', 1, 1500),
  ('73000000-0000-4000-a000-0000000000d1', '72000000-0000-4000-a000-00000000000d', 'var_d', 'Retraite', 1, 2000);

-- Today's and the sale day's rows as deltas: gross, refunded, net, number of refunds.
create function tests.day_delta(p_day date) returns table (revenue bigint, refunded bigint, net bigint, refunds integer)
language sql as $$
  select a.revenue_cents - b.revenue_cents, a.refunded_cents - b.refunded_cents, a.net_revenue_cents - b.net_revenue_cents, a.refunds - b.refunds
    from public.admin_analytics_daily(7) a join days_before b on b.day = a.day where a.day = p_day
$$;
-- The dashboard's refund tiles as deltas: net revenue, refunded, refunded orders, open disputes.
create function tests.tiles_delta() returns table (net bigint, refunded bigint, refunded_orders integer, open_disputes integer)
language sql as $$
  select a.net_revenue_30d_cents - b.net_revenue_30d_cents, a.refunded_30d_cents - b.refunded_30d_cents,
         a.refunded_orders_30d - b.refunded_orders_30d, a.open_disputes - b.open_disputes
    from public.admin_dashboard_stats() a, tiles_before b
$$;
grant execute on function tests.day_delta(date), tests.tiles_delta() to authenticated;

select tests.authenticate_as('admin@refundfigures.test');
select results_eq($$ select * from tests.day_delta((select today from days)) $$, $$ values (7000::bigint, 0::bigint, 7000::bigint, 0) $$,
  'before any refund, today''s sales are gross and net alike');
select results_eq($$ select * from tests.tiles_delta() $$, $$ values (8500::bigint, 0::bigint, 0, 0) $$,
  'the dashboard''s net revenue of 30 days has the four sales');

-- A full refund: Bruno's 7 € order.
select tests.authenticate_as_service_role();
select public.record_refund('72000000-0000-4000-a000-00000000000b', 're_figures_full', 'commerce', 'Achat en double',
  '[{"order_item_id":"73000000-0000-4000-a000-0000000000b1","amount_cents":700}]');
select tests.authenticate_as('admin@refundfigures.test');
select results_eq($$ select * from tests.day_delta((select today from days)) $$, $$ values (7000::bigint, 700::bigint, 6300::bigint, 1) $$,
  'a full refund: today''s gross sales unchanged, 7 € refunded in one refund, the net 7 € lower');
select results_eq($$ select * from tests.tiles_delta() $$, $$ values (7800::bigint, 700::bigint, 1, 0) $$,
  'the dashboard: net revenue less 7 €, 7 € refunded, one refunded order');

-- A partial refund: one line (2 × 7 €) of Alice's two-line order.
select tests.authenticate_as_service_role();
select public.record_refund('72000000-0000-4000-a000-00000000000a', 're_figures_line', 'offline', 'Fichier illisible',
  '[{"order_item_id":"73000000-0000-4000-a000-0000000000a2","amount_cents":1400}]');
select tests.authenticate_as('admin@refundfigures.test');
select results_eq($$ select * from tests.day_delta((select today from days)) $$, $$ values (7000::bigint, 2100::bigint, 4900::bigint, 2) $$,
  'a one-line refund counts that line''s 14 € only');
select results_eq($$ select * from tests.tiles_delta() $$, $$ values (6400::bigint, 2100::bigint, 2, 0) $$,
  'the dashboard: two refunded orders, 21 € refunded');

-- A refund today of the sale of three days ago: dated by its credit note.
select tests.authenticate_as_service_role();
select public.record_refund('72000000-0000-4000-a000-00000000000c', 're_figures_late', 'commerce', 'Geste commercial',
  '[{"order_item_id":"73000000-0000-4000-a000-0000000000c1","amount_cents":1500}]');
select tests.authenticate_as('admin@refundfigures.test');
select results_eq($$ select * from tests.day_delta((select sale_day from days)) $$, $$ values (1500::bigint, 0::bigint, 1500::bigint, 0) $$,
  'a later refund leaves the day of the sale as it was');
select results_eq($$ select * from tests.day_delta((select today from days)) $$, $$ values (7000::bigint, 3600::bigint, 3400::bigint, 3) $$,
  'and counts on the day its credit note was issued');
select results_eq($$ select * from tests.tiles_delta() $$, $$ values (4900::bigint, 3600::bigint, 3, 0) $$,
  'the dashboard: three refunded orders, 36 € refunded');

-- A dispute on Alice's 20 € order: open, then lost (a refund of what remained, with its avoir).
select tests.authenticate_as_service_role();
select public.record_dispute('72000000-0000-4000-a000-00000000000d', 'dp_figures', 'open');
select tests.authenticate_as('admin@refundfigures.test');
select results_eq($$ select * from tests.tiles_delta() $$, $$ values (4900::bigint, 3600::bigint, 3, 1) $$,
  'an open dispute is counted on the dashboard, and refunds nothing yet');
select results_eq($$ select * from tests.day_delta((select today from days)) $$, $$ values (7000::bigint, 3600::bigint, 3400::bigint, 3) $$,
  'nor in today''s figures');
select tests.authenticate_as_service_role();
select public.record_dispute('72000000-0000-4000-a000-00000000000d', 'dp_figures', 'lost');
select tests.authenticate_as('admin@refundfigures.test');
select results_eq($$ select * from tests.day_delta((select today from days)) $$, $$ values (7000::bigint, 5600::bigint, 1400::bigint, 4) $$,
  'a lost dispute is a refund of the 20 € paid');
select results_eq($$ select * from tests.tiles_delta() $$, $$ values (2900::bigint, 5600::bigint, 4, 0) $$,
  'the dashboard: four refunded orders, the dispute no longer open');

-- The rest of Alice's two-line order: a second refund of an order already counted.
select tests.authenticate_as_service_role();
select public.record_refund('72000000-0000-4000-a000-00000000000a', 're_figures_rest', 'commerce', 'Geste commercial',
  '[{"order_item_id":"73000000-0000-4000-a000-0000000000a1","amount_cents":2900}]');
select tests.authenticate_as('admin@refundfigures.test');
select results_eq($$ select * from tests.day_delta((select today from days)) $$, $$ values (7000::bigint, 8500::bigint, -1500::bigint, 5) $$,
  'a day can end below zero: more refunded than sold that day');
select results_eq($$ select * from tests.tiles_delta() $$, $$ values (0::bigint, 8500::bigint, 4, 0) $$,
  'an order refunded twice is one refunded order');
select is((select sum(net_revenue_cents) - sum(revenue_cents - refunded_cents) from public.admin_analytics_daily(365)), 0::numeric,
  'each day''s net is its gross sales less its refunds');

-- The rollup the triggers kept equals a rebuild from the orders and credit notes.
reset role;
create temporary table kept as select day, orders, revenue_cents, checkouts, new_accounts, refunds, refunded_cents from private.daily_sales
  where orders <> 0 or revenue_cents <> 0 or checkouts <> 0 or new_accounts <> 0 or refunds <> 0 or refunded_cents <> 0;
select private.rebuild_daily_sales();
select set_eq($$ select day, orders, revenue_cents, checkouts, new_accounts, refunds, refunded_cents from private.daily_sales
                 where orders <> 0 or revenue_cents <> 0 or checkouts <> 0 or new_accounts <> 0 or refunds <> 0 or refunded_cents <> 0 $$,
  $$ select * from kept $$, 'after sales, refunds and a lost dispute, the daily sales equal a rebuild');
select is((select refunded_cents from private.daily_sales where day = (select today from days)) - (select refunded_cents from days_before where day = (select today from days)),
  8500::bigint, 'and the rebuild dates each refund by its credit note');

-- A rollup row out of the API's reach, and the refund trigger's helpers too.
select tests.authenticate_as('admin@refundfigures.test');
select throws_ok($$ select refunds from private.daily_sales $$, '42501', null, 'the administrator reads refunds only through the functions');
select throws_ok($$ select private.add_daily_refunds(current_date, 1, 100) $$, '42501', null, 'and cannot add to them');
select tests.authenticate_as('alice@refundfigures.test');
select throws_ok($$ select private.add_daily_refunds(current_date, -1, -100) $$, '42501', null, 'nor can a customer');

select * from finish();
rollback;
