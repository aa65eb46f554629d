-- The administrator attaches, replaces and removes the file each catalogue variant delivers
-- (/admin/products). The browser only asks; the database decides:
--
-- * Each upload goes to a new object path (`products/<variant>/<upload id>/<file name>`) and a
--   variant's mapping is switched to it, so an object an order item points to is never
--   overwritten: earlier buyers keep the version they bought, later buyers get the new one. The
--   storage policies below refuse to overwrite or delete any object an order item or a variant
--   points to, whoever asks through the API.
-- * A file is attached only after its first bytes were read back from Storage and recognised
--   (PDF, audio, video, ZIP): the `attach-deliverable` edge function reads them with the service
--   role, then calls `attach_variant_file`, which only the service role may execute. A forged
--   client can upload anything to a new path, but cannot map it to a variant. The object's eTag
--   (the MD5 of its bytes) travels from that read to the mapping, and the object's row is locked
--   while it is compared: bytes replaced between the check and the mapping are refused, and once
--   mapped the object can no longer be replaced. The type the object is stored (and so served)
--   as must be the type its bytes are.
-- * Removing a file removes the mapping; the page then deletes the object, which the storage
--   policy allows only when no order item and no other variant points to it.

-- The content type the server recognised from the bytes (null for files mapped before it was
-- checked: the page then shows the type the upload declared).
alter table public.product_files
  add column content_type text check (content_type is null or content_type ~ '^(application|audio|video)/[a-z0-9.+-]{1,60}$');
create index product_files_object_path_idx on public.product_files (object_path);

-- Whether an order item or a variant points to an object of the bucket; a buyer's stamped copy
-- (`buyers/…`) always counts as in use. Definer, so the storage policies can read the orders.
create function private.deliverable_in_use(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_name like 'buyers/%'
      or exists (select 1 from public.order_items i where i.file_path = p_name)
      or exists (select 1 from public.product_files f where f.object_path = p_name);
$$;

revoke all on function private.deliverable_in_use(text) from public, anon, authenticated;
grant execute on function private.deliverable_in_use(text) to authenticated, service_role;

alter policy "Administrators replace deliverables" on storage.objects
  using (bucket_id = 'deliverables' and (select private.is_admin()) and not private.deliverable_in_use(name))
  with check (bucket_id = 'deliverables' and (select private.is_admin()) and not private.deliverable_in_use(name));

alter policy "Administrators delete deliverables" on storage.objects
  using (bucket_id = 'deliverables' and (select private.is_admin()) and not private.deliverable_in_use(name));

-- Every variant's file as the page shows it: path, kind, type, size and upload date (from the
-- object's row). Administrators only (42501 otherwise), like admin_dashboard_stats.
create function public.admin_variant_files()
returns table (
  variant_id text,
  object_path text,
  file_type text,
  content_type text,
  size_bytes bigint,
  uploaded_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'admin_variant_files is reserved to administrators' using errcode = '42501';
  end if;
  return query
  select f.variant_id, f.object_path, f.file_type,
         coalesce(f.content_type, o.metadata->>'mimetype'),
         (o.metadata->>'size')::bigint,
         o.created_at
    from public.product_files f
    left join storage.objects o on o.bucket_id = 'deliverables' and o.name = f.object_path
   order by f.variant_id;
end;
$$;

revoke all on function public.admin_variant_files() from public, anon;
grant execute on function public.admin_variant_files() to authenticated;

-- Maps a checked object to a variant, for the `attach-deliverable` edge function only (service
-- role): it passes the administrator who asked, what the bytes were recognised as, and the eTag
-- it read them under. Returns the variant's previous object and whether anything still points to
-- it (when nothing does, the page deletes it).
create function public.attach_variant_file(
  p_admin_id uuid,
  p_variant_id text,
  p_object_path text,
  p_file_type text,
  p_content_type text,
  p_etag text
)
returns table (previous_path text, previous_in_use boolean)
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored_type text;
  previous text;
begin
  if not exists (select 1 from public.profiles p where p.id = p_admin_id and p.role = 'admin') then
    raise exception 'attach_variant_file: % is not an administrator', p_admin_id using errcode = '42501';
  end if;
  if p_object_path not like 'products/%' then
    raise exception 'attach_variant_file: % is not a product file', p_object_path using errcode = '22023';
  end if;
  -- The row is locked until the mapping commits: an upload replacing the bytes waits, then finds
  -- the object mapped and is refused by the storage policy.
  select o.metadata->>'mimetype' into stored_type from storage.objects o
   where o.bucket_id = 'deliverables' and o.name = p_object_path and o.metadata->>'eTag' = p_etag
     for update;
  if not found then
    raise exception 'attach_variant_file: % is missing or changed since it was checked', p_object_path using errcode = 'P0002';
  end if;
  -- Delivered with the type it was stored as: that must be what its bytes are.
  if stored_type is distinct from p_content_type then
    raise exception 'attach_variant_file: % is stored as %, but its bytes are %', p_object_path, stored_type, p_content_type using errcode = '22023';
  end if;

  select f.object_path into previous from public.product_files f where f.variant_id = p_variant_id for update;
  insert into public.product_files (variant_id, object_path, file_type, content_type)
  values (p_variant_id, p_object_path, p_file_type, p_content_type)
  on conflict (variant_id) do update
    set object_path = excluded.object_path, file_type = excluded.file_type, content_type = excluded.content_type;

  -- A sale that read the old mapping just before may still be writing its items: wait for it, so
  -- the previous file is never reported unused (and deleted) while a new item points to it.
  lock table public.order_items in share mode;
  return query select previous, previous is not null and private.deliverable_in_use(previous);
end;
$$;

revoke all on function public.attach_variant_file(uuid, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.attach_variant_file(uuid, text, text, text, text, text) to service_role;

-- Removes a variant's file: the mapping goes at once; the object it named is returned when
-- nothing points to it any more (the page deletes it; the storage policy would refuse otherwise).
create function public.admin_remove_variant_file(p_variant_id text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed text;
begin
  if not (select private.is_admin()) then
    raise exception 'admin_remove_variant_file is reserved to administrators' using errcode = '42501';
  end if;
  delete from public.product_files f where f.variant_id = p_variant_id returning f.object_path into removed;
  -- As in attach_variant_file: sales still writing items with the old mapping finish first.
  lock table public.order_items in share mode;
  if removed is null or private.deliverable_in_use(removed) then
    return null;
  end if;
  return removed;
end;
$$;

revoke all on function public.admin_remove_variant_file(text) from public, anon;
grant execute on function public.admin_remove_variant_file(text) to authenticated;
