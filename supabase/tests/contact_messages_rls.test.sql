begin;
\ir helpers/setup.psql
select plan(13);

select tests.create_user('alice@contact.test');
select tests.create_user('root@contact.test');
select tests.make_admin('root@contact.test');

select tests.clear_authentication();
select lives_ok($$ insert into public.contact_messages (name, email, subject, message) values ('Visiteur', 'visiteur@contact.test', 'Question', 'Bonjour') $$, 'a visitor sends a contact message');
select throws_ok($$ select * from public.contact_messages $$, '42501', null, 'a visitor cannot read contact messages');
select throws_ok($$ insert into public.contact_messages (name, email, subject, message, created_at) values ('V', 'v@contact.test', 'S', 'M', '2000-01-01') $$, '42501', null, 'a visitor cannot backdate a message');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'a visitor cannot delete messages');

select tests.authenticate_as('alice@contact.test');
select lives_ok($$ insert into public.contact_messages (name, email, subject, message) values ('Alice', 'alice@contact.test', 'Retraite', 'Quand ?') $$, 'a customer sends a contact message');
select is_empty($$ select 1 from public.contact_messages where email like '%@contact.test' $$, 'a customer reads no contact message, not even her own');
select throws_ok($$ update public.contact_messages set subject = 'x' $$, '42501', null, 'a customer cannot edit contact messages');

select tests.authenticate_as('root@contact.test');
select is((select count(*)::int from public.contact_messages where email like '%@contact.test'), 2, 'the administrator reads both messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'the administrator cannot delete messages through the API');

select tests.clear_authentication();
select throws_ok($$ insert into public.contact_messages (name, email, subject, message) values ('V', 'pas-un-email', 'S', 'M') $$, '23514', null, 'a malformed e-mail is refused');
select throws_ok($$ insert into public.contact_messages (name, email, subject, message) values ('   ', 'v@contact.test', 'S', 'M') $$, '23514', null, 'a blank name is refused');
select throws_ok($$ insert into public.contact_messages (name, email, subject, message) values ('V', 'v@contact.test', 'S', repeat('a', 10001)) $$, '23514', null, 'a message over 10,000 characters is refused');
select throws_ok($$ insert into public.contact_messages (name, email, subject, message) values ('V', 'v@contact.test', repeat('s', 301), 'M') $$, '23514', null, 'a subject over 300 characters is refused');

select * from finish();
rollback;
