-- The shop's own catalogue: products, with the fields of the commerce service's product (spec §3)
-- so that the storefront reads them in the shape it knows (storefront_catalogue_read). Ids are text:
-- a product imported from Hostinger keeps its `prod_…` id, a new one gets `prod_` and 32 hex digits.
-- A product is a draft until published; it is removed by `deleted_at` (soft deletion), so that what
-- was sold keeps its page's history. Visitors and customers read published, not deleted products;
-- administrators read everything and write through column grants.
create table public.products (
  id text primary key default ('prod_' || replace(gen_random_uuid()::text, '-', ''))
    check (id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,254}$'),
  title text not null check (title ~ '\S' and char_length(title) <= 500),
  subtitle text check (subtitle is null or char_length(subtitle) <= 500),
  ribbon_text text check (ribbon_text is null or char_length(ribbon_text) <= 100),
  -- HTML, as the storefront shows it; the admin editor sanitises it on the way in and out.
  description text check (description is null or char_length(description) <= 100000),
  -- The storefront's `order`: its place in the catalogue.
  position integer not null default 0,
  -- Which variant's price the product shows (spec §3): the lowest, or the first one.
  site_product_selection text default 'lowest_price_first'
    check (site_product_selection in ('lowest_price_first', 'first_variant')),
  purchasable boolean not null default true,
  type text not null default 'digital' check (type ~ '^[a-z_]{1,50}$'),
  currency text not null default 'eur' check (currency ~ '^[a-z]{3}$'),
  metadata jsonb not null default '{}'::jsonb check (jsonb_typeof(metadata) = 'object'),
  status text not null default 'draft' check (status in ('draft', 'published')),
  created_at timestamptz not null default now(),
  -- Moved by every change of the product or of what its page shows (not by stock taken).
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);

comment on table public.products is
  'The shop''s own catalogue (spec §3): anon and customers read published, not deleted products; administrators write.';

-- The storefront's list reads published products in each order it offers, by these indexes alone
-- (ties in the catalogue's order: storefront_catalogue_read).
create index products_storefront_position_idx on public.products (position, id)
  where status = 'published' and deleted_at is null;
create index products_storefront_created_at_idx on public.products (created_at, position, id)
  where status = 'published' and deleted_at is null;
create index products_storefront_updated_at_idx on public.products (updated_at, position, id)
  where status = 'published' and deleted_at is null;
create index products_storefront_title_idx on public.products ((title collate "C"), position, id)
  where status = 'published' and deleted_at is null;

-- The product's `updated_at` moves with its own changes and with those of the rows its page
-- shows (the sitemap's lastmod, the pre-rendered pages); child tables call it with their product.
create function private.touch_catalogue_product()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'products' then
    -- The service role may carry a date over (an import keeps the store's); nobody else may set it.
    if new.updated_at is not distinct from old.updated_at then
      new.updated_at := pg_catalog.now();
    end if;
    return new;
  end if;
  if tg_op <> 'DELETE' then
    update public.products p set updated_at = pg_catalog.now() where p.id = pg_catalog.to_jsonb(new) ->> 'product_id';
  end if;
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (pg_catalog.to_jsonb(old) ->> 'product_id') <> (pg_catalog.to_jsonb(new) ->> 'product_id')) then
    update public.products p set updated_at = pg_catalog.now() where p.id = pg_catalog.to_jsonb(old) ->> 'product_id';
  end if;
  return null;
end;
$$;

revoke all on function private.touch_catalogue_product() from public, anon, authenticated;

create trigger products_touch
  before update on public.products
  for each row execute function private.touch_catalogue_product();

alter table public.products enable row level security;

create policy "Visitors read published products"
  on public.products for select to anon
  using (status = 'published' and deleted_at is null);

create policy "Customers read published products, administrators all"
  on public.products for select to authenticated
  using ((status = 'published' and deleted_at is null) or (select private.is_admin()));

create policy "Administrators add products"
  on public.products for insert to authenticated
  with check ((select private.is_admin()));

create policy "Administrators edit products"
  on public.products for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Administrators delete products"
  on public.products for delete to authenticated
  using ((select private.is_admin()));

revoke all on public.products from anon, authenticated;
grant select on public.products to anon, authenticated;
grant insert (id, title, subtitle, ribbon_text, description, position, site_product_selection, purchasable, type, currency,
              metadata, status, deleted_at)
  on public.products to authenticated;
grant update (title, subtitle, ribbon_text, description, position, site_product_selection, purchasable, type, currency,
              metadata, status, deleted_at)
  on public.products to authenticated;
-- A product whose variants were sold cannot go (catalogue_variants refuses their deletion): it is
-- soft-deleted instead.
grant delete on public.products to authenticated;
grant select, insert, update, delete on public.products to service_role;
