-- What a product's page shows below its description (spec §3): additional information (« Format »,
-- « Livraison »), the custom fields a buyer fills in, and related products. Each is read through a
-- published product; administrators write.
create table public.product_additional_info (
  id text primary key default ('info_' || replace(gen_random_uuid()::text, '-', ''))
    check (id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,254}$'),
  product_id text not null references public.products (id) on delete cascade,
  position integer not null default 0,
  title text not null check (title ~ '\S' and char_length(title) <= 200),
  -- HTML or text, as the storefront shows it.
  description text not null check (char_length(description) <= 20000)
);

comment on table public.product_additional_info is
  'A product''s additional information sections; read through a published product, written by administrators.';

create table public.product_custom_fields (
  id text primary key default ('field_' || replace(gen_random_uuid()::text, '-', ''))
    check (id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,254}$'),
  product_id text not null references public.products (id) on delete cascade,
  position integer not null default 0,
  title text not null check (title ~ '\S' and char_length(title) <= 200),
  is_required boolean not null default false
);

comment on table public.product_custom_fields is
  'The fields a buyer fills in for a product; read through a published product, written by administrators.';

create table public.related_products (
  id text primary key default ('rel_' || replace(gen_random_uuid()::text, '-', ''))
    check (id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,254}$'),
  product_id text not null references public.products (id) on delete cascade,
  section_title text not null check (section_title ~ '\S' and char_length(section_title) <= 200),
  -- What related_id names (a product, a collection): Hostinger's ids are kept as they are.
  related_type text not null check (related_type ~ '^[a-z_]{1,50}$'),
  related_id text not null check (char_length(related_id) between 1 and 255),
  position integer not null default 0
);

comment on table public.related_products is
  'Products shown beside a product, by section; read through a published product, written by administrators.';

create index product_additional_info_product_id_idx on public.product_additional_info (product_id, position);
create index product_custom_fields_product_id_idx on public.product_custom_fields (product_id, position);
create index related_products_product_id_idx on public.related_products (product_id, position);

create trigger product_additional_info_touch_product
  after insert or update or delete on public.product_additional_info
  for each row execute function private.touch_catalogue_product();
create trigger product_custom_fields_touch_product
  after insert or update or delete on public.product_custom_fields
  for each row execute function private.touch_catalogue_product();
create trigger related_products_touch_product
  after insert or update or delete on public.related_products
  for each row execute function private.touch_catalogue_product();

alter table public.product_additional_info enable row level security;
alter table public.product_custom_fields enable row level security;
alter table public.related_products enable row level security;

create policy "Visitors read the additional information of published products"
  on public.product_additional_info for select to anon
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null));
create policy "Customers read published additional info, administrators all"
  on public.product_additional_info for select to authenticated
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null)
         or (select private.is_admin()));
create policy "Administrators add additional information"
  on public.product_additional_info for insert to authenticated with check ((select private.is_admin()));
create policy "Administrators edit additional information"
  on public.product_additional_info for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Administrators delete additional information"
  on public.product_additional_info for delete to authenticated using ((select private.is_admin()));

create policy "Visitors read the custom fields of published products"
  on public.product_custom_fields for select to anon
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null));
create policy "Customers read published custom fields, administrators all"
  on public.product_custom_fields for select to authenticated
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null)
         or (select private.is_admin()));
create policy "Administrators add custom fields"
  on public.product_custom_fields for insert to authenticated with check ((select private.is_admin()));
create policy "Administrators edit custom fields"
  on public.product_custom_fields for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Administrators delete custom fields"
  on public.product_custom_fields for delete to authenticated using ((select private.is_admin()));

create policy "Visitors read the related products of published products"
  on public.related_products for select to anon
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null));
create policy "Customers read published related products, administrators all"
  on public.related_products for select to authenticated
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null)
         or (select private.is_admin()));
create policy "Administrators add related products"
  on public.related_products for insert to authenticated with check ((select private.is_admin()));
create policy "Administrators edit related products"
  on public.related_products for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Administrators delete related products"
  on public.related_products for delete to authenticated using ((select private.is_admin()));

revoke all on public.product_additional_info, public.product_custom_fields, public.related_products from anon, authenticated;
grant select on public.product_additional_info, public.product_custom_fields, public.related_products to anon, authenticated;
grant insert (id, product_id, position, title, description), update (position, title, description)
  on public.product_additional_info to authenticated;
grant insert (id, product_id, position, title, is_required), update (position, title, is_required)
  on public.product_custom_fields to authenticated;
grant insert (id, product_id, section_title, related_type, related_id, position),
      update (section_title, related_type, related_id, position)
  on public.related_products to authenticated;
grant delete on public.product_additional_info, public.product_custom_fields, public.related_products to authenticated;
grant select, insert, update, delete on public.product_additional_info, public.product_custom_fields, public.related_products
  to service_role;
