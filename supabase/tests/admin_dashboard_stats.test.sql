-- admin_dashboard_stats(): refused to anyone but an administrator; for an administrator, the
-- six figures count exactly what they say. Counts are measured as deltas around what this file
-- adds, so rows the seed or other tests left behind do not matter.
begin;
\ir helpers/setup.psql
select plan(16);

select tests.create_user('xavier@stats.test', 'Xavier');
select tests.create_user('yvonne@stats.test', 'Yvonne');
select tests.create_user('alice@stats.test', 'Alice');
select tests.create_user('bruno@stats.test', 'Bruno');
select tests.make_admin('xavier@stats.test');
select tests.make_admin('yvonne@stats.test');

select has_function('public', 'admin_dashboard_stats', array[]::text[], 'admin_dashboard_stats() exists');
select is_definer('public', 'admin_dashboard_stats', array[]::text[], 'it runs as its owner, behind its own check');
select is((select proconfig from pg_proc where oid = 'public.admin_dashboard_stats()'::regprocedure), array['search_path=""'], 'its search_path is empty');
select ok(not has_function_privilege('anon', 'public.admin_dashboard_stats()', 'execute'), 'anon may not execute it');
select ok(has_function_privilege('authenticated', 'public.admin_dashboard_stats()', 'execute'),
  'signed-in users may call it (the function itself refuses non-administrators)');

select tests.clear_authentication();
select throws_ok($$ select * from public.admin_dashboard_stats() $$, '42501', null, 'as anon, it is refused');
select tests.authenticate_as('alice@stats.test');
select throws_ok($$ select * from public.admin_dashboard_stats() $$, '42501', 'admin_dashboard_stats is reserved to administrators', 'as customer Alice, it is refused');
select tests.authenticate_as('bruno@stats.test');
select throws_ok($$ select * from public.admin_dashboard_stats() $$, '42501', 'admin_dashboard_stats is reserved to administrators', 'as customer Bruno, it is refused');

select tests.authenticate_as('xavier@stats.test');
create temporary table stats_before as select * from public.admin_dashboard_stats();
reset role;

-- What happens next: two recent contact messages and an old one; a new member and one who joined
-- a month ago; an order an hour ago and one two days ago; chat messages read and unread, to
-- Xavier and to others, from customers and from staff; checkouts awaiting payment, recent and
-- old, and one paid; two page views now and one (dated by hand) two days ago.
insert into public.contact_messages (name, email, subject, message, created_at) values
  ('Visiteur', 'visiteur@example.test', 'Question', 'Bonjour', now()),
  ('Visiteuse', 'visiteuse@example.test', 'Retraite', 'Bonjour', now() - interval '6 days'),
  ('Ancien', 'ancien@example.test', 'Archive', 'Bonjour', now() - interval '8 days');
select tests.create_user('new@stats.test');
select tests.create_user('old@stats.test');
update public.profiles set created_at = now() - interval '30 days' where id = tests.user_id('old@stats.test');
insert into public.orders (user_id, total_amount_cents, checkout_session_id, created_at, cgv_version, consent_text, consented_at) values
  (tests.user_id('alice@stats.test'), 4500, 'cs_stats_recent', now() - interval '1 hour', 1, 'Consentement de test', now()),
  (tests.user_id('alice@stats.test'), 4500, 'cs_stats_old', now() - interval '2 days', 1, 'Consentement de test', now());
insert into public.user_messages (sender_id, receiver_id, content, is_read) values
  (tests.user_id('alice@stats.test'), tests.user_id('xavier@stats.test'), 'Alice, non lu 1', false),
  (tests.user_id('alice@stats.test'), tests.user_id('xavier@stats.test'), 'Alice, non lu 2', false),
  (tests.user_id('alice@stats.test'), tests.user_id('xavier@stats.test'), 'Alice, lu', true),
  (tests.user_id('bruno@stats.test'), tests.user_id('xavier@stats.test'), 'Bruno, non lu', false),
  (tests.user_id('bruno@stats.test'), tests.user_id('yvonne@stats.test'), 'Bruno à Yvonne', false),
  (tests.user_id('yvonne@stats.test'), tests.user_id('xavier@stats.test'), 'Yvonne à Xavier', false),
  (tests.user_id('xavier@stats.test'), tests.user_id('alice@stats.test'), 'Xavier à Alice', false);

insert into public.checkout_sessions (id, user_id, items, total_amount_cents, status, created_at, cgv_version, consent_text, consented_at) values
  ('cs_stats_pending', tests.user_id('alice@stats.test'), '[{}]', 4500, 'pending', now() - interval '1 hour', 1, 'Consentement de test', now()),
  ('cs_stats_pending_old', tests.user_id('alice@stats.test'), '[{}]', 4500, 'pending', now() - interval '2 days', 1, 'Consentement de test', now()),
  ('cs_stats_paid', tests.user_id('bruno@stats.test'), '[{}]', 4500, 'completed', now(), 1, 'Consentement de test', now());
select set_config('request.headers', '{"host":"shop.test","x-forwarded-for":"203.0.113.80","user-agent":"Stats"}', true);
select public.record_page_view('/', null);
select public.record_page_view('/store', null);
insert into private.page_views (path, created_at) values ('/old', now() - interval '2 days');

select tests.authenticate_as('xavier@stats.test');
create temporary table stats_after as select * from public.admin_dashboard_stats();
select is((select count(*)::integer from stats_after), 1, 'the administrator gets one row of figures');
select is((select a.new_contact_messages - b.new_contact_messages from stats_after a, stats_before b), 2,
  'contact messages of the last 7 days are counted, older ones are not');
select is((select a.new_users - b.new_users from stats_after a, stats_before b), 1,
  'accounts created in the last 7 days are counted, older ones are not');
select is((select a.recent_orders - b.recent_orders from stats_after a, stats_before b), 1,
  'orders of the last 24 hours are counted, older ones are not');
select is((select unread_customer_messages from stats_after), 3,
  'unread messages from customers to this administrator are counted; read ones, other administrators'' and staff messages are not');

select is((select a.pending_orders - b.pending_orders from stats_after a, stats_before b), 1,
  'checkouts awaiting payment from the last 24 hours are counted; older and paid ones are not');
select is((select a.visits_24h - b.visits_24h from stats_after a, stats_before b), 2,
  'page views of the last 24 hours are counted, older ones are not');

select tests.authenticate_as('yvonne@stats.test');
select is((select unread_customer_messages from public.admin_dashboard_stats()), 1, 'another administrator sees her own unread customer messages');

select * from finish();
rollback;
