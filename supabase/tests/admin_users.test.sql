-- admin_users(): refused to anyone but an administrator; for an administrator, every account
-- newest first, searched by e-mail or name fragment (case and accents ignored, wildcards taken
-- literally), a bounded page, and each account's paid orders and unread messages. The search
-- text follows sign-ups, name changes and e-mail changes; no API role reads it directly. Searches
-- look only at this file's accounts (@users.test), whatever else the database holds.
begin;
\ir helpers/setup.psql
select plan(29);

select tests.create_user('xavier@users.test', 'Xavier Admin');
select tests.create_user('yvonne@users.test', 'Yvonne Admin');
select tests.create_user('alice.martin@users.test', 'Alice Martin');
select tests.create_user('bruno@users.test', 'Bruno Lefèvre');
select tests.create_user('chloe_100%@users.test', 'Chloé Dubois');
select tests.make_admin('xavier@users.test');
select tests.make_admin('yvonne@users.test');
-- Sign-up order, oldest first: Xavier, Yvonne, Alice, Bruno, Chloé.
update public.profiles p set created_at = now() - (t.age * interval '1 day')
from (values ('xavier@users.test', 5), ('yvonne@users.test', 4), ('alice.martin@users.test', 3), ('bruno@users.test', 2), ('chloe_100%@users.test', 1)) t(email, age)
where p.id = tests.user_id(t.email);

insert into public.orders (user_id, total_amount_cents, status, checkout_session_id, created_at, cgv_version, consent_text, consented_at) values
  (tests.user_id('alice.martin@users.test'), 4500, 'completed', 'cs_users_a1', now() - interval '2 days', 1, 'Consentement de test', now()),
  (tests.user_id('alice.martin@users.test'), 1990, 'completed', 'cs_users_a2', now() - interval '1 hour', 1, 'Consentement de test', now()),
  (tests.user_id('alice.martin@users.test'), 9900, 'refunded', 'cs_users_a3', now(), 1, 'Consentement de test', now());
insert into public.user_messages (sender_id, receiver_id, content, is_read) values
  (tests.user_id('alice.martin@users.test'), tests.user_id('xavier@users.test'), 'Non lu 1', false),
  (tests.user_id('alice.martin@users.test'), tests.user_id('xavier@users.test'), 'Non lu 2', false),
  (tests.user_id('alice.martin@users.test'), tests.user_id('xavier@users.test'), 'Lu', true),
  (tests.user_id('alice.martin@users.test'), tests.user_id('yvonne@users.test'), 'À Yvonne', false);

select has_function('public', 'admin_users', array['text', 'integer', 'integer'], 'admin_users(text, integer, integer) exists');
select is_definer('public', 'admin_users', array['text', 'integer', 'integer'], 'it runs as its owner, behind its own check');
select is((select proconfig from pg_proc where oid = 'public.admin_users(text, integer, integer)'::regprocedure), array['search_path=""'], 'its search_path is empty');
select ok(not has_function_privilege('anon', 'public.admin_users(text, integer, integer)', 'execute'), 'anon may not execute it');

select is_empty($$
  select r.role || ' ' || p.oid::regprocedure::text
  from pg_proc p cross join unnest(array['anon', 'authenticated', 'service_role']) r(role)
  where p.oid in ('private.searchable(text)'::regprocedure, 'private.refresh_account_directory(uuid)'::regprocedure,
                  'private.rebuild_account_directory()'::regprocedure, 'private.track_profile_directory()'::regprocedure,
                  'private.record_role_change()'::regprocedure, 'private.refuse_history_rewrite()'::regprocedure)
    and has_function_privilege(r.role, p.oid, 'execute')
$$, 'no API role may execute the private helpers behind the users page');

select tests.clear_authentication();
select throws_ok($$ select * from public.admin_users() $$, '42501', null, 'as anon, it is refused');
select throws_ok($$ select * from private.account_directory $$, '42501', null, 'anon cannot read the search text');
select tests.authenticate_as('alice.martin@users.test');
select throws_ok($$ select * from public.admin_users('martin') $$, '42501', 'admin_users is reserved to administrators', 'as customer Alice, it is refused');
select tests.authenticate_as('bruno@users.test');
select throws_ok($$ select * from public.admin_users() $$, '42501', 'admin_users is reserved to administrators', 'as customer Bruno, it is refused');
select throws_ok($$ select * from private.account_directory $$, '42501', null, 'a customer cannot read the search text');
select tests.authenticate_as_service_role();
select throws_ok($$ select * from private.account_directory $$, '42501', null, 'nor can the service role');

