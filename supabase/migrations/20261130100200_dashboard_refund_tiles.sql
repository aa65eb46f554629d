-- admin_dashboard_stats() counts refunds apart (issue #29): the revenue of the last 30 Paris days
-- (today included, the analytics page's default period) net of the refunds of those days, the
-- refunds themselves (amount, and orders that had one), and the disputes open now. Revenue and
-- refunds read the daily rollup (30 rows), refunded orders credit_notes_created_at_idx, open
-- disputes orders_open_dispute_idx. Otherwise as 20261126140300.
create index orders_open_dispute_idx on public.orders (dispute_opened_at) where dispute_status = 'open';

drop function public.admin_dashboard_stats();

create function public.admin_dashboard_stats()
returns table (
  new_contact_messages integer,
  new_users integer,
  recent_orders integer,
  unread_customer_messages integer,
  pending_orders integer,
  visits_24h integer,
  net_revenue_30d_cents bigint,
  refunded_30d_cents bigint,
  refunded_orders_30d integer,
  open_disputes integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  first_day date := private.paris_today() - 29;
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
      where v.created_at >= now() - interval '24 hours')::integer,
    (select coalesce(sum(d.revenue_cents - d.refunded_cents), 0) from private.daily_sales d where d.day >= first_day)::bigint,
    (select coalesce(sum(d.refunded_cents), 0) from private.daily_sales d where d.day >= first_day)::bigint,
    (select count(distinct n.order_id) from public.credit_notes n
      where n.created_at >= first_day::timestamp at time zone 'Europe/Paris')::integer,
    (select count(*) from public.orders o where o.dispute_status = 'open')::integer;
end;
$$;

revoke all on function public.admin_dashboard_stats() from public, anon;
grant execute on function public.admin_dashboard_stats() to authenticated;

comment on function public.admin_dashboard_stats() is
  'Admin dashboard figures: contact messages and new accounts (7 days), orders (24 hours), unread customer messages to the caller, checkouts awaiting payment and page views (24 hours), revenue net of refunds, refunds and refunded orders (30 Paris days), open disputes. Administrators only (42501 otherwise).';
