-- A product's images, in their order, with their alternative text (spec §3: url, order, type).
-- The first is the product's thumbnail; the storefront's list answers them as `images`, the single
-- product as `media`. Read through a published product; administrators write.
create table public.product_images (
  id uuid primary key default gen_random_uuid(),
  product_id text not null references public.products (id) on delete cascade,
  url text not null check (url ~ '^https?://' and char_length(url) <= 2048),
  position integer not null default 0,
  type text not null default 'image' check (type ~ '^[a-z_]{1,50}$'),
  alt_text text check (alt_text is null or char_length(alt_text) <= 500)
);

comment on table public.product_images is
  'A product''s images in order, the first its thumbnail; read through a published product, written by administrators.';

create index product_images_product_id_idx on public.product_images (product_id, position);

create trigger product_images_touch_product
  after insert or update or delete on public.product_images
  for each row execute function private.touch_catalogue_product();

alter table public.product_images enable row level security;

create policy "Visitors read the images of published products"
  on public.product_images for select to anon
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null));
create policy "Customers read published images, administrators all"
  on public.product_images for select to authenticated
  using (exists (select 1 from public.products p where p.id = product_id and p.status = 'published' and p.deleted_at is null)
         or (select private.is_admin()));
create policy "Administrators add images"
  on public.product_images for insert to authenticated with check ((select private.is_admin()));
create policy "Administrators edit images"
  on public.product_images for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Administrators delete images"
  on public.product_images for delete to authenticated using ((select private.is_admin()));

revoke all on public.product_images from anon, authenticated;
grant select on public.product_images to anon, authenticated;
grant insert (product_id, url, position, type, alt_text), update (url, position, type, alt_text) on public.product_images to authenticated;
grant delete on public.product_images to authenticated;
grant select, insert, update, delete on public.product_images to service_role;
