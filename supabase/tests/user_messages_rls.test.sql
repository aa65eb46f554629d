begin;
\ir helpers/setup.psql
select plan(34);

select tests.create_user('alice@chat.test');
select tests.create_user('bob@chat.test');
select tests.create_user('root@chat.test');
select tests.make_admin('root@chat.test');

select tests.clear_authentication();
select throws_ok($$ select * from public.user_messages $$, '42501', null, 'anon cannot read messages');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@chat.test'), tests.user_id('root@chat.test'), 'x') $$, '42501', null, 'anon cannot send messages');
select throws_ok($$ update public.user_messages set is_read = true $$, '42501', null, 'anon cannot mark messages read');
select throws_ok($$ delete from public.user_messages $$, '42501', null, 'anon cannot delete messages');

select tests.authenticate_as('alice@chat.test');
select lives_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@chat.test'), tests.user_id('root@chat.test'), 'Bonjour Maître') $$, 'Alice writes to the administrator');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@chat.test'), tests.user_id('bob@chat.test'), 'Salut Bob') $$, '42501', null, 'Alice cannot write to another customer');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('bob@chat.test'), tests.user_id('root@chat.test'), 'Je suis Bob') $$, '42501', null, 'Alice cannot write as Bob');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content, is_read) values (tests.user_id('alice@chat.test'), tests.user_id('root@chat.test'), 'x', true) $$, '42501', null, 'Alice cannot send a message already read');

select tests.authenticate_as('root@chat.test');
select lives_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('root@chat.test'), tests.user_id('alice@chat.test'), 'Bienvenue Alice') $$, 'the administrator answers Alice');
select lives_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('root@chat.test'), tests.user_id('bob@chat.test'), 'Bienvenue Bob') $$, 'the administrator writes to Bob');
select is((select count(*)::int from public.user_messages where tests.user_id('root@chat.test') in (sender_id, receiver_id)), 3, 'the administrator reads every thread');

select tests.authenticate_as('alice@chat.test');
select is((select count(*)::int from public.user_messages), 2, 'Alice reads her thread: what she sent and what she received');
select is_empty($$ select 1 from public.user_messages where receiver_id = tests.user_id('bob@chat.test') $$, 'Alice cannot read Bob''s messages');
select lives_ok($$ update public.user_messages set is_read = true where receiver_id = tests.user_id('alice@chat.test') $$, 'Alice marks her received message read');
select is((select bool_and(is_read) from public.user_messages where receiver_id = tests.user_id('alice@chat.test')), true, 'it is read');
select lives_ok($$ update public.user_messages set is_read = true where sender_id = tests.user_id('alice@chat.test') $$, 'marking her sent message raises nothing');
select throws_ok($$ update public.user_messages set content = 'modifié' $$, '42501', null, 'Alice cannot edit a message''s content');
select throws_ok($$ delete from public.user_messages $$, '42501', null, 'Alice cannot delete messages');

select tests.authenticate_as('root@chat.test');
select is((select is_read from public.user_messages where sender_id = tests.user_id('alice@chat.test')), false, 'only the receiver marks read: the administrator''s unread message stays unread');

select tests.authenticate_as('alice@chat.test');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@chat.test'), tests.user_id('root@chat.test'), '   ') $$, '23514', null, 'a blank message is refused');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@chat.test'), tests.user_id('root@chat.test'), repeat('a', 4001)) $$, '23514', null, 'a message over 4,000 characters is refused');

select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content, created_at) values (tests.user_id('alice@chat.test'), tests.user_id('root@chat.test'), 'x', now() - interval '1 year') $$, '42501', null, 'Alice cannot date her message');
select throws_ok($$ insert into public.user_messages (id, sender_id, receiver_id, content) values (gen_random_uuid(), tests.user_id('alice@chat.test'), tests.user_id('root@chat.test'), 'x') $$, '42501', null, 'Alice cannot choose a message id');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@chat.test'), '70000000-0000-4000-a000-000000000000', 'x') $$, '42501', null, 'Alice cannot write to an unknown receiver');

select tests.authenticate_as('bob@chat.test');
select is_empty($$ select 1 from public.user_messages where tests.user_id('alice@chat.test') in (sender_id, receiver_id) $$, 'Bob cannot read Alice''s thread');
select is_empty($$ update public.user_messages set is_read = false where receiver_id = tests.user_id('alice@chat.test') returning id $$, 'Bob cannot mark Alice''s messages unread');
select lives_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('bob@chat.test'), tests.user_id('root@chat.test'), 'Bonjour, c''est Bob') $$, 'Bob writes to the administrator');
select results_eq($$ select content from public.user_messages order by created_at, content $$, $$ values ('Bienvenue Bob'::text), ('Bonjour, c''est Bob') $$, 'Bob reads exactly his own thread');

select tests.authenticate_as('root@chat.test');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@chat.test'), tests.user_id('root@chat.test'), 'Je démissionne') $$, '42501', null, 'the administrator cannot write as Alice');
select throws_ok($$ delete from public.user_messages $$, '42501', null, 'the administrator cannot delete messages through the API');

select tests.authenticate_as_service_role();
select is((select count(*)::int from public.user_messages where tests.user_id('root@chat.test') in (sender_id, receiver_id)), 4, 'the service role reads every message');
select lives_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('bob@chat.test'), tests.user_id('alice@chat.test'), 'écrit par le service') $$, 'the service role is not bound by the chat policy');
select lives_ok($$ update public.user_messages set content = 'modéré' where content = 'écrit par le service' $$, 'the service role edits a message');
select lives_ok($$ delete from public.user_messages where content = 'modéré' $$, 'the service role deletes a message');

select * from finish();
rollback;
