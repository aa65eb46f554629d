-- private.chat_activity: each participant's latest message, kept by the user_messages triggers
-- whatever the order of inserts, deletes and moves; equal to a full rebuild; out of the API's
-- reach; and what admin_conversations() lists, customers only, at read time.
begin;
\ir helpers/setup.psql
select plan(17);

select tests.create_user('admin@activity.test');
select tests.make_admin('admin@activity.test');
select tests.create_user('alice@activity.test');
select tests.create_user('bruno@activity.test');

create function pg_temp.last_of(email text) returns text language sql as $$
  select m.content from private.chat_activity a join public.user_messages m on m.id = a.last_message_id
  where a.user_id = tests.user_id(last_of.email)
$$;

-- Alice writes as the API would (signed in, through RLS: the trigger works for her too); the
-- answer comes a minute later (the service role, to date it).
select tests.authenticate_as('alice@activity.test');
insert into public.user_messages (sender_id, receiver_id, content) values
  (tests.user_id('alice@activity.test'), tests.user_id('admin@activity.test'), 'Bonjour');
select tests.authenticate_as_service_role();
insert into public.user_messages (sender_id, receiver_id, content, created_at) values
  (tests.user_id('admin@activity.test'), tests.user_id('alice@activity.test'), 'Bienvenue', now() + interval '1 minute');
reset role;

select is(pg_temp.last_of('alice@activity.test'), 'Bienvenue', 'a customer''s activity is her latest message, received or sent');
select is(pg_temp.last_of('admin@activity.test'), 'Bienvenue', 'the administrator''s activity moves too');
select is(pg_temp.last_of('bruno@activity.test'), null, 'a customer who never wrote has no activity');

insert into public.user_messages (sender_id, receiver_id, content, created_at) values
  (tests.user_id('alice@activity.test'), tests.user_id('admin@activity.test'), 'Message importé, ancien', now() - interval '1 year');
select is(pg_temp.last_of('alice@activity.test'), 'Bienvenue', 'a message dated in the past does not move the activity back');

insert into public.user_messages (id, sender_id, receiver_id, content, created_at) values
  ('00000000-0000-4000-8000-00000000000b', tests.user_id('bruno@activity.test'), tests.user_id('admin@activity.test'), 'Même instant, b', '2030-01-01'),
  ('00000000-0000-4000-8000-00000000000a', tests.user_id('bruno@activity.test'), tests.user_id('admin@activity.test'), 'Même instant, a', '2030-01-01');
select is(pg_temp.last_of('bruno@activity.test'), 'Même instant, a', 'between messages of the same instant, the smallest id');

select tests.authenticate_as('alice@activity.test');
update public.user_messages set is_read = true where content = 'Bienvenue';
reset role;
select is(pg_temp.last_of('alice@activity.test'), 'Bienvenue', 'reading a message leaves the activity as it was');

-- What only the service role may do through the API, done here as the owner.
delete from public.user_messages where content = 'Bienvenue';
select is(pg_temp.last_of('alice@activity.test'), 'Bonjour', 'deleting the latest message falls back to the one before');
update public.user_messages set created_at = now() + interval '1 hour' where content = 'Message importé, ancien';
select is(pg_temp.last_of('alice@activity.test'), 'Message importé, ancien', 'moving a message in time moves the activity');
delete from public.user_messages where sender_id = tests.user_id('bruno@activity.test');
select is(pg_temp.last_of('bruno@activity.test'), null, 'deleting all of a customer''s messages removes the activity');

create temporary table kept as select * from private.chat_activity;
select private.rebuild_chat_activity();
select set_eq($$ select * from private.chat_activity $$, $$ select * from kept $$, 'the triggers keep exactly what a full rebuild computes');

-- Out of the API's reach.
select tests.clear_authentication();
select throws_ok($$ select * from private.chat_activity $$, '42501', null, 'anon cannot read it');
select tests.authenticate_as('alice@activity.test');
select throws_ok($$ select * from private.chat_activity $$, '42501', null, 'a customer cannot read it');
select throws_ok($$ select private.rebuild_chat_activity() $$, '42501', null, 'a customer cannot rebuild it');
select throws_ok($$ select private.refresh_chat_activity(tests.user_id('alice@activity.test')) $$, '42501', null, 'a customer cannot refresh it');

-- admin_conversations() lists customers only, decided when it is read.
select tests.authenticate_as('admin@activity.test');
select results_eq($$ select last_message from public.admin_conversations(200) where customer_id = tests.user_id('alice@activity.test') $$,
  $$ values ('Message importé, ancien'::text) $$, 'the conversations page shows the latest message from chat_activity');
reset role;
update public.profiles set role = 'admin' where id = tests.user_id('alice@activity.test');
select tests.authenticate_as('admin@activity.test');
select is_empty($$ select 1 from public.admin_conversations(200) where customer_id = tests.user_id('alice@activity.test') $$,
  'a customer who became an administrator leaves the list at once');
select is_empty($$ select 1 from public.admin_conversations(200) where customer_id = tests.user_id('admin@activity.test') $$,
  'an administrator never has a conversation row');

select * from finish();
rollback;
