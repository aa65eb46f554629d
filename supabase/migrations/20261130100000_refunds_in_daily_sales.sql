-- Refunds in the daily rollups (issue #29): private.daily_sales also counts, per Paris day, the
-- credit notes (« avoirs ») issued and the money they gave back. A refund is dated by its credit
-- note, not by its order: an order paid on Monday and refunded on Thursday stays in Monday's
-- sales and is Thursday's refund. Sales stay what 20261126140100 counts (paid orders, gross); the
-- analytics and the dashboard subtract the refunds to read the net.
--
-- A credit note is never changed or deleted (credit_notes_immutable), so its insert is in
-- practice the only change to follow; the trigger still undoes a deleted or re-dated row's share,
-- so the rollup stays what a rebuild computes even when an owner's maintenance bypasses that rule.

alter table private.daily_sales
  add column refunds integer not null default 0,
  add column refunded_cents bigint not null default 0;

create function private.add_daily_refunds(p_day date, p_refunds integer, p_refunded_cents bigint)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.daily_sales as d (day, refunds, refunded_cents)
  values (p_day, p_refunds, p_refunded_cents)
  on conflict (day) do update
    set refunds = d.refunds + excluded.refunds, refunded_cents = d.refunded_cents + excluded.refunded_cents;
$$;

create function private.track_credit_note_refunds()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.add_daily_refunds(private.paris_day(old.created_at), -1, -old.amount_cents::bigint);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.add_daily_refunds(private.paris_day(new.created_at), 1, new.amount_cents::bigint);
  end if;
  return null;
end;
$$;

create trigger credit_notes_track_refunds
  after insert or delete or update of created_at, amount_cents on public.credit_notes
  for each row execute function private.track_credit_note_refunds();

-- As 20261126140100, with the credit notes' share.
create or replace function private.rebuild_daily_sales()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.daily_sales;
  delete from private.daily_product_sales;
  insert into private.daily_sales (day, orders, revenue_cents, checkouts, new_accounts, refunds, refunded_cents)
  select day, sum(orders), sum(revenue_cents), sum(checkouts), sum(new_accounts), sum(refunds), sum(refunded_cents)
  from (
    select private.paris_day(o.created_at) as day, count(*) as orders, sum(o.total_amount_cents) as revenue_cents, 0 as checkouts, 0 as new_accounts,
           0 as refunds, 0 as refunded_cents
      from public.orders o where o.status = 'completed' group by 1
    union all
    select private.paris_day(c.created_at), 0, 0, count(*), 0, 0, 0 from public.checkout_sessions c group by 1
    union all
    select private.paris_day(p.created_at), 0, 0, 0, count(*), 0, 0 from public.profiles p group by 1
    union all
    select private.paris_day(n.created_at), 0, 0, 0, 0, count(*), sum(n.amount_cents) from public.credit_notes n group by 1
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

revoke all on function private.add_daily_refunds(date, integer, bigint), private.track_credit_note_refunds(),
  private.rebuild_daily_sales()
  from public, anon, authenticated;

select private.rebuild_daily_sales();
