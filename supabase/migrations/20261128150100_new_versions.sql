-- New versions reach buyers (issue #28). Until now a replaced file reached only later buyers;
-- now, when the administrator replaces a variant's file (attach_variant_file), every earlier
-- buyer's item of that variant points to the new file too, and each of those buyers gets a
-- marker, « Nouvelle version » in their library, until they open or download the item
-- (issue_download_link clears it). Their stamped PDF copy is forgotten (stamped_path = null), so
-- issue-download stamps the new version for them on their next download or reading.
create table public.new_versions (
  user_id uuid not null references auth.users (id) on delete cascade,
  variant_id text not null check (char_length(variant_id) between 1 and 255),
  replaced_at timestamptz not null default now(),
  primary key (user_id, variant_id)
);

alter table public.new_versions enable row level security;

create policy "Buyers see which of their items have a new version"
  on public.new_versions for select to authenticated
  using (user_id = (select auth.uid()));

revoke all on public.new_versions from anon, authenticated;
grant select on public.new_versions to authenticated;
grant select, insert, update, delete on public.new_versions to service_role;

create or replace function public.attach_variant_file(
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
  -- its item moves to the new version with the others.
  lock table public.order_items in share mode;

  -- Every buyer of the variant now receives the new version, and is told so.
  with moved as (
    update public.order_items i
       set file_path = p_object_path, file_type = p_file_type, stamped_path = null
     where i.variant_id = p_variant_id and i.file_path is not null and i.file_path <> p_object_path
    returning i.order_id
  )
  insert into public.new_versions (user_id, variant_id, replaced_at)
  select distinct o.user_id, p_variant_id, now()
    from moved join public.orders o on o.id = moved.order_id
   where o.user_id is not null and o.status = 'completed'
  on conflict (user_id, variant_id) do update set replaced_at = excluded.replaced_at;

  return query select previous, previous is not null and private.deliverable_in_use(previous);
end;
$$;
