-- Marking chat messages read, as the dashboard and the conversations page do when a thread is
-- opened: only the receiver may, and is_read is the only column anyone may change. A refused
-- column raises 42501; a row the caller may not update is silently left alone (USING), so those
-- cases are checked by reading the row back. (user_messages_rls covers reading and sending.)
begin;
\ir helpers/setup.psql
select plan(18);

select tests.create_user('xavier@read.test', 'Xavier');
select tests.create_user('yvonne@read.test', 'Yvonne');
select tests.create_user('alice@read.test', 'Alice');
select tests.create_user('bruno@read.test', 'Bruno');
select tests.make_admin('xavier@read.test');
select tests.make_admin('yvonne@read.test');

insert into public.user_messages (id, sender_id, receiver_id, content, created_at) values
  ('00000000-0000-4000-8000-0000000e0001', tests.user_id('xavier@read.test'), tests.user_id('alice@read.test'), 'Xavier à Alice', now() - interval '3 minutes'),
  ('00000000-0000-4000-8000-0000000e0002', tests.user_id('alice@read.test'), tests.user_id('xavier@read.test'), 'Alice à Xavier', now() - interval '2 minutes'),
  ('00000000-0000-4000-8000-0000000e0003', tests.user_id('bruno@read.test'), tests.user_id('yvonne@read.test'), 'Bruno à Yvonne', now() - interval '2 minutes'),
  ('00000000-0000-4000-8000-0000000e0004', tests.user_id('xavier@read.test'), tests.user_id('alice@read.test'), 'Xavier à Alice, encore', now() - interval '1 minute'),
  ('00000000-0000-4000-8000-0000000e0005', tests.user_id('xavier@read.test'), tests.user_id('alice@read.test'), 'Pas encore affiché', now());

-- Reads a message as the superuser would, whatever the current identity may see.
create function pg_temp.read_flag(message uuid) returns boolean language sql security definer as $$
  select is_read from public.user_messages where id = message
$$;
grant execute on function pg_temp.read_flag(uuid) to anon, authenticated;

select tests.clear_authentication();
select throws_ok($$ update public.user_messages set is_read = true $$, '42501', null, 'as anon, marking messages read is refused');

select tests.authenticate_as('alice@read.test');
select throws_ok($$ update public.user_messages set content = 'réécrit' where id = '00000000-0000-4000-8000-0000000e0001' $$,
  '42501', null, 'as the receiver, Alice may not rewrite a message');
select throws_ok($$ update public.user_messages set sender_id = tests.user_id('yvonne@read.test') where id = '00000000-0000-4000-8000-0000000e0001' $$,
  '42501', null, 'nor change who sent it');
select throws_ok($$ update public.user_messages set receiver_id = tests.user_id('bruno@read.test') where id = '00000000-0000-4000-8000-0000000e0001' $$,
  '42501', null, 'nor who receives it');
select throws_ok($$ update public.user_messages set created_at = now() - interval '1 year' where id = '00000000-0000-4000-8000-0000000e0001' $$,
  '42501', null, 'nor when it was sent');

-- Alice opens her thread; the newest message shown is 0004. What the dashboard sends:
update public.user_messages set is_read = true
 where receiver_id = tests.user_id('alice@read.test') and not is_read
   and created_at <= (select created_at from public.user_messages where id = '00000000-0000-4000-8000-0000000e0004');
select is(pg_temp.read_flag('00000000-0000-4000-8000-0000000e0001') and pg_temp.read_flag('00000000-0000-4000-8000-0000000e0004'), true,
  'as the receiver, Alice marks the administrator''s messages she has seen read');
select is(pg_temp.read_flag('00000000-0000-4000-8000-0000000e0005'), false, 'not the one that arrived after what she saw');
-- And tries her luck on a message she sent and on one between other people.
select lives_ok($$ update public.user_messages set is_read = true where id in ('00000000-0000-4000-8000-0000000e0002', '00000000-0000-4000-8000-0000000e0003') $$,
  'trying raises nothing: the rows are simply not hers to update');
select is(pg_temp.read_flag('00000000-0000-4000-8000-0000000e0002'), false, 'as the sender, Alice cannot mark her own message read for Xavier');
select is(pg_temp.read_flag('00000000-0000-4000-8000-0000000e0003'), false, 'nor a message between Bruno and Yvonne');

select tests.authenticate_as('bruno@read.test');
select lives_ok($$ update public.user_messages set is_read = false where id = '00000000-0000-4000-8000-0000000e0001' $$, 'Bruno tries to mark Alice''s message unread');
select is(pg_temp.read_flag('00000000-0000-4000-8000-0000000e0001'), true, 'as another customer, Bruno cannot change Alice''s messages');

-- An administrator reads every message but marks read only what was sent to him.
select tests.authenticate_as('xavier@read.test');
update public.user_messages set is_read = true
 where receiver_id = tests.user_id('xavier@read.test') and sender_id = tests.user_id('alice@read.test') and not is_read;
select lives_ok($$ update public.user_messages set is_read = true where id = '00000000-0000-4000-8000-0000000e0003' $$, 'Xavier tries Bruno''s message to Yvonne');
select is(pg_temp.read_flag('00000000-0000-4000-8000-0000000e0002'), true, 'as the receiver, Xavier marks Alice''s message read');
select is(pg_temp.read_flag('00000000-0000-4000-8000-0000000e0003'), false, 'but not Bruno''s message to Yvonne, although he can read it');
select throws_ok($$ update public.user_messages set content = 'modéré' where id = '00000000-0000-4000-8000-0000000e0002' $$,
  '42501', null, 'nor rewrite a message, administrator or not');

select tests.authenticate_as('yvonne@read.test');
update public.user_messages set is_read = true where id = '00000000-0000-4000-8000-0000000e0003';
select is(pg_temp.read_flag('00000000-0000-4000-8000-0000000e0003'), true, 'Yvonne marks the message Bruno sent her read');

reset role;
select is((select count(*)::integer from public.user_messages where content in ('Xavier à Alice', 'Alice à Xavier', 'Bruno à Yvonne', 'Xavier à Alice, encore', 'Pas encore affiché')), 5,
  'every message is still there, its text unchanged');

select * from finish();
rollback;
