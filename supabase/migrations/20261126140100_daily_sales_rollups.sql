-- Daily rollups behind the analytics page, so that a year's figures read a few hundred rows
-- instead of every order, item and download. Days are Paris days. Kept exact by triggers that add
-- and subtract each row's share when it is written, changed or deleted (row locks on the rollup
-- rows serialise concurrent writers, so no share is lost); bulk loads that bypass triggers
-- (session_replication_role = replica) call private.rebuild_daily_sales() afterwards, and the
-- pgTAP file checks that the triggers keep exactly what a rebuild computes.
--
-- Sales are paid orders (status 'completed'): a refunded or canceled order leaves the figures.

create function private.paris_day(p_at timestamptz)
returns date
language sql
immutable
set search_path = ''
as $$ select (p_at at time zone 'Europe/Paris')::date $$;

create table private.daily_sales (
  day date primary key,
  orders integer not null default 0,
  revenue_cents bigint not null default 0,
  checkouts integer not null default 0,
  new_accounts integer not null default 0
);

create table private.daily_product_sales (
  day date not null,
  product_title text not null,
  units integer not null default 0,
  revenue_cents bigint not null default 0,
  downloads integer not null default 0,
  primary key (day, product_title)
);

revoke all on private.daily_sales, private.daily_product_sales from public, anon, authenticated, service_role;

-- Exact figures from the source tables, for every day that has any.
create function private.rebuild_daily_sales()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.daily_sales;
  delete from private.daily_product_sales;
  insert into private.daily_sales (day, orders, revenue_cents, checkouts, new_accounts)
  select day, sum(orders), sum(revenue_cents), sum(checkouts), sum(new_accounts)
  from (
    select private.paris_day(o.created_at) as day, count(*) as orders, sum(o.total_amount_cents) as revenue_cents, 0 as checkouts, 0 as new_accounts
      from public.orders o where o.status = 'completed' group by 1
    union all
    select private.paris_day(c.created_at), 0, 0, count(*), 0 from public.checkout_sessions c group by 1
    union all
    select private.paris_day(p.created_at), 0, 0, 0, count(*) from public.profiles p group by 1
  ) shares
  group by day;
  insert into private.daily_product_sales (day, product_title, units, revenue_cents, downloads)
  select day, product_title, sum(units), sum(revenue_cents), sum(downloads)
  from (
    select private.paris_day(o.created_at) as day, i.product_title, sum(i.quantity) as units,
           sum(i.quantity::bigint * i.price_per_item_cents) as revenue_cents, 0 as downloads
      from public.order_items i join public.orders o on o.id = i.order_id
     where o.status = 'completed' group by 1, 2
    union all
    select private.paris_day(l.created_at), i.product_title, 0, 0, count(*)
      from public.download_links l join public.order_items i on i.id = l.order_item_id group by 1, 2
  ) shares
  group by day, product_title;
$$;

create function private.add_daily_sales(p_day date, p_orders integer, p_revenue_cents bigint, p_checkouts integer, p_new_accounts integer)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.daily_sales as d (day, orders, revenue_cents, checkouts, new_accounts)
  values (p_day, p_orders, p_revenue_cents, p_checkouts, p_new_accounts)
  on conflict (day) do update
    set orders = d.orders + excluded.orders, revenue_cents = d.revenue_cents + excluded.revenue_cents,
        checkouts = d.checkouts + excluded.checkouts, new_accounts = d.new_accounts + excluded.new_accounts;
$$;

create function private.add_daily_product_sales(p_day date, p_product_title text, p_units integer, p_revenue_cents bigint, p_downloads integer)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.daily_product_sales as d (day, product_title, units, revenue_cents, downloads)
  values (p_day, p_product_title, p_units, p_revenue_cents, p_downloads)
  on conflict (day, product_title) do update
    set units = d.units + excluded.units, revenue_cents = d.revenue_cents + excluded.revenue_cents,
        downloads = d.downloads + excluded.downloads;
$$;

