-- The administrators' notifications' sender side (issue #31): send-notifications (Supabase Cron
-- every minute) claims what is due, reads what each mail says, and marks each row sent or failed.
-- Service role only; the schedule runs as a role that can only queue that one call.

-- Takes up to p_limit due rows for 5 minutes (a lease: a run that dies leaves them to the next one
-- after it), oldest first, skipping rows another run holds; each take counts as a try.
create function public.claim_admin_notifications(p_limit integer)
returns setof public.admin_notifications
language sql volatile security definer set search_path = '' as $$
  update public.admin_notifications n
     set claimed_until = now() + interval '5 minutes', attempts = n.attempts + 1
   where n.id in (select d.id from public.admin_notifications d
                   where d.status = 'pending' and d.due_at <= now()
                     and (d.claimed_until is null or d.claimed_until < now())
                   order by d.due_at, d.id
                   limit least(greatest(p_limit, 0), 1000)
                   for update skip locked)
  returning n.*;
$$;
revoke all on function public.claim_admin_notifications(integer) from public, anon, authenticated;
grant execute on function public.claim_admin_notifications(integer) to service_role;

-- What the mails about these rows say, read when they are sent (an erased customer's conversation
-- has left with them): the administrator's address, and per topic the message, the conversation's
-- lines (the last ten of its quarter of an hour) or the order.
create function public.admin_notification_contents(p_ids uuid[])
returns table (id uuid, recipient_email text, topic public.admin_notification_topic, delivery public.admin_notification_delivery,
               event_at timestamptz, line_count integer, details jsonb)
language sql stable security definer set search_path = '' as $$
  select n.id, u.email::text, n.topic, n.delivery, n.event_at, n.line_count,
         case n.topic
           when 'contact' then (select jsonb_build_object('id', c.id, 'name', c.name, 'email', c.email, 'subject', c.subject, 'message', c.message)
                                  from public.contact_messages c where c.id = n.contact_message_id)
           when 'chat' then (select jsonb_build_object('customer_id', p.id, 'name', p.full_name, 'lines',
                                      coalesce((select jsonb_agg(l.content order by l.created_at)
                                                  from (select m.content, m.created_at from public.user_messages m
                                                         where m.sender_id = n.customer_id and m.created_at >= n.event_at and m.created_at <= n.last_event_at
                                                         order by m.created_at desc limit 10) l), '[]'::jsonb))
                               from public.profiles p where p.id = n.customer_id)
           when 'order' then (select jsonb_build_object('id', o.id, 'user_id', o.user_id, 'invoice_number', o.invoice_number,
                                       'total_amount_cents', o.total_amount_cents, 'currency', o.currency,
                                       'buyer', coalesce(b.full_name, o.invoice_buyer ->> 'full_name'))
                                from public.orders o left join public.profiles b on b.id = o.user_id where o.id = n.order_id)
         end
    from public.admin_notifications n
    join auth.users u on u.id = n.recipient_id
   where n.id = any (p_ids);
$$;
revoke all on function public.admin_notification_contents(uuid[]) from public, anon, authenticated;
grant execute on function public.admin_notification_contents(uuid[]) to service_role;

-- The provider accepted the mail about these rows.
create function public.mark_admin_notifications_sent(p_ids uuid[]) returns void
language sql volatile security definer set search_path = '' as $$
  update public.admin_notifications
     set status = 'sent', sent_at = now(), claimed_until = null, last_error = null
   where id = any (p_ids) and status = 'pending';
$$;
revoke all on function public.mark_admin_notifications_sent(uuid[]) from public, anon, authenticated;
grant execute on function public.mark_admin_notifications_sent(uuid[]) to service_role;

-- The mail about these rows failed with `p_reason`: tried again after 1, 5, 25 then 125 minutes
-- when it may succeed later, and given up after the fifth try or at once when not (`failed`).
create function public.mark_admin_notifications_failed(p_ids uuid[], p_reason text, p_retryable boolean) returns void
language sql volatile security definer set search_path = '' as $$
  update public.admin_notifications
     set claimed_until = null,
         last_error = left(p_reason, 1000),
         status = case when p_retryable and attempts < 5 then 'pending' else 'failed' end::public.admin_notification_status,
         failed_at = case when p_retryable and attempts < 5 then null else now() end,
         due_at = case when p_retryable and attempts < 5 then now() + interval '1 minute' * power(5, attempts - 1) else due_at end
   where id = any (p_ids) and status = 'pending';
$$;
revoke all on function public.mark_admin_notifications_failed(uuid[], text, boolean) from public, anon, authenticated;
grant execute on function public.mark_admin_notifications_failed(uuid[], text, boolean) to service_role;

-- The schedule, as send-confirmations' (20261126150400_send_confirmations.sql): the role
-- `send_notifications_job` may only execute `private.queue_notifications_send()`, which queues the
-- one POST to send-notifications with the job's own secret from Vault (`send_notifications_secret`,
-- the function's secret SEND_NOTIFICATIONS_SECRET).
do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'send_notifications_job') then
    create role send_notifications_job login noinherit;
  end if;
end
$$;
comment on role send_notifications_job is 'Supabase Cron job send-notifications: may only queue that one request.';

create function private.queue_notifications_send() returns bigint
language sql volatile security definer set search_path = '' as $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-notifications',
    headers := pg_catalog.jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'send_notifications_secret')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  )
$$;
comment on function private.queue_notifications_send() is
  'Queues the scheduled POST to send-notifications with the job''s own secret; the only thing send_notifications_job may do.';
revoke all on function private.queue_notifications_send() from public, anon, authenticated;
grant usage on schema private to send_notifications_job;
grant execute on function private.queue_notifications_send() to send_notifications_job;

grant send_notifications_job to postgres;
grant usage on schema cron to send_notifications_job;
set role send_notifications_job;
select cron.schedule('send-notifications', '* * * * *', 'select private.queue_notifications_send()');
reset role;
revoke usage on schema cron from send_notifications_job;
