-- Who holds the administrator role, and every change to it.
--
-- public.admin_role_changes is append-only history: who changed whose role, from what to what,
-- when. A trigger on profiles writes it for every change of role whatever the path (the users
-- page through admin_set_role(), set-admin-role's ADMIN_EMAILS path as the service role, an
-- operator's SQL), so no change goes unrecorded. No role may update, delete or truncate it: the
-- privileges are revoked from every role, the owner included, and triggers refuse those
-- operations anyway, since an owner or a superuser ignores privileges. Only a deliberate DDL
-- change (dropping the triggers) could rewrite it, never a silent UPDATE.
--
-- The ids are kept without foreign keys: deleting an account must neither delete nor rewrite
-- the history (a cascade or a SET NULL would be a rewrite). Names and e-mails are not copied
-- here; they are read at display time, so an erased account leaves only its id.
create table public.admin_role_changes (
  id bigint generated always as identity primary key,
  changed_at timestamptz not null default now(),
  -- Who: the signed-in administrator; null when the service role (set-admin-role's ADMIN_EMAILS
  -- path) or an operator changed it.
  changed_by uuid,
  -- Whom.
  user_id uuid not null,
  old_role text not null check (old_role in ('customer', 'admin')),
  new_role text not null check (new_role in ('customer', 'admin')),
  check (old_role <> new_role)
);

create index admin_role_changes_user_id_changed_at_idx on public.admin_role_changes (user_id, changed_at desc);

alter table public.admin_role_changes enable row level security;

create policy "Administrators can read the role changes"
  on public.admin_role_changes for select to authenticated
  using ((select private.is_admin()));

revoke all on public.admin_role_changes from public, anon, authenticated, service_role;
revoke update, delete, truncate, references, trigger on public.admin_role_changes from current_user;
grant select on public.admin_role_changes to authenticated;

create function private.refuse_history_rewrite()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = '42501';
end;
$$;

create trigger admin_role_changes_append_only
  before update or delete on public.admin_role_changes
  for each row execute function private.refuse_history_rewrite();

create trigger admin_role_changes_no_truncate
  before truncate on public.admin_role_changes
  for each statement execute function private.refuse_history_rewrite();

create function private.record_role_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.admin_role_changes (changed_by, user_id, old_role, new_role)
  values ((select auth.uid()), new.id, old.role, new.role);
  return null;
end;
$$;

create trigger profiles_record_role_change
  after update of role on public.profiles
  for each row when (old.role is distinct from new.role)
  execute function private.record_role_change();

revoke all on function private.refuse_history_rewrite(), private.record_role_change() from public, anon, authenticated, service_role;

-- admin_set_role(): an administrator grants or revokes the administrator role. Refuses to remove
-- the last administrator (PT409, in French: the users page shows it), and is safe when
-- administrators act at once: it first locks every administrator's profile row, in id order so
-- two calls never deadlock, then the target's, and decides on what is committed by then. Two
-- administrators revoking each other (or themselves) at the same instant: the second waits for
-- the first, then finds its caller no longer an administrator (42501) or the last one about to
-- go (PT409); never zero administrators. Setting the role a profile already has changes and
-- records nothing.
create function public.admin_set_role(p_user_id uuid, p_role text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  previous_role text;
begin
  if not (select private.is_admin()) then
    raise exception 'admin_set_role is reserved to administrators' using errcode = '42501';
  end if;
  if p_role is null or p_role not in ('customer', 'admin') then
    raise exception 'unknown role: %', p_role using errcode = '22023';
  end if;

  perform 1 from public.profiles p where p.role = 'admin' order by p.id for update;
  select p.role into previous_role from public.profiles p where p.id = p_user_id for update;
  if not found then
    raise exception 'Compte introuvable.' using errcode = 'PT404';
  end if;
  -- While it waited, another administrator may have taken the caller's role away.
  if not (select private.is_admin()) then
    raise exception 'admin_set_role is reserved to administrators' using errcode = '42501';
  end if;

  if previous_role = p_role then
    return p_role;
  end if;
  if p_role = 'customer' and not exists (
    select 1 from public.profiles p where p.role = 'admin' and p.id <> p_user_id
  ) then
    raise exception 'Impossible de retirer ce rôle : la boutique doit garder au moins un administrateur.'
      using errcode = 'PT409';
  end if;

  update public.profiles set role = p_role where id = p_user_id;
  return p_role;
end;
$$;

revoke all on function public.admin_set_role(uuid, text) from public, anon;
grant execute on function public.admin_set_role(uuid, text) to authenticated;

comment on function public.admin_set_role(uuid, text) is
  'Grants (''admin'') or revokes (''customer'') the administrator role; never removes the last administrator (PT409). Recorded in admin_role_changes. Administrators only (42501 otherwise).';

-- admin_role_history(): one account's role changes for the users page, newest first, with who
-- made each (their e-mail and name, when the account still exists).
create function public.admin_role_history(p_user_id uuid)
returns table (
  id bigint,
  changed_at timestamptz,
  old_role text,
  new_role text,
  changed_by uuid,
  changed_by_email text,
  changed_by_name text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'admin_role_history is reserved to administrators' using errcode = '42501';
  end if;

  return query
  select c.id, c.changed_at, c.old_role, c.new_role, c.changed_by, u.email::text, p.full_name
  from public.admin_role_changes c
  left join auth.users u on u.id = c.changed_by
  left join public.profiles p on p.id = c.changed_by
  where c.user_id = p_user_id
  order by c.changed_at desc, c.id desc
  limit 100;
end;
$$;

revoke all on function public.admin_role_history(uuid) from public, anon;
grant execute on function public.admin_role_history(uuid) to authenticated;

comment on function public.admin_role_history(uuid) is
  'One account''s role changes (the latest 100), newest first, with who made each. Administrators only (42501 otherwise).';
