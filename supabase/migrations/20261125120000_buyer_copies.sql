-- The buyer's copy: a PDF reaches its buyer only as a copy stamped with their name, e-mail and
-- order number, made once per order item by the issue-download edge function (service role) and
-- kept under the buyer's own prefix, `buyers/<user id>/<order item id>.pdf`. Audio and video are
-- delivered as they are. A link is issued for what the buyer receives: the stamped copy of a PDF
-- (refused until it exists), the file itself otherwise; only that object opens to them.

alter table public.order_items
  add column stamped_path text
    check (stamped_path is null or stamped_path ~ '^buyers/[0-9a-f-]{36}/[0-9a-f-]{36}\.pdf$');

-- What the buyer of an item receives, or null when there is nothing (yet) to deliver.
create or replace function private.delivered_path(p_file_type text, p_file_path text, p_stamped_path text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_file_type = 'pdf' then p_stamped_path else p_file_path end;
$$;

revoke all on function private.delivered_path(text, text, text) from public, anon, authenticated;
grant execute on function private.delivered_path(text, text, text) to authenticated, service_role;

create or replace function public.issue_download_link(p_order_item_id uuid)
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
  select i.file_type, i.file_path, i.stamped_path into item
    from public.order_items i
    join public.orders o on o.id = i.order_id
   where i.id = p_order_item_id and o.user_id = caller and o.status = 'completed' and i.file_path is not null;
  if not found then
    raise exception 'Fichier non disponible' using errcode = 'PT404', detail = 'Le lien de téléchargement est manquant.';
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
  return path;
end;
$$;

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
       and o.status = 'completed'
  );
$$;
