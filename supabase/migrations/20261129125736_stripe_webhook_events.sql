-- The Stripe events stripe-webhook has handled (issue 43), by their id: Stripe delivers an event
-- again when an answer was lost, retries for three days, and its Dashboard's "Resend" sends one
-- once more; a delivery captured on the way could be replayed within the signature's five
-- minutes. An event handled once is answered 200 and not handled again. One whose handling
-- failed (the function answered 500, Stripe retries) is handled again: only a finished handling
-- counts. Rows older than Stripe's 30 days of events are forgotten on the way: Stripe sends
-- none of those again.
--
-- In `private`, which no API exposes: no API role reads or writes the table, the service role
-- included. stripe-webhook (service role) goes through the two functions below, nothing else.
-- Dated when it was written, this runs before the migrations dated 2026-11-29 16:00 to
-- 2026-12-01 on a fresh database, and touches nothing they create.
create table private.stripe_webhook_events (
  id text primary key check (id ~ '^evt_[A-Za-z0-9_]{1,250}$'),
  type text not null check (char_length(type) between 1 and 100),
  received_at timestamptz not null default now(),
  handled_at timestamptz
);
create index stripe_webhook_events_received_at_idx on private.stripe_webhook_events (received_at);
revoke all on private.stripe_webhook_events from public, anon, authenticated, service_role;

-- true: the event is to be handled now (new, or an earlier handling did not finish); false: it
-- was handled already, and the delivery is only acknowledged.
create function public.claim_stripe_webhook_event(p_event_id text, p_type text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  delete from private.stripe_webhook_events where received_at < now() - interval '31 days';
  insert into private.stripe_webhook_events (id, type) values (p_event_id, p_type) on conflict (id) do nothing;
  return not exists (select 1 from private.stripe_webhook_events e where e.id = p_event_id and e.handled_at is not null);
end;
$$;

revoke all on function public.claim_stripe_webhook_event(text, text) from public, anon, authenticated;
grant execute on function public.claim_stripe_webhook_event(text, text) to service_role;
comment on function public.claim_stripe_webhook_event(text, text) is
  'stripe-webhook: whether a Stripe event is to be handled (false once handled); service role only.';

-- Once stripe-webhook has handled the event whole: later deliveries of it are acknowledged only.
create function public.stripe_webhook_event_handled(p_event_id text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update private.stripe_webhook_events set handled_at = now() where id = p_event_id and handled_at is null;
$$;

revoke all on function public.stripe_webhook_event_handled(text) from public, anon, authenticated;
grant execute on function public.stripe_webhook_event_handled(text) to service_role;
comment on function public.stripe_webhook_event_handled(text) is
  'stripe-webhook: marks a Stripe event handled, so that its later deliveries are acknowledged only; service role only.';
