begin;
\ir helpers/setup.psql
select plan(27);

select tests.create_user('alice@contact.test');
select tests.create_user('root@contact.test');
select tests.make_admin('root@contact.test');

select tests.clear_authentication();
select lives_ok($$ select public.send_contact_message('Visiteur', 'visiteur@contact.test', 'Question', 'Bonjour', tests.ripe_contact_token()) $$, 'a visitor sends a contact message');
select throws_ok($$ select * from public.contact_messages $$, '42501', null, 'a visitor cannot read contact messages');
select throws_ok($$ insert into public.contact_messages (name, email, subject, message) values ('V', 'v@contact.test', 'S', 'M') $$, '42501', null, 'a visitor cannot insert into the table, only send the form');
select throws_ok($$ insert into public.contact_messages (name, email, subject, message, created_at) values ('V', 'v@contact.test', 'S', 'M', '2000-01-01') $$, '42501', null, 'a visitor cannot backdate a message');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'a visitor cannot delete messages');
select throws_ok($$ update public.contact_messages set subject = 'x' $$, '42501', null, 'a visitor cannot edit messages');
select throws_ok($$ insert into public.contact_messages (id, name, email, subject, message) values (gen_random_uuid(), 'V', 'v@contact.test', 'S', 'M') $$, '42501', null, 'a visitor cannot choose the id');
select throws_ok($$ insert into public.contact_messages (name, email, subject, message) values ('V', 'v@contact.test', 'S', 'M') returning id $$, '42501', null, 'a visitor cannot read back what was sent (the form inserts without returning)');

select tests.authenticate_as('alice@contact.test');
select lives_ok($$ select public.send_contact_message('Alice', 'alice@contact.test', 'Retraite', 'Quand ?', tests.ripe_contact_token()) $$, 'a customer sends a contact message');
select is_empty($$ select 1 from public.contact_messages where email like '%@contact.test' $$, 'a customer reads no contact message, not even her own');
select throws_ok($$ update public.contact_messages set subject = 'x' $$, '42501', null, 'a customer cannot edit contact messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'a customer cannot delete contact messages');
select throws_ok($$ insert into public.contact_messages (name, email, subject, message, created_at) values ('A', 'alice@contact.test', 'S', 'M', now() + interval '1 year') $$, '42501', null, 'a customer cannot date a message');

select tests.create_user('bob@contact.test');
select tests.authenticate_as('bob@contact.test');
select is_empty($$ select 1 from public.contact_messages where email like '%@contact.test' $$, 'another customer reads no contact message either');

select tests.authenticate_as('root@contact.test');
select is((select count(*)::int from public.contact_messages where email like '%@contact.test'), 2, 'the administrator reads both messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'the administrator cannot delete messages through the API');
select throws_ok($$ update public.contact_messages set message = 'x' $$, '42501', null, 'the administrator cannot edit messages through the API');
select lives_ok($$ select public.send_contact_message('Root', 'root@contact.test', 'Test', 'Essai', tests.ripe_contact_token()) $$, 'the administrator may use the form too');
select results_eq($$ select name from public.contact_messages where email like '%@contact.test' order by name $$, $$ values ('Alice'::text), ('Root'), ('Visiteur') $$, 'the administrator reads all three messages');

select tests.authenticate_as_service_role();
select is((select count(*)::int from public.contact_messages where email like '%@contact.test'), 3, 'the service role reads every message');
select lives_ok($$ update public.contact_messages set subject = 'Traité' where email = 'root@contact.test' $$, 'the service role edits a message');
select lives_ok($$ delete from public.contact_messages where email = 'root@contact.test' $$, 'the service role deletes a message');
select is((select count(*)::int from public.contact_messages where email like '%@contact.test'), 2, 'it is gone');

select tests.clear_authentication();
select throws_ok($$ select public.send_contact_message('V', 'pas-un-email', 'S', 'M', tests.ripe_contact_token()) $$, '23514', null, 'a malformed e-mail is refused');
select throws_ok($$ select public.send_contact_message('   ', 'v@contact.test', 'S', 'M', tests.ripe_contact_token()) $$, '23514', null, 'a blank name is refused');
select throws_ok($$ select public.send_contact_message('V', 'v@contact.test', 'S', repeat('a', 10001), tests.ripe_contact_token()) $$, '23514', null, 'a message over 10,000 characters is refused');
select throws_ok($$ select public.send_contact_message('V', 'v@contact.test', repeat('s', 301), 'M', tests.ripe_contact_token()) $$, '23514', null, 'a subject over 300 characters is refused');

select * from finish();
rollback;
