-- admin_dashboard_stats() gains the last two tiles of the dashboard: checkouts awaiting their
-- payment (pending, of the last 24 hours: the ones reconcile-checkouts still asks about) and the
-- page views of the last 24 hours. Same contract as before (administrators only, 42501 otherwise);
-- a new result column needs the function re-created.
drop function public.admin_dashboard_stats();

create function public.admin_dashboard_stats()
returns table (
  new_contact_messages integer,
  new_users integer,
  recent_orders integer,
  unread_customer_messages integer,
  pending_orders integer,
  visits_24h integer
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
        where staff.role = 'admin'))::integer,
    -- checkout_sessions_pending_created_at_idx and page_views_created_at_idx.
    (select count(*) from public.checkout_sessions s
      where s.status = 'pending' and s.created_at >= now() - interval '24 hours')::integer,
    (select count(*) from private.page_views v
      where v.created_at >= now() - interval '24 hours')::integer;
end;
$$;

revoke all on function public.admin_dashboard_stats() from public, anon;
grant execute on function public.admin_dashboard_stats() to authenticated;

comment on function public.admin_dashboard_stats() is
  'Admin dashboard figures: contact messages and new accounts (7 days), orders (24 hours), unread customer messages to the caller, checkouts awaiting payment and page views (24 hours). Administrators only (42501 otherwise).';
