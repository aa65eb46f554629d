-- Where each buyer stopped (issue #28): the page of a teaching, the second of a meditation or a
-- ritual, or a percentage, one row per buyer and order item, so a second device opens where the
-- first stopped. A person's reading is theirs alone: the buyer reads their own rows, nobody else
-- does (administrators included), and nobody writes the table but through
-- save_reading_position(), which checks the item is the caller's own paid item and refuses
-- impossible values.
create table public.reading_positions (
  user_id uuid not null references auth.users (id) on delete cascade,
  order_item_id uuid not null references public.order_items (id) on delete cascade,
  unit text not null check (unit in ('page', 'second', 'percent')),
  position double precision not null,
  length double precision not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, order_item_id),
  constraint reading_positions_in_range check (
    position >= 0 and length > 0 and position <= length
    and position <> 'NaN'::double precision and length <> 'NaN'::double precision and length <> 'Infinity'::double precision
    and (unit <> 'page' or (position >= 1 and position = trunc(position) and length = trunc(length)))
    and (unit <> 'percent' or length = 100)
  )
);
-- The overview's « Continuer »: the caller's last opened item.
create index reading_positions_user_updated_idx on public.reading_positions (user_id, updated_at desc);
create index reading_positions_order_item_id_idx on public.reading_positions (order_item_id);

alter table public.reading_positions enable row level security;

create policy "Buyers read where they stopped, nobody else"
  on public.reading_positions for select to authenticated
  using (user_id = (select auth.uid()));

revoke all on public.reading_positions from anon, authenticated;
grant select on public.reading_positions to authenticated;
grant select, insert, update, delete on public.reading_positions to service_role;

-- Records where the caller stopped in one of their own paid order items (insert or update of
-- their one row for it). Refused: anon and an item that is not the caller's own paid item with a
-- file (42501), an unknown unit, a position below the start or past the length (22023); past 120
-- saves a minute (a player saving every few seconds makes a dozen), PT429.
create function public.save_reading_position(p_order_item_id uuid, p_unit text, p_position double precision, p_length double precision)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  if caller is null or not exists (
    select 1 from public.order_items i join public.orders o on o.id = i.order_id
     where i.id = p_order_item_id and o.user_id = caller and o.status = 'completed' and i.file_path is not null
  ) then
    raise exception 'save_reading_position: not an item of the caller' using errcode = '42501';
  end if;
  if p_unit is null or p_unit not in ('page', 'second', 'percent') then
    raise exception 'save_reading_position: unknown unit %', p_unit using errcode = '22023';
  end if;
  if p_position is null or p_length is null or p_position = 'NaN' or p_length = 'NaN'
     or p_position < 0 or p_length <= 0 or p_position > p_length or p_length = 'Infinity'
     or (p_unit = 'page' and (p_position < 1 or p_position <> trunc(p_position) or p_length <> trunc(p_length)))
     or (p_unit = 'percent' and p_length <> 100) then
    raise exception 'save_reading_position: % of % is not a position in %s', p_position, p_length, p_unit using errcode = '22023';
  end if;
  perform private.take_rate_limit('reading-position:' || caller, 120, interval '1 minute');

  insert into public.reading_positions as r (user_id, order_item_id, unit, position, length, updated_at)
  values (caller, p_order_item_id, p_unit, p_position, p_length, now())
  on conflict (user_id, order_item_id) do update
    set unit = excluded.unit, position = excluded.position, length = excluded.length, updated_at = excluded.updated_at;
end;
$$;

revoke all on function public.save_reading_position(uuid, text, double precision, double precision) from public, anon, authenticated;
grant execute on function public.save_reading_position(uuid, text, double precision, double precision) to authenticated;
