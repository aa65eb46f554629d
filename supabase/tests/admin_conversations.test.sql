-- admin_conversations(limit, offset): refused to anyone but an administrator; for an
-- administrator, one row per customer who has a thread, newest activity first, with the last
-- message and the number of that customer's messages the caller has not read. Only this file's
-- customers are asserted, so threads the seed or other tests left behind do not matter.
begin;
\ir helpers/setup.psql
select plan(15);

select tests.create_user('xavier@conv.test', 'Xavier');
select tests.create_user('yvonne@conv.test', 'Yvonne');
select tests.create_user('alice@conv.test', 'Alice Durand');
select tests.create_user('bruno@conv.test');
select tests.create_user('chloe@conv.test', 'Chloé');
select tests.make_admin('xavier@conv.test');
select tests.make_admin('yvonne@conv.test');

-- Chloé never wrote. Alice's last message is an hour old; Bruno's ten minutes, to Yvonne.
insert into public.user_messages (sender_id, receiver_id, content, created_at, is_read) values
  (tests.user_id('alice@conv.test'), tests.user_id('xavier@conv.test'), 'Alice, lu', now() - interval '3 hours', true),
  (tests.user_id('xavier@conv.test'), tests.user_id('alice@conv.test'), 'Réponse à Alice', now() - interval '2 hours', false),
  (tests.user_id('alice@conv.test'), tests.user_id('xavier@conv.test'), 'Dernier message d''Alice', now() - interval '1 hour', false),
  (tests.user_id('bruno@conv.test'), tests.user_id('xavier@conv.test'), 'Bruno 1', now() - interval '30 minutes', false),
  (tests.user_id('bruno@conv.test'), tests.user_id('xavier@conv.test'), 'Bruno 2', now() - interval '20 minutes', false),
  (tests.user_id('bruno@conv.test'), tests.user_id('yvonne@conv.test'), 'Bruno à Yvonne', now() - interval '10 minutes', false);

select has_function('public', 'admin_conversations', array['integer', 'integer'], 'admin_conversations(integer, integer) exists');
select is_definer('public', 'admin_conversations', array['integer', 'integer'], 'it runs as its owner, behind its own check');
select is((select proconfig from pg_proc where oid = 'public.admin_conversations(integer, integer)'::regprocedure), array['search_path=""'], 'its search_path is empty');
select ok(not has_function_privilege('anon', 'public.admin_conversations(integer, integer)', 'execute'), 'anon may not execute it');

select tests.clear_authentication();
select throws_ok($$ select * from public.admin_conversations() $$, '42501', null, 'as anon, it is refused');
select tests.authenticate_as('alice@conv.test');
select throws_ok($$ select * from public.admin_conversations() $$, '42501', 'admin_conversations is reserved to administrators', 'as customer Alice, it is refused');
select tests.authenticate_as('bruno@conv.test');
select throws_ok($$ select * from public.admin_conversations() $$, '42501', 'admin_conversations is reserved to administrators', 'as customer Bruno, it is refused');

select tests.authenticate_as('xavier@conv.test');
select results_eq(
  $$ select customer_id, full_name, email, last_message, last_sender_id, unread_count from public.admin_conversations(200)
      where customer_id in (tests.user_id('alice@conv.test'), tests.user_id('bruno@conv.test'), tests.user_id('chloe@conv.test')) $$,
  $$ values (tests.user_id('bruno@conv.test'), null::text, 'bruno@conv.test'::text, 'Bruno à Yvonne'::text, tests.user_id('bruno@conv.test'), 2),
            (tests.user_id('alice@conv.test'), 'Alice Durand', 'alice@conv.test', 'Dernier message d''Alice', tests.user_id('alice@conv.test'), 1) $$,
  'as Xavier: newest activity first, the last message either way, his unread count; no row for a customer without messages');
select is((select last_message_at from public.admin_conversations(200) where customer_id = tests.user_id('bruno@conv.test')),
  now() - interval '10 minutes', 'the last activity is the time of the last message');

select tests.authenticate_as('yvonne@conv.test');
select results_eq(
  $$ select customer_id, unread_count from public.admin_conversations(200)
      where customer_id in (tests.user_id('alice@conv.test'), tests.user_id('bruno@conv.test')) order by unread_count $$,
  $$ values (tests.user_id('alice@conv.test'), 0), (tests.user_id('bruno@conv.test'), 1) $$,
  'as Yvonne: every customer thread, counted against her own unread messages');

-- Xavier opens Bruno's thread: what the conversation page sends.
select tests.authenticate_as('xavier@conv.test');
update public.user_messages set is_read = true
 where receiver_id = tests.user_id('xavier@conv.test') and sender_id = tests.user_id('bruno@conv.test') and not is_read;
select results_eq(
  $$ select customer_id, unread_count from public.admin_conversations(200)
      where customer_id in (tests.user_id('alice@conv.test'), tests.user_id('bruno@conv.test')) order by unread_count $$,
  $$ values (tests.user_id('bruno@conv.test'), 0), (tests.user_id('alice@conv.test'), 1) $$,
  'once Xavier has read Bruno''s thread, only Alice''s message is still unread for him');
select is((select count(*)::integer from public.user_messages
            where sender_id = tests.user_id('bruno@conv.test') and receiver_id = tests.user_id('yvonne@conv.test') and not is_read),
  1, 'and Bruno''s message to Yvonne stays unread');

-- Pages: a page starts where the previous one ended, and is never longer than 200 rows.
reset role;
insert into auth.users (id, email)
  select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'many-' || g || '@conv.test' from generate_series(1, 201) g;
insert into public.user_messages (sender_id, receiver_id, content, created_at)
  select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, tests.user_id('xavier@conv.test'), 'Bonjour', now() - interval '1 day'
  from generate_series(1, 201) g;
select tests.authenticate_as('xavier@conv.test');
create temporary table first_page as select row_number() over () - 1 as position, customer_id from public.admin_conversations(200, 0);
select results_eq(
  $$ select customer_id from public.admin_conversations(1, (select position::integer from first_page where customer_id = tests.user_id('alice@conv.test'))) $$,
  $$ values (tests.user_id('alice@conv.test')) $$,
  'a page of one row at Alice''s position holds Alice');
select is((select count(*)::integer from public.admin_conversations(1000, 0)), 200, 'a page is capped at 200 rows');

-- The function's cost rests on these indexes (see its migration); dropping one must be deliberate.
select is(
  (select count(*)::integer from pg_indexes where schemaname = 'public' and tablename = 'user_messages'
     and indexname in ('user_messages_sender_id_created_at_idx', 'user_messages_receiver_id_created_at_idx', 'user_messages_unread_receiver_sender_idx')),
  3, 'the indexes the function relies on exist');

select * from finish();
rollback;