-- An order's share (sign +1 or -1): the order itself and, when p_with_items, each of its lines.
create function private.add_order_share(p_order public.orders, p_sign integer, p_with_items boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_order.status <> 'completed' then
    return;
  end if;
  perform private.add_daily_sales(private.paris_day(p_order.created_at), p_sign, p_sign * p_order.total_amount_cents::bigint, 0, 0);
  if p_with_items then
    perform private.add_daily_product_sales(private.paris_day(p_order.created_at), i.product_title,
                                            p_sign * sum(i.quantity)::integer, (p_sign * sum(i.quantity::bigint * i.price_per_item_cents))::bigint, 0)
      from public.order_items i where i.order_id = p_order.id group by i.product_title;
  end if;
end;
$$;

-- Orders: inserted before their items (whose own trigger adds them), so an insert adds the order
-- alone; a change of status, date or total moves the order with its items. A deleted order takes
-- its items' share before the cascade deletes them (their trigger then no longer finds the order).
create function private.track_order_sales()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.add_order_share(new, 1, false);
    return null;
  elsif tg_op = 'UPDATE' then
    perform private.add_order_share(old, -1, true);
    perform private.add_order_share(new, 1, true);
    return null;
  end if;
  perform private.add_order_share(old, -1, true);
  return old;
end;
$$;

create trigger orders_track_sales_insert
  after insert on public.orders
  for each row execute function private.track_order_sales();
create trigger orders_track_sales_update
  after update of status, created_at, total_amount_cents on public.orders
  for each row execute function private.track_order_sales();
create trigger orders_track_sales_delete
  before delete on public.orders
  for each row execute function private.track_order_sales();

-- Order lines: their share counts while their order is paid. A deleted line also takes its
-- downloads with it, before the cascade deletes the links.
create function private.track_order_item_sales()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  paid_on date;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select private.paris_day(o.created_at) into paid_on from public.orders o where o.id = old.order_id and o.status = 'completed';
    if paid_on is not null then
      perform private.add_daily_product_sales(paid_on, old.product_title, -old.quantity, -(old.quantity::bigint * old.price_per_item_cents), 0);
    end if;
    perform private.add_daily_product_sales(private.paris_day(l.created_at), old.product_title, 0, 0, -count(*)::integer)
      from public.download_links l where l.order_item_id = old.id group by private.paris_day(l.created_at);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select private.paris_day(o.created_at) into paid_on from public.orders o where o.id = new.order_id and o.status = 'completed';
    if paid_on is not null then
      perform private.add_daily_product_sales(paid_on, new.product_title, new.quantity, new.quantity::bigint * new.price_per_item_cents, 0);
    end if;
    if tg_op = 'UPDATE' then
      perform private.add_daily_product_sales(private.paris_day(l.created_at), new.product_title, 0, 0, count(*)::integer)
        from public.download_links l where l.order_item_id = new.id group by private.paris_day(l.created_at);
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else null end;
end;
$$;

create trigger order_items_track_sales_insert
  after insert on public.order_items
  for each row execute function private.track_order_item_sales();
create trigger order_items_track_sales_update
  after update of order_id, product_title, quantity, price_per_item_cents on public.order_items
  for each row execute function private.track_order_item_sales();
create trigger order_items_track_sales_delete
  before delete on public.order_items
  for each row execute function private.track_order_item_sales();

-- Download links: one download of their line's product on the day the link was issued.
create function private.track_download_sales()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.add_daily_product_sales(private.paris_day(old.created_at), i.product_title, 0, 0, -1)
      from public.order_items i where i.id = old.order_item_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.add_daily_product_sales(private.paris_day(new.created_at), i.product_title, 0, 0, 1)
      from public.order_items i where i.id = new.order_item_id;
  end if;
  return null;
end;
$$;

create trigger download_links_track_sales
  after insert or delete or update of order_item_id, created_at on public.download_links
  for each row execute function private.track_download_sales();

-- Checkouts created and accounts opened, by the day of their created_at.
create function private.track_daily_creations()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  is_checkout boolean := tg_table_name = 'checkout_sessions';
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.add_daily_sales(private.paris_day(old.created_at), 0, 0,
      case when is_checkout then -1 else 0 end, case when is_checkout then 0 else -1 end);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.add_daily_sales(private.paris_day(new.created_at), 0, 0,
      case when is_checkout then 1 else 0 end, case when is_checkout then 0 else 1 end);
  end if;
  return null;
end;
$$;

create trigger checkout_sessions_track_daily
  after insert or delete or update of created_at on public.checkout_sessions
  for each row execute function private.track_daily_creations();
create trigger profiles_track_daily
  after insert or delete or update of created_at on public.profiles
  for each row execute function private.track_daily_creations();

revoke all on function private.paris_day(timestamptz), private.rebuild_daily_sales(),
  private.add_daily_sales(date, integer, bigint, integer, integer),
  private.add_daily_product_sales(date, text, integer, bigint, integer),
  private.add_order_share(public.orders, integer, boolean), private.track_order_sales(),
  private.track_order_item_sales(), private.track_download_sales(), private.track_daily_creations()
  from public, anon, authenticated;

select private.rebuild_daily_sales();
