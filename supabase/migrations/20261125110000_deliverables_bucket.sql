-- Protected delivery: the paid files live in the private Storage bucket `deliverables`, under
-- `products/<file>`, and the database decides every read. Variants and order items name an
-- object path. A buyer asks for a download link of one of their order items
-- (`issue_download_link`): it is logged and counted (at most N per item per 24 hours), and for a
-- short while after it the storage policy lets that buyer sign or read that one object. Anon
-- reads nothing; only administrators write. The service role (edge functions) bypasses RLS.

insert into storage.buckets (id, name, public, allowed_mime_types)
values ('deliverables', 'deliverables', false, array['application/pdf', 'audio/*', 'video/*', 'application/zip'])
on conflict (id) do update set public = false, allowed_mime_types = excluded.allowed_mime_types;

-- Variants name the object they deliver: `products/<file name>`. Until the library asks for
-- signed links (the app's switch, which also drops the public URLs), the path follows the file
-- name of the variant's current URL, so both always name the same file.
alter table public.product_files
  add column object_path text generated always as ('products/' || regexp_replace(digital_file_url, '^.*/', '')) stored,
  add constraint product_files_object_path_check
    check (object_path ~ '^products/[A-Za-z0-9][A-Za-z0-9._-]*(/[A-Za-z0-9][A-Za-z0-9._-]*)*$' and char_length(object_path) <= 1024);

-- Order items keep the path they were sold with (record_order copies it).
alter table public.order_items
  add column file_path text check (file_path is null or (file_path ~ '^[A-Za-z0-9][^\s]*$' and file_path !~ '(^|/)\.\.(/|$)' and char_length(file_path) <= 1024));
update public.order_items i set file_path = f.object_path from public.product_files f where f.variant_id = i.variant_id and i.digital_file_url is not null;
create index order_items_file_path_idx on public.order_items (file_path) where file_path is not null;

create or replace function public.record_order(p_checkout_session_id text, p_user_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  pending public.checkout_sessions;
  recorded_id uuid;
begin
  -- Concurrent calls for one session queue on this row lock; the later ones find the order.
  select * into pending
    from public.checkout_sessions
   where id = p_checkout_session_id and user_id = p_user_id
     for update;
  if not found then
    raise exception 'no checkout % for user %', p_checkout_session_id, p_user_id using errcode = 'P0002';
  end if;

  insert into public.orders (user_id, total_amount_cents, currency, status, checkout_session_id)
  values (pending.user_id, pending.total_amount_cents, pending.currency, 'completed', pending.id)
  on conflict (checkout_session_id) do nothing
  returning id into recorded_id;

  if recorded_id is null then
    select o.id into recorded_id from public.orders o where o.checkout_session_id = pending.id;
    return recorded_id;
  end if;

  insert into public.order_items
    (order_id, variant_id, product_title, variant_title, image_url, quantity, price_per_item_cents, digital_file_url, file_path, file_type)
  select recorded_id,
         line.item->>'variant_id',
         line.item->>'product_title',
         line.item->>'variant_title',
         line.item->>'image_url',
         (line.item->>'quantity')::integer,
         (line.item->>'unit_price_cents')::integer,
         files.digital_file_url,
         files.object_path,
         files.file_type
    from jsonb_array_elements(pending.items) with ordinality as line(item, position)
    left join public.product_files files on files.variant_id = line.item->>'variant_id'
   order by line.position;

  update public.checkout_sessions set status = 'completed' where id = pending.id;
  return recorded_id;
end;
$$;

-- The shop's delivery settings, one row: how many links a buyer may ask per item and 24 hours,
-- and how long after asking they may sign the link.
create table private.delivery_settings (
  singleton boolean primary key default true check (singleton),
  links_per_item_per_day integer not null default 20 check (links_per_item_per_day between 1 and 10000),
  signing_window_seconds integer not null default 120 check (signing_window_seconds between 10 and 3600)
);
insert into private.delivery_settings default values;

-- Every link issued: who, which item, which object, when.
create table public.download_links (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  order_item_id uuid not null references public.order_items (id) on delete cascade,
  object_path text not null check (char_length(object_path) <= 1024),
  created_at timestamptz not null default now()
);
create index download_links_user_item_idx on public.download_links (user_id, order_item_id, created_at desc);
create index download_links_user_object_idx on public.download_links (user_id, object_path, created_at desc);
create index download_links_order_item_id_idx on public.download_links (order_item_id);
create index download_links_created_at_idx on public.download_links (created_at desc);

alter table public.download_links enable row level security;
create policy "Buyers see their own download links, administrators all"
  on public.download_links for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

revoke all on public.download_links from anon, authenticated;
grant select on public.download_links to authenticated;
grant select, insert, update, delete on public.download_links to service_role;

-- A buyer's link to one of their order items: the object path to sign next. Refused when the
-- item is not theirs, not paid or has no file (PT404), and past the day's limit (PT429, in French
-- for the page to show). One buyer's requests for one item queue, so the count and the log agree.
create or replace function public.issue_download_link(p_order_item_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  path text;
  per_day integer;
begin
  select i.file_path into path
    from public.order_items i
    join public.orders o on o.id = i.order_id
   where i.id = p_order_item_id and o.user_id = caller and o.status = 'completed' and i.file_path is not null;
  if path is null then
    raise exception 'Fichier non disponible' using errcode = 'PT404', detail = 'Le lien de téléchargement est manquant.';
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

revoke all on function public.issue_download_link(uuid) from public, anon, authenticated;
grant execute on function public.issue_download_link(uuid) to authenticated;

-- Whether the caller asked, within the signing window, for a link to this object of one of their
-- paid order items. Definer, so the storage policy reads the orders whatever the caller's grants.
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
       and i.file_path = p_name
       and o.user_id = l.user_id
       and o.status = 'completed'
  );
$$;

revoke all on function private.may_read_deliverable(text) from public, anon, authenticated;
grant execute on function private.may_read_deliverable(text) to authenticated;

create policy "Buyers read what they asked a link for, administrators all"
  on storage.objects for select to authenticated
  using (bucket_id = 'deliverables' and ((select private.is_admin()) or private.may_read_deliverable(name)));

create policy "Administrators upload deliverables"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'deliverables' and (select private.is_admin()));

create policy "Administrators replace deliverables"
  on storage.objects for update to authenticated
  using (bucket_id = 'deliverables' and (select private.is_admin()))
  with check (bucket_id = 'deliverables' and (select private.is_admin()));

create policy "Administrators delete deliverables"
  on storage.objects for delete to authenticated
  using (bucket_id = 'deliverables' and (select private.is_admin()));