select tests.authenticate_as('xavier@users.test');
select results_eq($$ select email from public.admin_users('@users.test', 100, 0) $$,
  $$ values ('chloe_100%@users.test'), ('bruno@users.test'), ('alice.martin@users.test'), ('yvonne@users.test'), ('xavier@users.test') $$,
  'an administrator lists every matching account, customers and administrators, newest sign-up first');
select results_eq($$ select email from public.admin_users('ALICE.MAR', 100) where email like '%@users.test' $$, $$ values ('alice.martin@users.test') $$,
  'an e-mail fragment finds the account, whatever its case');
select results_eq($$ select email from public.admin_users('lefevre', 100) where email like '%@users.test' $$, $$ values ('bruno@users.test') $$,
  'a name fragment finds the account, accents ignored');
select results_eq($$ select email from public.admin_users('  chloé dub ', 100) where email like '%@users.test' $$, $$ values ('chloe_100%@users.test') $$,
  'a fragment with its accents and surrounding spaces finds it too');
select results_eq($$ select email from public.admin_users('100%@', 100) where email like '%@users.test' $$, $$ values ('chloe_100%@users.test') $$,
  'a % in the fragment is a literal percent sign');
select is_empty($$ select email from public.admin_users('alice_martin', 100) where email like '%@users.test' $$, 'an _ in the fragment is a literal underscore, not any character');
select is_empty($$ select email from public.admin_users('personne-introuvable', 100) where email like '%@users.test' $$, 'a fragment nobody has finds nothing');
select throws_ok($$ select * from public.admin_users(repeat('a', 201)) $$, '22023', null, 'a fragment over 200 characters is refused');

select results_eq($$ select email from public.admin_users('@users.test', 2, 1) $$,
  $$ values ('bruno@users.test'), ('alice.martin@users.test') $$, 'a page starts at its offset and holds at most its size');
select is((select count(*)::integer from public.admin_users(null, 100000, 0)) <= 100, true, 'a page never holds more than 100 accounts');
select is((select count(*)::integer from public.admin_users('@users.test', -5, -3)), 1, 'a negative size or offset is taken as a page of one from the start');

select results_eq($$ select orders_count, total_spent_cents, last_order_at, unread_messages from public.admin_users('alice.martin') $$,
  $$ select 2, 6490::bigint, (select created_at from public.orders where checkout_session_id = 'cs_users_a2'), 2 $$,
  'each account shows its paid orders (count, total, latest; not the refunded one) and its unread messages to the caller');
select results_eq($$ select orders_count, total_spent_cents, last_order_at, unread_messages from public.admin_users('bruno@') $$,
  $$ values (0, 0::bigint, null::timestamptz, 0) $$, 'an account without orders or messages shows zeros');
select results_eq($$ select role, full_name, created_at from public.admin_users('yvonne') $$,
  $$ select 'admin', 'Yvonne Admin', created_at from public.profiles where id = tests.user_id('yvonne@users.test') $$,
  'each account shows its role, name and sign-up date');
select tests.authenticate_as('yvonne@users.test');
select is((select unread_messages from public.admin_users('alice.martin')), 1, 'another administrator sees her own unread messages from the account');

-- The search text follows the account.
reset role;
select tests.create_user('nouvelle@users.test', 'Hélène Nouvelle');
update public.profiles set full_name = 'Bruno Marchand' where id = tests.user_id('bruno@users.test');
update auth.users set email = 'alice.durand@users.test' where id = tests.user_id('alice.martin@users.test');
select tests.authenticate_as('xavier@users.test');
select results_eq($$ select email from public.admin_users('helene', 100) where email like '%@users.test' $$, $$ values ('nouvelle@users.test') $$, 'a new sign-up is found at once');
select results_eq($$ select email from public.admin_users('marchand', 100) where email like '%@users.test' $$, $$ values ('bruno@users.test') $$, 'a changed name is found');
select results_eq($$ select email from public.admin_users('alice.', 100) where email like '%@users.test' $$, $$ values ('alice.durand@users.test') $$,
  'a changed e-mail is found, and the old one no longer is');

select * from finish();
rollback;
