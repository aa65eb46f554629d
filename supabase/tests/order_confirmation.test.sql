-- The confirmations' outbox: pending_confirmations() lists the recent orders not yet confirmed,
-- order_confirmation() gives what the mail says in one call, until the order is marked confirmed;
-- no API role but the service role may call either; the schedule sends them every minute, as a
-- role that can only queue that call.
begin;
\ir helpers/setup.psql
select plan(14);

select tests.create_user('confirmation-buyer@example.test', 'Jeanne Martin');
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, cgv_version, consent_text, consented_at) values
  ('cs_order_confirmation', tests.user_id('confirmation-buyer@example.test'),
   '[{"variant_id": "v1", "product_id": "p1", "product_title": "Méditation", "variant_title": "Audio", "quantity": 2, "unit_price_cents": 1500}]', 3000, 'eur', 1, 'Consentement de test', now());
select tests.authenticate_as_service_role();
create temporary table recorded as
select public.record_order('cs_order_confirmation', tests.user_id('confirmation-buyer@example.test')) as id;
-- Readable by every role, so that a refusal below can only be the function's.
grant select on recorded to authenticated, anon;

select is(
  public.order_confirmation((select id from recorded)) - 'id' - 'created_at' - 'invoice_number' - 'consent',
  '{"email": "confirmation-buyer@example.test", "full_name": "Jeanne Martin", "total_amount_cents": 3000, "currency": "eur",
    "lines": [{"product_title": "Méditation", "variant_title": "Audio", "quantity": 2, "price_per_item_cents": 1500}]}'::jsonb,
  'the service role reads the order, its lines and its buyer in one call');
select is((public.order_confirmation((select id from recorded)) -> 'consent') - 'consented_at',
  '{"cgv_version": 1, "consent_text": "Consentement de test"}'::jsonb, 'and the consent the order keeps');
select is(public.order_confirmation((select id from recorded))->>'invoice_number',
  (select invoice_number from public.orders where id = (select id from recorded)), 'with the order''s invoice number');
select ok((select id from recorded) in (select public.pending_confirmations(1000)), 'the new order is pending confirmation');
update public.orders set created_at = now() - interval '8 days' where id = (select id from recorded);
select ok((select id from recorded) not in (select public.pending_confirmations(1000)), 'not once it is over a week old');
update public.orders set created_at = now() where id = (select id from recorded);
update public.orders set confirmation_sent_at = now() where id = (select id from recorded);
select ok((select id from recorded) not in (select public.pending_confirmations(1000)), 'nor once it is confirmed');
select is(public.order_confirmation((select id from recorded)), null, 'nothing once the confirmation is marked sent');
reset role;

select tests.authenticate_as('confirmation-buyer@example.test');
select throws_ok($$ select public.order_confirmation((select id from recorded)) $$, '42501', null, 'not even the buyer may call it');
select throws_ok($$ select public.pending_confirmations(10) $$, '42501', null, 'nor list the pending confirmations');
select tests.clear_authentication();
select throws_ok($$ select public.order_confirmation((select id from recorded)) $$, '42501', null, 'nor anon');
reset role;

select is((select schedule from cron.job where jobname = 'send-confirmations'), '* * * * *', 'send-confirmations runs every minute');
select is((select array_agg(username) from cron.job where jobname = 'send-confirmations'), array['send_confirmations_job'::text],
  'run as send_confirmations_job, not postgres');
select is((select command from cron.job where jobname = 'send-confirmations'), 'select private.queue_confirmations_send()',
  'the job only calls its queueing function');
delete from vault.secrets where name in ('project_url', 'send_confirmations_secret');
select vault.create_secret('https://project.example.test', 'project_url');
select vault.create_secret('confirmations-secret-for-the-test', 'send_confirmations_secret');
set local role send_confirmations_job;
select private.queue_confirmations_send();
reset role;
select is((select headers ->> 'Authorization' from net.http_request_queue where url = 'https://project.example.test/functions/v1/send-confirmations'),
  'Bearer confirmations-secret-for-the-test', 'which queues the call to send-confirmations with the job''s own secret from Vault');

select * from finish();
rollback;
