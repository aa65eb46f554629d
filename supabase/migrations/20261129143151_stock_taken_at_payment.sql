-- Stock is taken when a payment is recorded, in the same transaction: record_order() inserts the
-- order's items, and the trigger below takes each item's quantity from its variant when the
-- variant manages its inventory (`manage_inventory`). Items naming a variant this catalogue does
-- not hold (Hostinger's) take nothing. Refunds give nothing back: what was delivered was delivered.
--
-- Two payments for the last unit. create-checkout checks the stock when it prices a cart, but two
-- buyers may both pay for the last unit before either payment is recorded. By then the money is
-- taken: refusing the second order would lose a paid order (and the buyer's access), so the order
-- is recorded anyway. The stock never goes below zero: each item takes what is left, down to 0.
-- The variants' rows are locked in id order before any is changed, so concurrent payments
-- serialise on them (and two carts naming the same variants in another order cannot deadlock), and
-- the one that comes second sees what the first left. What an item could not take is filed in
-- `stock_shortfalls`, one row per order item short, for the administrators, who decide: deliver
-- anyway (a digital product), or refund.
--
-- A new trigger on order_items rather than a change to record_order() or record_paid_order(),
-- which migrations dated after this one redefine.
create table public.stock_shortfalls (
  order_item_id uuid primary key references public.order_items (id) on delete cascade,
  order_id uuid not null references public.orders (id) on delete cascade,
  variant_id text not null check (char_length(variant_id) between 1 and 255),
  -- The item's quantity, and what was left of the variant's stock for it.
  wanted integer not null check (wanted >= 1),
  taken integer not null check (taken >= 0 and taken < wanted),
  detected_at timestamptz not null default now()
);

comment on table public.stock_shortfalls is
  'Paid order items the stock could not cover (two payments for the last unit); administrators read them. Written by a trigger only.';

create index stock_shortfalls_order_id_idx on public.stock_shortfalls (order_id);
create index stock_shortfalls_detected_at_idx on public.stock_shortfalls (detected_at desc);

alter table public.stock_shortfalls enable row level security;

create policy "Administrators read the stock shortfalls"
  on public.stock_shortfalls for select to authenticated
  using ((select private.is_admin()));

revoke all on public.stock_shortfalls from anon, authenticated;
grant select on public.stock_shortfalls to authenticated;
grant select on public.stock_shortfalls to service_role;

create function private.take_stock_of_paid_items()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  line record;
  left_in_stock integer;
  taken integer;
begin
  -- The transaction is marked while the stock is taken: a sale is not a catalogue edit, which the
  -- audit (catalogue_changes) leaves out by this mark.
  perform pg_catalog.set_config('catalogue.taking_stock', 'on', true);
  -- Every managed variant the new items name, locked in id order before any is changed.
  perform 1
     from public.product_variants v
    where v.manage_inventory and v.id in (select i.variant_id from new_items i)
    order by v.id
      for update of v;

  for line in
    select i.id, i.order_id, i.variant_id, i.quantity
      from new_items i
      join public.product_variants v on v.id = i.variant_id and v.manage_inventory
     order by i.variant_id, i.id
  loop
    select v.inventory_quantity into left_in_stock from public.product_variants v where v.id = line.variant_id;
    taken := least(left_in_stock, line.quantity);
    update public.product_variants v set inventory_quantity = left_in_stock - taken where v.id = line.variant_id;
    if taken < line.quantity then
      insert into public.stock_shortfalls (order_item_id, order_id, variant_id, wanted, taken)
      values (line.id, line.order_id, line.variant_id, line.quantity, taken);
    end if;
  end loop;
  perform pg_catalog.set_config('catalogue.taking_stock', '', true);
  return null;
end;
$$;

revoke all on function private.take_stock_of_paid_items() from public, anon, authenticated;

create trigger order_items_take_stock
  after insert on public.order_items
  referencing new table as new_items
  for each statement execute function private.take_stock_of_paid_items();
