-- The admin layout's unread counts: contact messages since the administrator last opened the
-- inbox, conversations with lines to them unread; each administrator their own; anon and
-- customers refused; contact messages reach realtime subscribers (administrators, by RLS).
begin;
\ir helpers/setup.psql
select plan(14);

select tests.create_user('unread-customer@example.test');
select tests.create_user('unread-other@example.test');
select tests.create_user('unread-admin@example.test');
select tests.create_user('unread-colleague@example.test');
select tests.make_admin('unread-admin@example.test');
select tests.make_admin('unread-colleague@example.test');
-- Whatever a seeded database holds is seen already.
delete from public.contact_messages;
update public.user_messages set is_read = true;

select tests.clear_authentication();
select throws_ok($$ select * from public.admin_unread_counts() $$, '42501', null, 'anon cannot read the counts');
select throws_ok($$ select public.mark_contact_messages_seen() $$, '42501', null, 'nor mark the inbox seen');
select tests.authenticate_as('unread-customer@example.test');
select throws_ok($$ select * from public.admin_unread_counts() $$, '42501', null, 'nor can a customer');
select throws_ok($$ select public.mark_contact_messages_seen() $$, '42501', null, 'nor mark it seen');

select tests.authenticate_as_service_role();
insert into public.contact_messages (name, email, subject, message, created_at) values
  ('Anne', 'anne@example.test', 'Question', 'Bonjour', now() - interval '1 hour'),
  ('Marc', 'marc@example.test', 'Question', 'Bonjour', now() - interval '1 minute');
select tests.authenticate_as('unread-customer@example.test');
insert into public.user_messages (sender_id, receiver_id, content)
select tests.user_id('unread-customer@example.test'), tests.user_id('unread-admin@example.test'), l from unnest(array['Bonjour', 'Vous êtes là ?']) l;
select tests.authenticate_as('unread-other@example.test');
insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('unread-other@example.test'), tests.user_id('unread-admin@example.test'), 'Bonjour');
select tests.authenticate_as('unread-colleague@example.test');
insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('unread-colleague@example.test'), tests.user_id('unread-admin@example.test'), 'Note interne');

select tests.authenticate_as('unread-admin@example.test');
select results_eq($$ select contact_messages, conversations from public.admin_unread_counts() $$, $$ values (2, 2) $$,
  'an administrator who never opened the inbox: every message, and two customers'' conversations (not a colleague''s note)');
update public.user_messages set is_read = true where sender_id = tests.user_id('unread-other@example.test');
select results_eq($$ select conversations from public.admin_unread_counts() $$, $$ values (1) $$, 'a conversation read leaves the count');
select lives_ok($$ select public.mark_contact_messages_seen() $$, 'opening the inbox marks it seen');
select results_eq($$ select contact_messages from public.admin_unread_counts() $$, $$ values (0) $$, 'then no contact message is unread');

select tests.authenticate_as_service_role();
insert into public.contact_messages (name, email, subject, message) values ('Lise', 'lise@example.test', 'Question', 'Bonjour');
-- A later statement time than the mark's (a transaction's now() is the same throughout).
reset role;
update private.admin_inbox_marks set contact_seen_at = contact_seen_at - interval '1 second';
select tests.authenticate_as('unread-admin@example.test');
select results_eq($$ select contact_messages from public.admin_unread_counts() $$, $$ values (1) $$, 'a new one counts again');
select tests.authenticate_as('unread-colleague@example.test');
select results_eq($$ select contact_messages, conversations from public.admin_unread_counts() $$, $$ values (3, 0) $$,
  'another administrator has their own counts: the inbox unopened, no line addressed to them');

select tests.authenticate_as_service_role();
insert into public.contact_messages (name, email, subject, message)
select 'Visiteur', 'v@example.test', 'Question', 'Bonjour' from generate_series(1, 150);
select tests.authenticate_as('unread-colleague@example.test');
select results_eq($$ select contact_messages from public.admin_unread_counts() $$, $$ values (100) $$, 'counted up to 100');

select tests.authenticate_as('unread-customer@example.test');
select throws_ok($$ select * from private.admin_inbox_marks $$, '42501', null, 'the marks are not exposed');
reset role;
select ok(exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'contact_messages'),
  'contact messages are streamed by realtime');
select ok(not has_table_privilege('anon', 'public.contact_messages', 'select'), 'and anon, who cannot read them, is handed none');

select * from finish();
rollback;
