-- What each administrator wants to be told of (issue #31): for each topic (a contact message, a
-- customer's conversation, a recorded order) at once, in a daily digest at the hour they chose
-- (Europe/Paris), or not at all. One row per administrator, their own under RLS: customers and
-- anon neither read nor write any. An administrator without a row is told of everything at once
-- (`private.admin_notification_choice`), so a new administrator misses nothing until they choose.
create type public.admin_notification_delivery as enum ('immediate', 'digest', 'none');

create table public.admin_notification_preferences (
  admin_id uuid primary key references public.profiles (id) on delete cascade default auth.uid(),
  contact public.admin_notification_delivery not null default 'immediate',
  chat public.admin_notification_delivery not null default 'immediate',
  orders public.admin_notification_delivery not null default 'immediate',
  -- The hour of the Paris day at which the digest leaves (0 to 23).
  digest_hour smallint not null default 8 check (digest_hour between 0 and 23),
  updated_at timestamptz not null default now()
);

alter table public.admin_notification_preferences enable row level security;

create policy "Administrators read their own notification preferences"
  on public.admin_notification_preferences for select to authenticated
  using (admin_id = (select auth.uid()) and (select private.is_admin()));

create policy "Administrators create their own notification preferences"
  on public.admin_notification_preferences for insert to authenticated
  with check (admin_id = (select auth.uid()) and (select private.is_admin()));

create policy "Administrators change their own notification preferences"
  on public.admin_notification_preferences for update to authenticated
  using (admin_id = (select auth.uid()) and (select private.is_admin()))
  with check (admin_id = (select auth.uid()) and (select private.is_admin()));

revoke all on public.admin_notification_preferences from anon, authenticated;
grant select on public.admin_notification_preferences to authenticated;
grant insert (admin_id, contact, chat, orders, digest_hour) on public.admin_notification_preferences to authenticated;
grant update (contact, chat, orders, digest_hour) on public.admin_notification_preferences to authenticated;
grant select, insert, update, delete on public.admin_notification_preferences to service_role;

create function private.stamp_admin_notification_preferences() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function private.stamp_admin_notification_preferences() from public, anon, authenticated;

create trigger admin_notification_preferences_stamp
  before update on public.admin_notification_preferences
  for each row execute function private.stamp_admin_notification_preferences();

-- Every administrator with what they chose for one topic ('contact', 'chat' or 'orders'), and the
-- digest hour; the defaults for one who never chose. Only the notification triggers call it.
create function private.admin_notification_choices(p_topic text)
returns table (admin_id uuid, delivery public.admin_notification_delivery, digest_hour smallint)
language sql stable security definer set search_path = '' as $$
  select p.id,
         case p_topic
           when 'contact' then coalesce(n.contact, 'immediate')
           when 'chat' then coalesce(n.chat, 'immediate')
           when 'orders' then coalesce(n.orders, 'immediate')
         end,
         coalesce(n.digest_hour, 8::smallint)
    from public.profiles p
    left join public.admin_notification_preferences n on n.admin_id = p.id
   where p.role = 'admin';
$$;
revoke all on function private.admin_notification_choices(text) from public, anon, authenticated, service_role;
