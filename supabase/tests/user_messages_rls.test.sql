begin;
\ir helpers/setup.psql
select plan(19);

select tests.create_user('alice@chat.test');
select tests.create_user('bob@chat.test');
select tests.create_user('root@chat.test');
select tests.make_admin('root@chat.test');

select tests.clear_authentication();
select throws_ok($$ select * from public.user_messages $$, '42501', null, 'anon cannot read messages');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@chat.test'), tests.user_id('root@chat.test'), 'x') $$, '42501', null, 'anon cannot send messages');

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

select * from finish();
rollback;
