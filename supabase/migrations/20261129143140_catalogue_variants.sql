-- Variants of the catalogue's products: what a buyer puts in the cart and pays for. Their ids are
-- the ones order_items.variant_id, product_files.variant_id and checkout_sessions.items name: a
-- variant imported from Hostinger keeps its `var_…` id, so past orders still resolve; a new one
-- gets `var_` and 32 hex digits.
--
-- A variant some order item names was sold: deleting it (or renaming its id) is refused, by a
-- trigger rather than a foreign key, because order_items also name Hostinger's variants that are
-- not in this table. It is retired instead (`retired_at`): gone from the storefront, kept for the
-- orders, invoices and library that name it.
--
-- Prices are in cents, in the product's currency; the sale price is null when there is none.
-- Stock counts only when `manage_inventory`; it is taken when a payment is recorded
-- (stock_taken_at_payment) and never goes below zero.
create table public.product_variants (
  id text primary key default ('var_' || replace(gen_random_uuid()::text, '-', ''))
    check (id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,254}$'),
  product_id text not null references public.products (id) on delete cascade,
  title text not null check (title ~ '\S' and char_length(title) <= 500),
  sku text check (sku is null or char_length(sku) between 1 and 100),
  image_url text check (image_url is null or (image_url ~ '^https?://' and char_length(image_url) <= 2048)),
  price_in_cents integer not null check (price_in_cents >= 0),
  sale_price_in_cents integer check (sale_price_in_cents is null or sale_price_in_cents >= 0),
  manage_inventory boolean not null default false,
  inventory_quantity integer check (inventory_quantity is null or inventory_quantity >= 0),
  weight numeric(12, 3) check (weight is null or weight >= 0),
  position integer not null default 0,
  retired_at timestamptz,
  created_at timestamptz not null default now(),
  -- A variant that manages its stock has a figure to take it from.
  constraint product_variants_managed_stock_check check (not manage_inventory or inventory_quantity is not null),
  -- The option values' composite keys: a value names an option and a variant of one product.
  constraint product_variants_id_product_id_key unique (id, product_id)
);

comment on table public.product_variants is
  'Variants of the catalogue''s products, priced in cents; retired, never deleted, once sold. Read through a published product.';

create index product_variants_product_id_idx on public.product_variants (product_id, position);

-- The sold-variant check and the library look items up by variant.
create index order_items_variant_id_idx on public.order_items (variant_id);

create function private.refuse_sold_variant_removal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- `update of id` fires whenever the statement sets the id, as an upsert does with the same one.
  if tg_op = 'UPDATE' and new.id = old.id then
    return new;
  end if;
  if exists (select 1 from public.order_items i where i.variant_id = old.id) then
    raise exception 'variant % was sold: retire it (retired_at) rather than delete it', old.id
      using errcode = '23503', hint = 'Past orders, invoices and the library name it.';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

revoke all on function private.refuse_sold_variant_removal() from public, anon, authenticated;

create trigger product_variants_keep_sold
  before delete or update of id on public.product_variants
  for each row execute function private.refuse_sold_variant_removal();

-- Stock taken at payment does not move the product's updated_at: its page did not change.
create trigger product_variants_touch_product
  after insert or delete or update of product_id, title, sku, image_url, price_in_cents, sale_price_in_cents,
    manage_inventory, weight, position, retired_at
  on public.product_variants
  for each row execute function private.touch_catalogue_product();

alter table public.product_variants enable row level security;

create policy "Visitors read the variants of published products"
  on public.product_variants for select to anon
  using (retired_at is null and exists (
    select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null));

create policy "Customers read published variants, administrators all"
  on public.product_variants for select to authenticated
  using ((retired_at is null and exists (
           select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null))
         or (select private.is_admin()));

create policy "Administrators add variants"
  on public.product_variants for insert to authenticated
  with check ((select private.is_admin()));

create policy "Administrators edit variants"
  on public.product_variants for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Administrators delete unsold variants"
  on public.product_variants for delete to authenticated
  using ((select private.is_admin()));

revoke all on public.product_variants from anon, authenticated;
grant select on public.product_variants to anon, authenticated;
grant insert (id, product_id, title, sku, image_url, price_in_cents, sale_price_in_cents, manage_inventory, inventory_quantity,
              weight, position, retired_at)
  on public.product_variants to authenticated;
grant update (title, sku, image_url, price_in_cents, sale_price_in_cents, manage_inventory, inventory_quantity, weight,
              position, retired_at)
  on public.product_variants to authenticated;
grant delete on public.product_variants to authenticated;
grant select, insert, update, delete on public.product_variants to service_role;
