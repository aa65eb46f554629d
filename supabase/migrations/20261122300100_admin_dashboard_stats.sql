-- admin_dashboard_stats(): the four figures of the admin dashboard in one round trip.
--
-- SECURITY DEFINER with an explicit administrator check rather than SECURITY INVOKER under RLS:
-- under RLS a customer would not be refused but silently handed zeros (or counts of their own
-- rows), which hides a mistake in the client; here anyone but an administrator gets 42501, and
-- the counts do not evaluate the tables' policies row by row. Each count is backed by an index:
-- contact_messages_created_at_idx, profiles_created_at_idx, orders_created_at_idx and
-- user_messages_unread_receiver_sender_idx.
create function public.admin_dashboard_stats()
returns table (
  new_contact_messages integer,
  new_users integer,
  recent_orders integer,
  unread_customer_messages integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'admin_dashboard_stats is reserved to administrators' using errcode = '42501';
  end if;

  return query
  select
    (select count(*) from public.contact_messages c
      where c.created_at >= now() - interval '7 days')::integer,
    (select count(*) from public.profiles p
      where p.created_at >= now() - interval '7 days')::integer,
    (select count(*) from public.orders o
      where o.created_at >= now() - interval '24 hours')::integer,
    -- Only what the calling administrator can clear: unread messages addressed to them, less
    -- those other administrators sent. Counted this way round, the large part is an index-only
    -- count on user_messages_unread_receiver_sender_idx and the subtraction a probe per admin.
    ((select count(*) from public.user_messages m
       where m.receiver_id = (select auth.uid()) and not m.is_read)
     - (select count(*) from public.profiles staff
         join public.user_messages m on m.receiver_id = (select auth.uid()) and m.sender_id = staff.id and not m.is_read
        where staff.role = 'admin'))::integer;
end;
$$;

revoke all on function public.admin_dashboard_stats() from public, anon;
grant execute on function public.admin_dashboard_stats() to authenticated;

comment on function public.admin_dashboard_stats() is
  'Admin dashboard figures: contact messages and new accounts (7 days), orders (24 hours), unread customer messages to the caller. Administrators only (42501 otherwise).';
