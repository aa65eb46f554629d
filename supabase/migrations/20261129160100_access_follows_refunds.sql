-- Access follows the money (issue #29): a refunded line, or a line of an order under an open
-- dispute, gets no new link (issue_download_link: PT410 « Contenu remboursé », PT423 « Accès
-- suspendu »), and a link already issued stops opening its object at once
-- (private.may_read_deliverable), not only at its short expiry. The library lists such items with
-- why, for the buyer to read (« Ce contenu a été remboursé le … », « Accès suspendu : un litige
-- est en cours »).

create or replace function private.may_read_deliverable(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.download_links l
      join public.order_items i on i.id = l.order_item_id
      join public.orders o on o.id = i.order_id
     where l.user_id = (select auth.uid())
       and l.object_path = p_name
       and l.created_at > now() - make_interval(secs => (select s.signing_window_seconds from private.delivery_settings s))
       and private.delivered_path(i.file_type, i.file_path, i.stamped_path) = p_name
       and o.user_id = l.user_id
       and private.line_gives_access(o.status, i.refunded_at, o.dispute_status)
  );
$$;

create or replace function public.issue_download_link(p_order_item_id uuid, p_disposition text default 'attachment')
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
  select i.variant_id, i.file_type, i.file_path, i.stamped_path, i.refunded_at, o.dispute_status,
         coalesce((select f.online_only from public.product_files f where f.variant_id = i.variant_id), false) as online_only
    into item
    from public.order_items i
    join public.orders o on o.id = i.order_id
   where i.id = p_order_item_id and o.user_id = caller and o.status = 'completed' and i.file_path is not null;
  if not found then
    raise exception 'Fichier non disponible' using errcode = 'PT404', detail = 'Le lien de téléchargement est manquant.';
  end if;
  if item.refunded_at is not null then
    raise exception 'Contenu remboursé' using errcode = 'PT410',
      detail = format('Ce contenu a été remboursé le %s.', to_char(item.refunded_at at time zone 'Europe/Paris', 'DD/MM/YYYY'));
  end if;
  if item.dispute_status = 'open' then
    raise exception 'Accès suspendu' using errcode = 'PT423', detail = 'Accès suspendu : un litige est en cours.';
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

-- The library keeps a refunded or suspended item, saying why (refunded_at, access_suspended).
drop function public.my_library();
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
  new_version boolean,
  refunded_at timestamptz,
  access_suspended boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.variant_id, i.product_title, i.variant_title, i.image_url, i.file_type, o.created_at,
         coalesce(f.online_only, false),
         exists (select 1 from public.new_versions v where v.user_id = o.user_id and v.variant_id = i.variant_id),
         i.refunded_at,
         i.refunded_at is null and o.dispute_status = 'open'
    from public.order_items i
    join public.orders o on o.id = i.order_id
    left join public.product_files f on f.variant_id = i.variant_id
   where o.user_id = (select auth.uid()) and i.file_path is not null
   order by o.created_at desc;
$$;

revoke all on function public.my_library() from public, anon, authenticated;
grant execute on function public.my_library() to authenticated;
