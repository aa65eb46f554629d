-- « Ruptures de stock » in the admin area: an administrator marks a stock shortfall handled with
-- what they decided (delivered anyway, or refunded), so the list shows what is still to decide.
--
-- The decision is a plain update of `resolution`, the one column administrators may write (column
-- grant) through one update policy; a trigger stamps who and when, and keeps the shortfall's own
-- facts (the item, order, variant, wanted, taken, detected_at) as the stock-taking trigger filed
-- them, for every role. A decision stands: the policy no longer lets an administrator update a
-- handled shortfall, and the trigger refuses a change of it to anyone else.
alter table public.stock_shortfalls
  add column resolution text check (resolution in ('delivered', 'refunded')),
  add column handled_at timestamptz,
  add column handled_by uuid references auth.users (id) on delete set null,
  add constraint stock_shortfalls_handled_together check ((resolution is null) = (handled_at is null));

comment on column public.stock_shortfalls.resolution is
  'What an administrator decided: delivered (anyway) or refunded; null while still to decide.';

create index stock_shortfalls_handled_by_idx on public.stock_shortfalls (handled_by);
-- The navigation's count and the list's first rows: those still to decide.
create index stock_shortfalls_to_decide_idx on public.stock_shortfalls (detected_at desc) where resolution is null;

create policy "Administrators decide a stock shortfall"
  on public.stock_shortfalls for update to authenticated
  using ((select private.is_admin()) and resolution is null)
  with check ((select private.is_admin()) and resolution is not null);

grant update (resolution) on public.stock_shortfalls to authenticated;

create function private.stamp_stock_shortfall_decision()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.order_item_id, new.order_id, new.variant_id, new.wanted, new.taken, new.detected_at)
     is distinct from (old.order_item_id, old.order_id, old.variant_id, old.wanted, old.taken, old.detected_at) then
    raise exception 'a stock shortfall''s facts cannot change' using errcode = '42501';
  end if;
  if new.resolution is distinct from old.resolution then
    if old.resolution is not null then
      raise exception 'this stock shortfall was already decided' using errcode = '42501';
    end if;
    new.handled_at := pg_catalog.now();
    new.handled_by := (select auth.uid());
  elsif (new.handled_at, new.handled_by) is distinct from (old.handled_at, old.handled_by)
        and not (new.handled_by is null and new.handled_at = old.handled_at) then
    -- Only an account's deletion (on delete set null) may touch who decided, after the fact.
    raise exception 'who decided a stock shortfall, and when, cannot change' using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke all on function private.stamp_stock_shortfall_decision() from public, anon, authenticated, service_role;

create trigger stock_shortfalls_stamp_decision
  before update on public.stock_shortfalls
  for each row execute function private.stamp_stock_shortfall_decision();

-- The list: each shortfall with its order, the buyer (id and e-mail, which live in auth.users, out of
-- the API roles' reach), the item's titles as the order recorded them, and who decided. Those still
-- to decide first, then the newest; a page of `p_limit`. Administrators only (42501 otherwise).
create function public.admin_stock_shortfalls(p_limit integer default 50)
returns table (
  order_item_id uuid,
  order_id uuid,
  order_created_at timestamptz,
  buyer_id uuid,
  buyer_email text,
  product_title text,
  variant_title text,
  variant_id text,
  wanted integer,
  taken integer,
  detected_at timestamptz,
  resolution text,
  handled_at timestamptz,
  handled_by_email text,
  handled_by_name text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'admin_stock_shortfalls is reserved to administrators' using errcode = '42501';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 200 then
    raise exception 'p_limit must be between 1 and 200' using errcode = '22023';
  end if;

  return query
  select s.order_item_id, s.order_id, o.created_at, o.user_id, buyer.email::text, i.product_title, i.variant_title,
         s.variant_id, s.wanted, s.taken, s.detected_at, s.resolution, s.handled_at, handler.email::text,
         handler_profile.full_name
  from public.stock_shortfalls s
  join public.orders o on o.id = s.order_id
  join public.order_items i on i.id = s.order_item_id
  left join auth.users buyer on buyer.id = o.user_id
  left join auth.users handler on handler.id = s.handled_by
  left join public.profiles handler_profile on handler_profile.id = s.handled_by
  order by s.resolution is not null, s.detected_at desc, s.order_item_id
  limit p_limit;
end;
$$;

revoke all on function public.admin_stock_shortfalls(integer) from public, anon;
grant execute on function public.admin_stock_shortfalls(integer) to authenticated;
comment on function public.admin_stock_shortfalls(integer) is
  'Ruptures de stock: the shortfalls, those still to decide first, with order, buyer and decision. Administrators only (42501 otherwise).';
