-- Collections (« Enseignements », « Méditations », « Rituels ») and the products each holds, in
-- order (spec §3: collection link product_id, collection_id, order). A collection's name is public;
-- its links are read through a published product. Administrators write.
create table public.collections (
  id text primary key default ('col_' || replace(gen_random_uuid()::text, '-', ''))
    check (id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,254}$'),
  title text not null check (title ~ '\S' and char_length(title) <= 200),
  position integer not null default 0
);

comment on table public.collections is 'The catalogue''s collections; everyone reads them, administrators write.';

create table public.product_collections (
  product_id text not null references public.products (id) on delete cascade,
  collection_id text not null references public.collections (id) on delete cascade,
  -- The product's place in the collection.
  position integer not null default 0,
  primary key (product_id, collection_id)
);

comment on table public.product_collections is
  'Which collections hold a product, and where; read through a published product, written by administrators.';

create index product_collections_collection_id_idx on public.product_collections (collection_id, position);

create trigger product_collections_touch_product
  after insert or update or delete on public.product_collections
  for each row execute function private.touch_catalogue_product();

alter table public.collections enable row level security;
alter table public.product_collections enable row level security;

create policy "Visitors read the collections"
  on public.collections for select to anon using (true);
create policy "Signed-in users read the collections"
  on public.collections for select to authenticated using (true);
create policy "Administrators add collections"
  on public.collections for insert to authenticated with check ((select private.is_admin()));
create policy "Administrators edit collections"
  on public.collections for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Administrators delete collections"
  on public.collections for delete to authenticated using ((select private.is_admin()));

create policy "Visitors read the collections of published products"
  on public.product_collections for select to anon
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null));
create policy "Customers read published collection links, administrators all"
  on public.product_collections for select to authenticated
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null)
         or (select private.is_admin()));
create policy "Administrators add products to collections"
  on public.product_collections for insert to authenticated with check ((select private.is_admin()));
create policy "Administrators reorder collections"
  on public.product_collections for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Administrators take products out of collections"
  on public.product_collections for delete to authenticated using ((select private.is_admin()));

revoke all on public.collections, public.product_collections from anon, authenticated;
grant select on public.collections, public.product_collections to anon, authenticated;
grant insert (id, title, position), update (title, position) on public.collections to authenticated;
grant insert (product_id, collection_id, position), update (position) on public.product_collections to authenticated;
grant delete on public.collections, public.product_collections to authenticated;
grant select, insert, update, delete on public.collections, public.product_collections to service_role;
