-- The admin layout's unread counts (issue #31), for the calling administrator: contact messages
-- that arrived since they last opened the inbox, and conversations whose customer wrote to them
-- and they have not read. Live: the layout refetches them on realtime INSERTs of user_messages (in
-- the publication already) and of contact_messages (added here; realtime hands a row only to the
-- subscribers whose RLS lets them read it: administrators).

-- When each administrator last opened the contact inbox. Not exposed: read and written only by the
-- two functions below.
create table private.admin_inbox_marks (
  admin_id uuid primary key references public.profiles (id) on delete cascade,
  contact_seen_at timestamptz not null
);

-- Capped at 100 each (the badge shows « 99+ » beyond), so a long-unopened inbox still costs an
-- index range of at most 100 rows (contact_messages_created_at_idx); the conversations, an
-- index-only read of user_messages_unread_receiver_sender_idx.
create function public.admin_unread_counts()
returns table (contact_messages integer, conversations integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (select private.is_admin()) then
    raise exception 'admin_unread_counts is reserved to administrators' using errcode = '42501';
  end if;
  return query
  select
    (select count(*)::integer from (
       select 1 from public.contact_messages c
        where c.created_at > coalesce((select k.contact_seen_at from private.admin_inbox_marks k where k.admin_id = (select auth.uid())), '-infinity')
        limit 100) recent),
    (select count(*)::integer from (
       select distinct m.sender_id from public.user_messages m
        where m.receiver_id = (select auth.uid()) and not m.is_read
          and not exists (select 1 from public.profiles staff where staff.id = m.sender_id and staff.role = 'admin')
        limit 100) waiting);
end;
$$;
revoke all on function public.admin_unread_counts() from public, anon, service_role;
grant execute on function public.admin_unread_counts() to authenticated;

-- The calling administrator has seen every contact message so far (the inbox page calls it).
create function public.mark_contact_messages_seen() returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not (select private.is_admin()) then
    raise exception 'mark_contact_messages_seen is reserved to administrators' using errcode = '42501';
  end if;
  insert into private.admin_inbox_marks (admin_id, contact_seen_at) values ((select auth.uid()), now())
  on conflict (admin_id) do update set contact_seen_at = excluded.contact_seen_at;
end;
$$;
revoke all on function public.mark_contact_messages_seen() from public, anon, service_role;
grant execute on function public.mark_contact_messages_seen() to authenticated;

alter publication supabase_realtime add table public.contact_messages;
