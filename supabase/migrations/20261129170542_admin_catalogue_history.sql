-- The catalogue's history in the admin area: a product's changes (« Historique » of its card) and
-- the latest changes of the whole catalogue, newest first, a page at a time. catalogue_changes
-- already lets administrators read it; this function adds who made each change as the admin area
-- names people (their e-mail and name, which live in auth.users and profiles, out of the API
-- roles' reach), as admin_role_history does for role changes, and the product's current title and
-- currency (its prices are said in it).
--
-- Keyset paging: the next page starts after the last row shown (`p_after_changed_at`, `p_after_id`),
-- read by (product_id, changed_at desc, id desc) for one product, (changed_at desc, id desc) for all.
create function public.admin_catalogue_history(
  p_product_id text default null,
  p_after_changed_at timestamptz default null,
  p_after_id bigint default null,
  p_limit integer default 20
)
returns table (
  id bigint,
  changed_at timestamptz,
  changed_by uuid,
  changed_by_role text,
  changed_by_email text,
  changed_by_name text,
  table_name text,
  operation text,
  row_id text,
  product_id text,
  product_title text,
  product_currency text,
  before jsonb,
  after jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'admin_catalogue_history is reserved to administrators' using errcode = '42501';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'p_limit must be between 1 and 100' using errcode = '22023';
  end if;
  if (p_after_changed_at is null) <> (p_after_id is null) then
    raise exception 'p_after_changed_at and p_after_id go together' using errcode = '22023';
  end if;

  -- Two queries rather than one with `p_product_id is null or …`, so each reads its own index.
  if p_product_id is null then
    return query
    select c.id, c.changed_at, c.changed_by, c.changed_by_role, u.email::text, p.full_name, c.table_name,
           c.operation, c.row_id, c.product_id, pr.title, pr.currency, c.before, c.after
    from public.catalogue_changes c
    left join auth.users u on u.id = c.changed_by
    left join public.profiles p on p.id = c.changed_by
    left join public.products pr on pr.id = c.product_id
    where p_after_id is null or (c.changed_at, c.id) < (p_after_changed_at, p_after_id)
    order by c.changed_at desc, c.id desc
    limit p_limit;
  else
    return query
    select c.id, c.changed_at, c.changed_by, c.changed_by_role, u.email::text, p.full_name, c.table_name,
           c.operation, c.row_id, c.product_id, pr.title, pr.currency, c.before, c.after
    from public.catalogue_changes c
    left join auth.users u on u.id = c.changed_by
    left join public.profiles p on p.id = c.changed_by
    left join public.products pr on pr.id = c.product_id
    where c.product_id = p_product_id
      and (p_after_id is null or (c.changed_at, c.id) < (p_after_changed_at, p_after_id))
    order by c.changed_at desc, c.id desc
    limit p_limit;
  end if;
end;
$$;

revoke all on function public.admin_catalogue_history(text, timestamptz, bigint, integer) from public, anon;
grant execute on function public.admin_catalogue_history(text, timestamptz, bigint, integer) to authenticated;
comment on function public.admin_catalogue_history(text, timestamptz, bigint, integer) is
  'A product''s catalogue changes, or the whole catalogue''s, newest first by keyset pages, with who made each. Administrators only (42501 otherwise).';
