-- The analytics page counts refunds apart (issue #29): each day of admin_analytics_daily() has its
-- gross sales (paid orders, by the order's day, as before), the refunds of that day (credit notes
-- issued, by the credit note's day) and the net, gross less refunds. A day can be negative: a
-- refund of an older sale on a day without sales. Otherwise as 20261126140200.
drop function public.admin_analytics_daily(integer);

create function public.admin_analytics_daily(p_days integer)
returns table (
  day date,
  revenue_cents bigint,
  refunded_cents bigint,
  net_revenue_cents bigint,
  refunds integer,
  orders integer,
  checkouts integer,
  new_accounts integer,
  page_views integer,
  visitors integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  first_day date := private.paris_today() - (p_days - 1);
begin
  perform private.assert_analytics_period('admin_analytics_daily', p_days);
  return query
  select d.day::date,
         coalesce(s.revenue_cents, 0), coalesce(s.refunded_cents, 0), coalesce(s.revenue_cents - s.refunded_cents, 0), coalesce(s.refunds, 0),
         coalesce(s.orders, 0), coalesce(s.checkouts, 0), coalesce(s.new_accounts, 0),
         coalesce(v.page_views, 0), coalesce(v.visitors, 0)
  from generate_series(first_day, private.paris_today(), interval '1 day') d(day)
  left join private.daily_sales s on s.day = d.day::date
  left join private.daily_visits v on v.day = d.day::date
  order by d.day;
end;
$$;

revoke all on function public.admin_analytics_daily(integer) from public, anon;
grant execute on function public.admin_analytics_daily(integer) to authenticated;

comment on function public.admin_analytics_daily(integer) is
  'Per Paris day of the last 7, 30, 90 or 365 days: paid revenue (gross, by order day), refunds (credit notes and their amount, by credit note day), net revenue, orders, checkouts created, accounts opened, page views, visitors. Administrators only.';
