-- The confirmations' outbox: an order whose confirmation_sent_at is still null is a confirmation
-- to send, written in the very transaction that recorded the order. record-order sends its own at
-- once; the scheduled send-confirmations sends the rest (orders the reconciliation recorded, a
-- send that failed) in bounded batches every minute, so a mailer outage loses nothing and a
-- thousand orders recorded in one reconciliation do not all mail inside that request.
create index orders_unconfirmed_created_at_idx on public.orders (created_at) where confirmation_sent_at is null;

-- The orders to confirm, oldest first, from the last seven days (an older one is left to the
-- administrator: a week-late confirmation would only confuse its buyer). Service role only.
create or replace function public.pending_confirmations(p_limit integer)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select o.id from public.orders o
   where o.confirmation_sent_at is null and o.created_at > now() - interval '7 days'
   order by o.created_at, o.id
   limit least(greatest(p_limit, 0), 1000);
$$;

revoke all on function public.pending_confirmations(integer) from public, anon, authenticated;
grant execute on function public.pending_confirmations(integer) to service_role;

-- The schedule runs as a role that can do one thing, as reconcile-checkouts' does
-- (20261126110000_reconcile_checkouts_job_role.sql): `send_confirmations_job` may only execute
-- `private.queue_confirmations_send()`, which queues the one POST to send-confirmations with the
-- job's own secret from Vault (`send_confirmations_secret`, the function's secret
-- SEND_CONFIRMATIONS_SECRET); the function then does its work with the service role.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'send_confirmations_job') then
    create role send_confirmations_job login noinherit;
  end if;
end
$$;
comment on role send_confirmations_job is 'Supabase Cron job send-confirmations: may only queue that one request.';

create function private.queue_confirmations_send() returns bigint
language sql volatile security definer set search_path = '' as $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-confirmations',
    headers := pg_catalog.jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'send_confirmations_secret')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  )
$$;
comment on function private.queue_confirmations_send() is
  'Queues the scheduled POST to send-confirmations with the job''s own secret; the only thing send_confirmations_job may do.';
revoke all on function private.queue_confirmations_send() from public, anon, authenticated;
grant usage on schema private to send_confirmations_job;
grant execute on function private.queue_confirmations_send() to send_confirmations_job;

-- Scheduled as the role itself (only a superuser may schedule for another user; hosted `postgres`
-- is not one), which needs the cron schema only for that moment.
grant send_confirmations_job to postgres;
grant usage on schema cron to send_confirmations_job;
set role send_confirmations_job;
select cron.schedule('send-confirmations', '* * * * *', 'select private.queue_confirmations_send()');
reset role;
revoke usage on schema cron from send_confirmations_job;
