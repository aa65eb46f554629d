-- Options of a product (« Édition », « Durée ») and the value each variant takes for each option
-- (spec §3: values carry id, option_id, variant_id, value). A value names an option and a variant
-- of the same product: composite foreign keys on (id, product_id) make it so. Read through a
-- published product; administrators write.
create table public.product_options (
  id text primary key default ('opt_' || replace(gen_random_uuid()::text, '-', ''))
    check (id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,254}$'),
  product_id text not null references public.products (id) on delete cascade,
  title text not null check (title ~ '\S' and char_length(title) <= 200),
  position integer not null default 0,
  constraint product_options_id_product_id_key unique (id, product_id)
);

comment on table public.product_options is
  'A product''s options (spec §3); read through a published product, written by administrators.';

create index product_options_product_id_idx on public.product_options (product_id, position);

create table public.product_option_values (
  id text primary key default ('val_' || replace(gen_random_uuid()::text, '-', ''))
    check (id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,254}$'),
  product_id text not null references public.products (id) on delete cascade,
  option_id text not null,
  variant_id text not null,
  value text not null check (value ~ '\S' and char_length(value) <= 200),
  constraint product_option_values_option_fkey foreign key (option_id, product_id)
    references public.product_options (id, product_id) on delete cascade,
  constraint product_option_values_variant_fkey foreign key (variant_id, product_id)
    references public.product_variants (id, product_id) on delete cascade,
  -- A variant takes one value per option.
  constraint product_option_values_option_variant_key unique (option_id, variant_id)
);

comment on table public.product_option_values is
  'The value each variant takes for each option of its product; read through a published product, written by administrators.';

create index product_option_values_product_id_idx on public.product_option_values (product_id);
create index product_option_values_option_id_product_id_idx on public.product_option_values (option_id, product_id);
create index product_option_values_variant_id_product_id_idx on public.product_option_values (variant_id, product_id);

create trigger product_options_touch_product
  after insert or update or delete on public.product_options
  for each row execute function private.touch_catalogue_product();
create trigger product_option_values_touch_product
  after insert or update or delete on public.product_option_values
  for each row execute function private.touch_catalogue_product();

alter table public.product_options enable row level security;
alter table public.product_option_values enable row level security;

create policy "Visitors read the options of published products"
  on public.product_options for select to anon
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null));
create policy "Customers read published options, administrators all"
  on public.product_options for select to authenticated
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null)
         or (select private.is_admin()));
create policy "Administrators add options"
  on public.product_options for insert to authenticated with check ((select private.is_admin()));
create policy "Administrators edit options"
  on public.product_options for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Administrators delete options"
  on public.product_options for delete to authenticated using ((select private.is_admin()));

-- A retired variant's values go with it from the storefront.
create policy "Visitors read the option values of published products"
  on public.product_option_values for select to anon
  using (exists (select 1 from public.product_variants v where v.id = variant_id and v.retired_at is null)
         and exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null));
create policy "Customers read published option values, administrators all"
  on public.product_option_values for select to authenticated
  using ((exists (select 1 from public.product_variants v where v.id = variant_id and v.retired_at is null)
          and exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null))
         or (select private.is_admin()));
create policy "Administrators add option values"
  on public.product_option_values for insert to authenticated with check ((select private.is_admin()));
create policy "Administrators edit option values"
  on public.product_option_values for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Administrators delete option values"
  on public.product_option_values for delete to authenticated using ((select private.is_admin()));

revoke all on public.product_options, public.product_option_values from anon, authenticated;
grant select on public.product_options, public.product_option_values to anon, authenticated;
grant insert (id, product_id, title, position), update (title, position) on public.product_options to authenticated;
grant insert (id, product_id, option_id, variant_id, value), update (value) on public.product_option_values to authenticated;
grant delete on public.product_options, public.product_option_values to authenticated;
grant select, insert, update, delete on public.product_options, public.product_option_values to service_role;
