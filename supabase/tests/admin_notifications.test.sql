-- The administrators' notifications outbox: a contact message, a customer's conversation and a
-- recorded order each queue exactly one row per interested administrator, in the inserting
-- transaction, as each chose (at once, digest at their hour, none); a conversation's lines within
-- 15 minutes fold into one row; the outbox is not readable by customers or anon, and only the
-- service role claims, reads and marks rows (each claim a try, retried with back-off, then failed
-- with its reason); the schedule runs as a role that can only queue its call.
begin;
\ir helpers/setup.psql
select plan(42);

-- Administrators a seeded database may already hold want nothing here, so the counts are the test's.
insert into public.admin_notification_preferences (admin_id, contact, chat, orders)
select id, 'none', 'none', 'none' from public.profiles where role = 'admin'
on conflict (admin_id) do update set contact = 'none', chat = 'none', orders = 'none';
delete from public.admin_notifications;

select tests.create_user('notify-customer@example.test', 'Claire Dubois');
select tests.create_user('notify-other@example.test', 'Paul Martin');
select tests.create_user('notify-admin-now@example.test');
select tests.create_user('notify-admin-digest@example.test');
select tests.create_user('notify-admin-none@example.test');
select tests.create_user('notify-admin-default@example.test');
select tests.make_admin(e) from unnest(array['notify-admin-now@example.test', 'notify-admin-digest@example.test',
  'notify-admin-none@example.test', 'notify-admin-default@example.test']) e;
insert into public.admin_notification_preferences (admin_id, contact, chat, orders, digest_hour) values
  (tests.user_id('notify-admin-now@example.test'), 'immediate', 'immediate', 'immediate', 8),
  (tests.user_id('notify-admin-digest@example.test'), 'digest', 'none', 'digest', 18),
  (tests.user_id('notify-admin-none@example.test'), 'none', 'none', 'none', 8);

create function pg_temp.queued(p_topic text) returns table (recipient text, delivery text, due_at timestamptz, line_count integer)
language sql as $$
  select u.email::text, n.delivery::text, n.due_at, n.line_count from public.admin_notifications n join auth.users u on u.id = n.recipient_id
   where n.topic::text = p_topic order by u.email::text, n.event_at $$;

-- The digest hour, in Paris.
select is(private.next_digest_at('2026-11-28 06:30+00', 8::smallint), '2026-11-28 07:00+00'::timestamptz, 'a digest event before the hour is due at it the same day (winter: UTC+1)');
select is(private.next_digest_at('2026-11-28 07:00+00', 8::smallint), '2026-11-29 07:00+00'::timestamptz, 'one at the hour itself waits for the next day');
select is(private.next_digest_at('2026-07-01 20:00+00', 8::smallint), '2026-07-02 06:00+00'::timestamptz, 'summer time: 08:00 in Paris is 06:00 UTC');
select is(private.next_digest_at('2026-03-28 12:00+00', 8::smallint), '2026-03-29 06:00+00'::timestamptz, 'across the spring change of hour');

-- A contact message, through the form's door as a visitor.
select tests.clear_authentication();
select public.send_contact_message('Jeanne', 'jeanne@example.test', 'Mon enseignement', 'Je n''arrive pas à ouvrir mon enseignement.', tests.ripe_contact_token(), '');
reset role;
select results_eq($$ select recipient, delivery, due_at from pg_temp.queued('contact') $$,
  $$ values ('notify-admin-default@example.test', 'immediate', now()),
            ('notify-admin-digest@example.test', 'digest', private.next_digest_at(now(), 18::smallint)),
            ('notify-admin-now@example.test', 'immediate', now()) $$,
  'a contact message queues one notification per interested administrator: at once, or at the digest hour; none for who chose none');
select is((select count(*)::integer from public.admin_notifications where topic = 'contact' and contact_message_id = (select id from public.contact_messages where email = 'jeanne@example.test')),
  3, 'each about that message');

-- A customer's conversation: three lines at once, then one 20 minutes later.
select tests.authenticate_as('notify-customer@example.test');
insert into public.user_messages (sender_id, receiver_id, content)
values (tests.user_id('notify-customer@example.test'), tests.user_id('notify-admin-now@example.test'), 'Bonjour,');
reset role;
-- The next two a second apart (a transaction's now() would give them the first one's time).
insert into public.user_messages (sender_id, receiver_id, content, created_at)
values (tests.user_id('notify-customer@example.test'), tests.user_id('notify-admin-now@example.test'), 'je n''arrive pas à ouvrir mon enseignement.', now() + interval '1 second'),
       (tests.user_id('notify-customer@example.test'), tests.user_id('notify-admin-now@example.test'), 'Merci de votre aide.', now() + interval '2 seconds');
select results_eq($$ select recipient, delivery, line_count from pg_temp.queued('chat') $$,
  $$ values ('notify-admin-default@example.test', 'immediate', 3), ('notify-admin-now@example.test', 'immediate', 3) $$,
  'three lines of a customer are one notification per interested administrator, counting the three lines');
