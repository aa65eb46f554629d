-- The shop catalogue's product images live in the public Storage bucket `product-images`, each in
-- two sizes the administrator's browser made from the chosen photo (docs/catalogue-images.md):
--   <product id>/<image uuid>/gallery-<width>x<height>.<webp|jpg>   the product page's; its public URL is the row's `url`
--   <product id>/<image uuid>/grid.<webp|jpg>                        the product cards', beside it
-- Anyone reads an object through its public URL, which Storage serves without asking RLS for a
-- public bucket; listing the bucket and writing in it are the administrators' alone. Only those
-- names, those two types and objects up to 2 MB are accepted (the originals never leave the browser).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('product-images', 'product-images', true, 2097152, array['image/webp', 'image/jpeg'])
on conflict (id) do update
  set public = true, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

-- The naming above, which the storefront reads the sizes from (web/src/lib/stored-image.ts).
create function private.is_product_image_name(p_name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_name ~ '^[A-Za-z0-9_-]{1,100}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/(gallery-[1-9][0-9]{0,4}x[1-9][0-9]{0,4}|grid)\.(webp|jpg)$';
$$;

revoke all on function private.is_product_image_name(text) from public, anon;
grant execute on function private.is_product_image_name(text) to authenticated;

-- Listing (and so removing or replacing, which Storage does through a select): administrators.
create policy "Administrators list product images"
  on storage.objects for select to authenticated
  using (bucket_id = 'product-images' and (select private.is_admin()));

create policy "Administrators upload product images"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'product-images' and (select private.is_admin()) and private.is_product_image_name(name));

create policy "Administrators replace product images"
  on storage.objects for update to authenticated
  using (bucket_id = 'product-images' and (select private.is_admin()))
  with check (bucket_id = 'product-images' and (select private.is_admin()) and private.is_product_image_name(name));

create policy "Administrators delete product images"
  on storage.objects for delete to authenticated
  using (bucket_id = 'product-images' and (select private.is_admin()));
