-- The confirmations' outbox: an order whose confirmation_sent_at is still null is a confirmation
-- to send, written in the very transaction that recorded the order. record-order sends its own at
-- once; the scheduled send-confirmations sends the rest (orders the reconciliation recorded, a
-- send that failed) in bounded batches every minute, so a mailer outage loses nothing and a
-- thousand orders recorded in one reconciliation do not all mail inside that request.
create index orders_unconfirmed_created_at_idx on public.orders (created_at) where confirmation_sent_at is null;

-- The orders to confirm, oldest first, from the last seven days (an older one is left to the
-- administrator: a week-late confirmation would only confuse its buyer). Service role only: the
-- function asks with its caller's key, so any other caller is refused here (42501).
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

select cron.schedule(
  'send-confirmations',
  '* * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-confirmations',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  );
  $$
);