insert into public.user_messages (sender_id, receiver_id, content, created_at)
values (tests.user_id('notify-customer@example.test'), tests.user_id('notify-admin-now@example.test'), 'Toujours là ?', now() + interval '14 minutes');
select is((select array_agg(line_count order by recipient) from pg_temp.queued('chat')), array[4, 4], 'a line 14 minutes later folds into the same one');
insert into public.user_messages (sender_id, receiver_id, content, created_at)
values (tests.user_id('notify-customer@example.test'), tests.user_id('notify-admin-now@example.test'), 'Je reviens vers vous.', now() + interval '20 minutes');
select is((select count(*)::integer from public.admin_notifications where topic = 'chat'), 4, 'after a quiet quarter of an hour, a new conversation: one more per administrator');
select tests.authenticate_as('notify-admin-now@example.test');
insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('notify-admin-now@example.test'), tests.user_id('notify-customer@example.test'), 'Je regarde cela.');
reset role;
select is((select count(*)::integer from public.admin_notifications where topic = 'chat'), 4, 'an administrator''s answer queues nothing');
select tests.authenticate_as('notify-other@example.test');
insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('notify-other@example.test'), tests.user_id('notify-admin-digest@example.test'), 'Bonjour');
reset role;
select is((select count(*)::integer from public.admin_notifications where topic = 'chat' and customer_id = tests.user_id('notify-other@example.test')), 2,
  'another customer''s conversation is its own, told to the interested administrators whoever it was written to');

-- A recorded order.
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, cgv_version, consent_text, consented_at) values
  ('cs_notify_order', tests.user_id('notify-customer@example.test'),
   '[{"variant_id": "v1", "product_id": "p1", "product_title": "Méditation", "variant_title": "Audio", "quantity": 1, "unit_price_cents": 1500}]', 1500, 'eur', 1, 'Consentement de test', now());
select tests.authenticate_as_service_role();
create temporary table recorded as select public.record_order('cs_notify_order', tests.user_id('notify-customer@example.test')) as id;
select public.record_order('cs_notify_order', tests.user_id('notify-customer@example.test'));
reset role;
select results_eq($$ select recipient, delivery from pg_temp.queued('order') $$,
  $$ values ('notify-admin-default@example.test', 'immediate'), ('notify-admin-digest@example.test', 'digest'), ('notify-admin-now@example.test', 'immediate') $$,
  'a recorded order queues one per interested administrator, and recording it again queues nothing');
select is((select count(*)::integer from public.admin_notifications where order_id = (select id from recorded)), 3, 'each about that order');

-- A write that rolls back queues nothing.
savepoint before_failure;
insert into public.contact_messages (name, email, subject, message) values ('Anne', 'anne@example.test', 'Sujet', 'Texte');
rollback to savepoint before_failure;
select is((select count(*)::integer from public.admin_notifications where topic = 'contact'), 3, 'a contact message rolled back leaves no notification');

-- Who reads the outbox.
grant select on recorded to authenticated, anon;
select tests.clear_authentication();
select throws_ok($$ select * from public.admin_notifications $$, '42501', null, 'anon cannot read the outbox');
select throws_ok($$ select public.claim_admin_notifications(10) $$, '42501', null, 'nor claim from it');
select tests.authenticate_as('notify-customer@example.test');
select is_empty($$ select * from public.admin_notifications $$, 'a customer reads nothing of it, not even about their own conversation and order');
select throws_ok($$ insert into public.admin_notifications (recipient_id, topic, delivery, customer_id, event_at, last_event_at, due_at)
  values (tests.user_id('notify-customer@example.test'), 'chat', 'immediate', tests.user_id('notify-customer@example.test'), now(), now(), now()) $$,
  '42501', null, 'nor writes to it');
select throws_ok($$ select public.claim_admin_notifications(10) $$, '42501', null, 'nor claims from it');
select throws_ok($$ select public.admin_notification_contents(array[gen_random_uuid()]) $$, '42501', null, 'nor reads what a mail says');
select tests.authenticate_as('notify-admin-now@example.test');
select is((select count(*)::integer from public.admin_notifications), 12, 'an administrator reads the outbox');
select throws_ok($$ update public.admin_notifications set status = 'sent', sent_at = now() $$, '42501', null, 'but cannot mark anything sent');
select throws_ok($$ select public.claim_admin_notifications(10) $$, '42501', null, 'nor claim');
select throws_ok($$ select public.mark_admin_notifications_sent(array[gen_random_uuid()]) $$, '42501', null, 'nor call the sender''s functions');

-- The sender: claims what is due, once.
select tests.authenticate_as_service_role();
create temporary table claimed as select * from public.claim_admin_notifications(100);
select is((select count(*)::integer from claimed), 8, 'the service role claims every due notification: the immediate ones, not the digests nor the conversation due in 20 minutes');
select ok((select bool_and(delivery = 'immediate' and attempts = 1 and claimed_until > now()) from claimed), 'each claim counts as a try and holds the row a while');
select is_empty($$ select * from public.claim_admin_notifications(100) $$, 'a second run meanwhile takes none of them');
select results_eq($$ select topic::text, recipient_email, details ->> 'subject' from public.admin_notification_contents(array(select id from claimed where topic = 'contact')) order by 2 $$,
  $$ values ('contact', 'notify-admin-default@example.test', 'Mon enseignement'), ('contact', 'notify-admin-now@example.test', 'Mon enseignement') $$,
  'the contents name the administrator''s address and the message');
