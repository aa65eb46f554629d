-- « Lecture en ligne uniquement » (issue #28): a file the administrator marks so is read or
-- listened to in the library's viewer only. The library offers no 'Télécharger' for it, and
-- issue_download_link, which every link passes through, refuses an attachment link for it; the
-- viewer's inline link is still issued. What this does not prevent (an inline link is a URL to
-- the same bytes) is said in the README.
alter table public.product_files add column online_only boolean not null default false;

-- The administrator's switch, per variant file. Administrators only (42501); P0002 when the
-- variant has no file.
create function public.admin_set_variant_file_online_only(p_variant_id text, p_online_only boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'admin_set_variant_file_online_only is reserved to administrators' using errcode = '42501';
  end if;
  update public.product_files f set online_only = coalesce(p_online_only, false) where f.variant_id = p_variant_id;
  if not found then
    raise exception 'admin_set_variant_file_online_only: variant % has no file', p_variant_id using errcode = 'P0002';
  end if;
end;
$$;

revoke all on function public.admin_set_variant_file_online_only(text, boolean) from public, anon;
grant execute on function public.admin_set_variant_file_online_only(text, boolean) to authenticated;

-- The products page's list, with the switch.
drop function public.admin_variant_files();
create function public.admin_variant_files()
returns table (
  variant_id text,
  object_path text,
  file_type text,
  content_type text,
  size_bytes bigint,
  uploaded_at timestamptz,
  online_only boolean
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
         o.created_at,
         f.online_only
    from public.product_files f
    left join storage.objects o on o.bucket_id = 'deliverables' and o.name = f.object_path
   order by f.variant_id;
end;
$$;

revoke all on function public.admin_variant_files() from public, anon;
grant execute on function public.admin_variant_files() to authenticated;

-- A link now says what it is for: 'attachment' (a download, refused with PT403 for a file read
-- online only) or 'inline' (the viewer). Asking for a link opens the item, so the buyer's
-- « Nouvelle version » marker of its variant goes.
drop function public.issue_download_link(uuid);
create function public.issue_download_link(p_order_item_id uuid, p_disposition text default 'attachment')
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  item record;
  path text;
  per_day integer;
begin
  if p_disposition is null or p_disposition not in ('attachment', 'inline') then
    raise exception 'issue_download_link: unknown disposition %', p_disposition using errcode = '22023';
  end if;
  select i.variant_id, i.file_type, i.file_path, i.stamped_path,
         coalesce((select f.online_only from public.product_files f where f.variant_id = i.variant_id), false) as online_only
    into item
    from public.order_items i
    join public.orders o on o.id = i.order_id
   where i.id = p_order_item_id and o.user_id = caller and o.status = 'completed' and i.file_path is not null;
  if not found then
    raise exception 'Fichier non disponible' using errcode = 'PT404', detail = 'Le lien de téléchargement est manquant.';
  end if;
  if p_disposition = 'attachment' and item.online_only then
    raise exception 'Téléchargement non proposé' using errcode = 'PT403',
      detail = 'Ce fichier se lit en ligne uniquement : ouvrez-le avec « Voir » dans votre bibliothèque.';
  end if;
  path := private.delivered_path(item.file_type, item.file_path, item.stamped_path);
  if path is null then
    raise exception 'Fichier en préparation' using errcode = 'PT409',
      detail = 'Votre exemplaire personnel est en cours de préparation. Réessayez dans un instant.';
  end if;

  perform pg_advisory_xact_lock(hashtextextended(caller::text || '/' || p_order_item_id::text, 0));
  select s.links_per_item_per_day into per_day from private.delivery_settings s;
  if (select count(*) from public.download_links l
       where l.user_id = caller and l.order_item_id = p_order_item_id and l.created_at > now() - interval '24 hours') >= per_day then
    raise exception 'Limite de téléchargements atteinte' using errcode = 'PT429',
      detail = format('Vous avez demandé %s liens pour ce fichier en 24 heures. Réessayez plus tard.', per_day);
  end if;

  insert into public.download_links (user_id, order_item_id, object_path) values (caller, p_order_item_id, path);
  delete from public.new_versions v where v.user_id = caller and v.variant_id = item.variant_id;
  return path;
end;
$$;

revoke all on function public.issue_download_link(uuid, text) from public, anon, authenticated;
grant execute on function public.issue_download_link(uuid, text) to authenticated;

-- The caller's library: each item with a file of their orders, with what the library shows beside
-- it (read online only; a new version not yet opened). Definer, because the file settings are
-- the administrators' table; only the caller's own items are returned.
create function public.my_library()
returns table (
  order_item_id uuid,
  variant_id text,
  product_title text,
  variant_title text,
  image_url text,
  file_type text,
  purchased_at timestamptz,
  online_only boolean,
  new_version boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.variant_id, i.product_title, i.variant_title, i.image_url, i.file_type, o.created_at,
         coalesce(f.online_only, false),
         exists (select 1 from public.new_versions v where v.user_id = o.user_id and v.variant_id = i.variant_id)
    from public.order_items i
    join public.orders o on o.id = i.order_id
    left join public.product_files f on f.variant_id = i.variant_id
   where o.user_id = (select auth.uid()) and i.file_path is not null
   order by o.created_at desc;
$$;

revoke all on function public.my_library() from public, anon, authenticated;
grant execute on function public.my_library() to authenticated;
