-- The analytics page's reads, for the last p_days Paris days (today included; 7, 30, 90 or 365).
-- Like admin_dashboard_stats(): SECURITY DEFINER behind an explicit administrator check (42501
-- for anyone else), reading the private rollups that no API role can read.

create function private.assert_analytics_period(p_function text, p_days integer)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception '% is reserved to administrators', p_function using errcode = '42501';
  end if;
  if p_days is null or p_days not in (7, 30, 90, 365) then
    raise exception '%: the period must be 7, 30, 90 or 365 days', p_function using errcode = '22023';
  end if;
end;
$$;

revoke all on function private.assert_analytics_period(text, integer) from public, anon, authenticated;

-- One row per day of the period, oldest first, zeros included.
create function public.admin_analytics_daily(p_days integer)
returns table (
  day date,
  revenue_cents bigint,
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
         coalesce(s.revenue_cents, 0), coalesce(s.orders, 0), coalesce(s.checkouts, 0), coalesce(s.new_accounts, 0),
         coalesce(v.page_views, 0), coalesce(v.visitors, 0)
  from generate_series(first_day, private.paris_today(), interval '1 day') d(day)
  left join private.daily_sales s on s.day = d.day::date
  left join private.daily_visits v on v.day = d.day::date
  order by d.day;
end;
$$;

-- Every product sold or downloaded in the period: units, revenue and downloads; the page ranks them.
create function public.admin_analytics_products(p_days integer)
returns table (
  product_title text,
  units bigint,
  revenue_cents bigint,
  downloads bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_analytics_period('admin_analytics_products', p_days);
  return query
  select p.product_title, sum(p.units)::bigint, sum(p.revenue_cents)::bigint, sum(p.downloads)::bigint
  from private.daily_product_sales p
  where p.day >= private.paris_today() - (p_days - 1)
  group by p.product_title
  having sum(p.units) <> 0 or sum(p.downloads) <> 0
  order by sum(p.revenue_cents) desc, p.product_title;
end;
$$;

-- The period's orders for the accountant, oldest first, a page of at most 1,000 at a time: the
-- next page starts after the last row's (created_at, order_id). PostgREST caps a response's rows
-- (1,000 on hosted Supabase), and a cursor keeps each page one index range.
create function public.admin_orders_export(p_days integer, p_after_created_at timestamptz default null, p_after_order_id uuid default null)
returns table (
  created_at timestamptz,
  order_id uuid,
  customer_email text,
  customer_name text,
  status text,
  items text,
  total_amount_cents integer,
  currency text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_analytics_period('admin_orders_export', p_days);
  return query
  -- Buyer and lines looked up per order (by primary key and order_items_order_id_idx): a page
  -- is at most 1,000 orders, never a join over every account.
  select o.created_at, o.id,
         (select u.email::text from auth.users u where u.id = o.user_id),
         (select p.full_name from public.profiles p where p.id = o.user_id),
         o.status,
         (select string_agg(i.quantity || ' × ' || i.product_title || coalesce(' (' || i.variant_title || ')', ''), ', ' order by i.product_title)
            from public.order_items i where i.order_id = o.id),
         o.total_amount_cents, o.currency
  from public.orders o
  where o.created_at >= (private.paris_today() - (p_days - 1))::timestamp at time zone 'Europe/Paris'
    and (p_after_created_at is null or (o.created_at, o.id) > (p_after_created_at, p_after_order_id))
  order by o.created_at, o.id
  limit 1000;
end;
$$;

revoke all on function public.admin_analytics_daily(integer), public.admin_analytics_products(integer),
  public.admin_orders_export(integer, timestamptz, uuid) from public, anon;
grant execute on function public.admin_analytics_daily(integer), public.admin_analytics_products(integer),
  public.admin_orders_export(integer, timestamptz, uuid) to authenticated;

comment on function public.admin_analytics_daily(integer) is
  'Per Paris day of the last 7, 30, 90 or 365 days: paid revenue and orders, checkouts created, accounts opened, page views, visitors. Administrators only.';
comment on function public.admin_analytics_products(integer) is
  'Per product over the last 7, 30, 90 or 365 days: units and revenue of paid orders, download links issued. Administrators only.';
comment on function public.admin_orders_export(integer, timestamptz, uuid) is
  'The orders of the last 7, 30, 90 or 365 days with buyer, lines and total, for the accountant. Administrators only.';
