-- orders and order_items: written only by the record-order function (service role) after the
-- commerce service confirmed payment; customers read their own, administrators read all.
create table public.orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  total_amount_cents integer not null check (total_amount_cents >= 0),
  currency text not null default 'eur' check (currency ~ '^[a-z]{3}$'),
  status text not null default 'completed' check (status in ('pending', 'completed', 'refunded', 'canceled')),
  -- One order per checkout session, however many record-order calls race.
  checkout_session_id text not null unique check (char_length(checkout_session_id) between 1 and 255)
);

create index orders_user_id_created_at_idx on public.orders (user_id, created_at desc);
create index orders_created_at_idx on public.orders (created_at);

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  variant_id text not null check (char_length(variant_id) between 1 and 255),
  product_title text not null check (char_length(product_title) between 1 and 500),
  variant_title text check (variant_title is null or char_length(variant_title) <= 500),
  image_url text check (image_url is null or char_length(image_url) <= 2048),
  quantity integer not null check (quantity >= 1),
  price_per_item_cents integer not null check (price_per_item_cents >= 0),
  -- Non-null means a digital product, downloadable from the library.
  digital_file_url text check (digital_file_url is null or char_length(digital_file_url) <= 2048),
  file_type text check (file_type in ('pdf', 'video', 'audio', 'other'))
);

create index order_items_order_id_idx on public.order_items (order_id);
create index order_items_digital_order_id_idx on public.order_items (order_id) where digital_file_url is not null;

alter table public.orders enable row level security;
alter table public.order_items enable row level security;

create policy "Customers can view their own orders"
  on public.orders for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Administrators can view every order"
  on public.orders for select to authenticated
  using ((select private.is_admin()));

-- The customer's order ids are computed once per query (a hashed subplan), not once per item.
create policy "Customers can view the items of their own orders"
  on public.order_items for select to authenticated
  using (order_id in (
    select orders.id from public.orders where orders.user_id = (select auth.uid())
  ));

create policy "Administrators can view every order item"
  on public.order_items for select to authenticated
  using ((select private.is_admin()));

revoke all on public.orders, public.order_items from anon, authenticated;
grant select on public.orders, public.order_items to authenticated;
grant select, insert, update, delete on public.orders, public.order_items to service_role;