select is((select details -> 'lines' from public.admin_notification_contents(array(select id from claimed where topic = 'chat' and customer_id = tests.user_id('notify-customer@example.test') limit 1))),
  '["Bonjour,", "je n''arrive pas à ouvrir mon enseignement.", "Merci de votre aide.", "Toujours là ?"]'::jsonb, 'and a conversation''s lines of its quarter of an hour');
select is((select details ->> 'buyer' from public.admin_notification_contents(array(select id from claimed where topic = 'order' limit 1))),
  'Claire Dubois', 'and an order''s buyer');

select public.mark_admin_notifications_sent(array(select id from claimed where topic <> 'contact'));
select is((select count(*)::integer from public.admin_notifications where status = 'sent'), 6, 'the sent ones are marked sent');
select public.mark_admin_notifications_failed(array(select id from claimed where topic = 'contact'), 'provider_error: HTTP 500', true);
select ok((select bool_and(status = 'pending' and last_error = 'provider_error: HTTP 500' and claimed_until is null
                              and due_at between now() + interval '59 seconds' and now() + interval '61 seconds')
             from public.admin_notifications where topic = 'contact' and delivery = 'immediate'),
  'a failed try is retried after a minute, with its reason kept');
select is_empty($$ select * from public.claim_admin_notifications(100) $$, 'not before');
-- Each later try, as the clock would bring it: back-off of 5, 25, 125 minutes, then given up.
update public.admin_notifications set due_at = now() - interval '1 second' where topic = 'contact' and delivery = 'immediate';
select public.mark_admin_notifications_failed(array(select id from public.claim_admin_notifications(100)), 'provider_error: HTTP 500', true);
select ok((select bool_and(attempts = 2 and due_at between now() + interval '299 seconds' and now() + interval '301 seconds') from public.admin_notifications where topic = 'contact' and delivery = 'immediate'),
  'the second failure waits five minutes');
update public.admin_notifications set due_at = now() - interval '1 second' where topic = 'contact' and delivery = 'immediate';
select public.mark_admin_notifications_failed(array(select id from public.claim_admin_notifications(100)), 'timeout: no answer', true);
update public.admin_notifications set due_at = now() - interval '1 second' where topic = 'contact' and delivery = 'immediate';
select public.mark_admin_notifications_failed(array(select id from public.claim_admin_notifications(100)), 'timeout: no answer', true);
select ok((select bool_and(attempts = 4 and status = 'pending' and due_at between now() + interval '124 minutes' and now() + interval '126 minutes') from public.admin_notifications where topic = 'contact' and delivery = 'immediate'),
  'the fourth, two hours');
update public.admin_notifications set due_at = now() - interval '1 second' where topic = 'contact' and delivery = 'immediate';
select public.mark_admin_notifications_failed(array(select id from public.claim_admin_notifications(100)), 'provider_error: HTTP 503', true);
select ok((select bool_and(attempts = 5 and status = 'failed' and failed_at is not null and last_error = 'provider_error: HTTP 503') from public.admin_notifications where topic = 'contact' and delivery = 'immediate'),
  'after the fifth try it is given up, with the last reason');
select is_empty($$ select * from public.claim_admin_notifications(100) $$, 'and never tried again');
select public.mark_admin_notifications_sent(array(select id from public.admin_notifications where status = 'failed'));
select is((select count(*)::integer from public.admin_notifications where status = 'failed'), 2, 'nor marked sent afterwards');

select tests.authenticate_as('notify-admin-digest@example.test');
select results_eq($$ select topic::text, last_error from public.admin_notifications where status = 'failed' order by 1 $$,
  $$ values ('contact', 'provider_error: HTTP 503'), ('contact', 'provider_error: HTTP 503') $$,
  'every administrator sees the failures with their reason');
reset role;

-- The schedule.
select is((select schedule || ' ' || username || ' ' || command from cron.job where jobname = 'send-notifications'),
  '* * * * * send_notifications_job select private.queue_notifications_send()', 'send-notifications runs every minute as its own role, only queueing its call');
select is((select count(*)::int from information_schema.role_table_grants where grantee = 'send_notifications_job'), 0, 'the role is granted no table');
delete from vault.secrets where name in ('project_url', 'send_notifications_secret');
select vault.create_secret('https://project.example.test', 'project_url');
select vault.create_secret('notifications-secret-for-the-test', 'send_notifications_secret');
set local role send_notifications_job;
select private.queue_notifications_send();
reset role;
select is((select headers ->> 'Authorization' from net.http_request_queue where url = 'https://project.example.test/functions/v1/send-notifications'),
  'Bearer notifications-secret-for-the-test', 'which queues the call to send-notifications with the job''s own secret from Vault');

select * from finish();
rollback;
