-- The administrators' notifications outbox (issue #31). A new contact message, a customer's first
-- message after a quiet quarter of an hour (a conversation) and a recorded order each queue one row
-- per interested administrator, by triggers, in the very transaction that wrote the row: nothing is
-- lost while the mailer is down, and a rolled-back insert queues nothing. The scheduled
-- send-notifications function claims the due rows, mails them in French and marks them; each row is
-- mailed once (claimed under a row lock with a lease, and mailed with an idempotency key of its own).
--
-- - `delivery`: 'immediate' rows are due at once; 'digest' rows at the next digest hour of their
--   administrator (Europe/Paris) after the event, so one digest gathers the day before that hour.
-- - A conversation: the customer's lines within 15 minutes of its first one fold into its row
--   (`line_count`, `last_event_at`), even once mailed, so an administrator gets at most one mail per
--   conversation per 15 minutes however many lines arrive.
-- - A send that fails is tried again after 1, 5, 25 and 125 minutes; after the fifth try, or at
--   once when the provider refuses the message, the row is `failed` with the reason, which every
--   administrator reads (the admin area lists the failures).
create type public.admin_notification_topic as enum ('contact', 'chat', 'order');
create type public.admin_notification_status as enum ('pending', 'sent', 'failed');

create table public.admin_notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  topic public.admin_notification_topic not null,
  delivery public.admin_notification_delivery not null check (delivery <> 'none'),
  -- What it is about: exactly the one matching the topic.
  contact_message_id uuid references public.contact_messages (id) on delete cascade,
  customer_id uuid references public.profiles (id) on delete cascade,
  order_id uuid references public.orders (id) on delete cascade,
  event_at timestamptz not null,
  last_event_at timestamptz not null,
  line_count integer not null default 1 check (line_count >= 1),
  status public.admin_notification_status not null default 'pending',
  -- When it may next be tried; moved forward by each failed try.
  due_at timestamptz not null,
  attempts smallint not null default 0 check (attempts between 0 and 5),
  -- Held by a sender until then: another run does not take it meanwhile.
  claimed_until timestamptz,
  last_error text check (char_length(last_error) <= 1000),
  sent_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz not null default now(),
  check (case topic
           when 'contact' then contact_message_id is not null and customer_id is null and order_id is null
           when 'chat' then customer_id is not null and contact_message_id is null and order_id is null
           when 'order' then order_id is not null and contact_message_id is null and customer_id is null
         end),
  check ((status = 'sent') = (sent_at is not null)),
  check ((status = 'failed') = (failed_at is not null and last_error is not null))
);

-- The sender's read: what is due, by index.
create index admin_notifications_due_idx on public.admin_notifications (due_at) where status = 'pending';
-- The chat trigger's probe: the conversation's latest notification to an administrator.
create index admin_notifications_conversation_idx on public.admin_notifications (customer_id, recipient_id, event_at desc) where topic = 'chat';
create index admin_notifications_recipient_id_idx on public.admin_notifications (recipient_id);
create index admin_notifications_contact_message_id_idx on public.admin_notifications (contact_message_id);
create index admin_notifications_order_id_idx on public.admin_notifications (order_id);
create index admin_notifications_failed_idx on public.admin_notifications (failed_at desc) where status = 'failed';

alter table public.admin_notifications enable row level security;

-- Administrators read the outbox (the admin area lists what could not be delivered); customers and
-- anon read nothing. Only the service role (send-notifications) and the triggers write.
create policy "Administrators read the notifications outbox"
  on public.admin_notifications for select to authenticated
  using ((select private.is_admin()));

revoke all on public.admin_notifications from anon, authenticated;
grant select on public.admin_notifications to authenticated;
grant select, insert, update, delete on public.admin_notifications to service_role;

-- The first Paris `hour`:00 strictly after `after`: when a digest event is due.
create function private.next_digest_at(after timestamptz, hour smallint) returns timestamptz
language sql stable set search_path = '' as $$
  select case when today > after then today else tomorrow end
    from (select ((d + make_time(hour, 0, 0)) at time zone 'Europe/Paris') as today,
                 (((d + 1) + make_time(hour, 0, 0)) at time zone 'Europe/Paris') as tomorrow
            from (select (after at time zone 'Europe/Paris')::date as d) paris) t;
$$;
revoke all on function private.next_digest_at(timestamptz, smallint) from public, anon, authenticated;

-- One row per administrator who wants this topic, due at once or at their digest hour.
create function private.queue_admin_notifications(
  p_topic public.admin_notification_topic, p_event_at timestamptz,
  p_contact_message_id uuid, p_customer_id uuid, p_order_id uuid
) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.admin_notifications
    (recipient_id, topic, delivery, contact_message_id, customer_id, order_id, event_at, last_event_at, due_at)
  select c.admin_id, p_topic, c.delivery, p_contact_message_id, p_customer_id, p_order_id, p_event_at, p_event_at,
         case c.delivery when 'immediate' then p_event_at else private.next_digest_at(p_event_at, c.digest_hour) end
    from private.admin_notification_choices(case p_topic when 'order' then 'orders' else p_topic::text end) c
   where c.delivery <> 'none'
     -- A conversation already notified to this administrator within 15 minutes gathers the line instead.
     and (p_topic <> 'chat' or not exists (
           select 1 from public.admin_notifications n
            where n.topic = 'chat' and n.customer_id = p_customer_id and n.recipient_id = c.admin_id
              and n.event_at > p_event_at - interval '15 minutes'));
$$;
revoke all on function private.queue_admin_notifications(public.admin_notification_topic, timestamptz, uuid, uuid, uuid) from public, anon, authenticated, service_role;

create function private.notify_contact_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.queue_admin_notifications('contact', new.created_at, new.id, null, null);
  return null;
end;
$$;
revoke all on function private.notify_contact_message() from public, anon, authenticated, service_role;

create trigger contact_messages_notify_admins
  after insert on public.contact_messages
  for each row execute function private.notify_contact_message();

create function private.notify_order() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.queue_admin_notifications('order', new.created_at, null, null, new.id);
  return null;
end;
$$;
revoke all on function private.notify_order() from public, anon, authenticated, service_role;

create trigger orders_notify_admins
  after insert on public.orders
  for each row execute function private.notify_order();

-- A customer's line (the sender is not an administrator): folded into the conversation's latest
-- notification to each administrator when it began within the last 15 minutes; a new one for the
-- administrators who have none so recent. Lines of one customer are serialised by a transaction lock, so two at once make one row.
create function private.notify_chat_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.profiles p where p.id = new.sender_id and p.role = 'admin') then
    return null;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('admin-notifications/chat/' || new.sender_id::text, 0));
  update public.admin_notifications n
     set line_count = n.line_count + 1, last_event_at = greatest(n.last_event_at, new.created_at)
   where n.topic = 'chat' and n.customer_id = new.sender_id
     and n.event_at > new.created_at - interval '15 minutes'
     and n.event_at = (select max(m.event_at) from public.admin_notifications m
                        where m.topic = 'chat' and m.customer_id = new.sender_id and m.recipient_id = n.recipient_id);
  perform private.queue_admin_notifications('chat', new.created_at, null, new.sender_id, null);
  return null;
end;
$$;
revoke all on function private.notify_chat_message() from public, anon, authenticated, service_role;

create trigger user_messages_notify_admins
  after insert on public.user_messages
  for each row execute function private.notify_chat_message();
