-- admin_users(): every account for the administrators' users page, newest first, a page at a
-- time, optionally only those whose e-mail or name contains a fragment; with each account's paid
-- orders (count, total, latest) and the messages it sent the calling administrator that are
-- still unread.
--
-- Cost at 10,000 accounts and 100,000 orders (`npm run bench:db`): the page's ids come from
-- profiles_created_at_id_idx, or from the trigram index of private.account_directory alone when searching;
-- the figures are then read for that page only, from orders_user_id_created_at_idx and
-- user_messages_unread_receiver_sender_idx. A page holds at most 100 accounts.
--
-- The page's order, newest sign-up first with the id as tie-break, read from an index alone
-- (index-only scan): a deep page skips index entries, never sorts every account.
create index profiles_created_at_id_idx on public.profiles (created_at desc, id);

-- SECURITY DEFINER with an explicit check, like admin_dashboard_stats: anyone but an
-- administrator is refused with 42501 instead of receiving a filtered list.
create function public.admin_users(p_search text default null, p_limit integer default 50, p_offset integer default 0)
returns table (
  id uuid,
  email text,
  full_name text,
  role text,
  created_at timestamptz,
  orders_count integer,
  total_spent_cents bigint,
  last_order_at timestamptz,
  unread_messages integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  page_size integer := least(greatest(coalesce(p_limit, 50), 1), 100);
  skipped integer := greatest(coalesce(p_offset, 0), 0);
  fragment text := nullif(btrim(coalesce(p_search, '')), '');
  pattern text;
  page_ids uuid[];
begin
  if not (select private.is_admin()) then
    raise exception 'admin_users is reserved to administrators' using errcode = '42501';
  end if;
  if char_length(fragment) > 200 then
    raise exception 'the search is limited to 200 characters' using errcode = '22023';
  end if;

  if fragment is null then
    select array_agg(p.id order by p.created_at desc, p.id) into page_ids from (
      select p.id, p.created_at from public.profiles p
      order by p.created_at desc, p.id
      limit page_size offset skipped
    ) p;
  else
    -- The fragment matches literally: %, _ and \ typed by the administrator are not wildcards.
    pattern := '%' || replace(replace(replace(private.searchable(fragment), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    select array_agg(d.user_id order by d.created_at desc, d.user_id) into page_ids from (
      select d.user_id, d.created_at from private.account_directory d
      where d.search_text like pattern
      order by d.created_at desc, d.user_id
      limit page_size offset skipped
    ) d;
  end if;

  return query
  select p.id, u.email::text, p.full_name, p.role, p.created_at,
         coalesce(paid.orders_count, 0), coalesce(paid.total_cents, 0), paid.last_at,
         (select count(*)::integer from public.user_messages m
           where m.receiver_id = (select auth.uid()) and m.sender_id = p.id and not m.is_read)
  from unnest(page_ids) with ordinality as page(id, position)
  -- One primary-key probe per account of the page: a LIMIT keeps the planner from turning this
  -- into a hash join over every profile.
  cross join lateral (
    select pr.id, pr.full_name, pr.role, pr.created_at from public.profiles pr where pr.id = page.id limit 1
  ) p
  left join auth.users u on u.id = p.id
  cross join lateral (
    select count(*)::integer as orders_count, sum(o.total_amount_cents)::bigint as total_cents, max(o.created_at) as last_at
    from public.orders o
    where o.user_id = p.id and o.status = 'completed'
  ) paid
  order by page.position;
end;
$$;

revoke all on function public.admin_users(text, integer, integer) from public, anon;
grant execute on function public.admin_users(text, integer, integer) to authenticated;

comment on function public.admin_users(text, integer, integer) is
  'Accounts for the administrators'' users page (a page of at most 100), newest first, optionally those whose e-mail or name contains p_search; with paid orders (count, total, latest) and unread messages to the caller. Administrators only (42501 otherwise).';
