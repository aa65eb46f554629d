-- profiles: one row per account, made by a trigger on auth.users. A user reads their own row and
-- changes only full_name and avatar_url; role changes only through the service role
-- (the set-admin-role function). Signed-in users may see administrators' rows: the chat needs a
-- recipient.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text check (full_name is null or char_length(full_name) <= 200),
  avatar_url text check (avatar_url is null or char_length(avatar_url) <= 2048),
  role text not null default 'customer' check (role in ('customer', 'admin')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index profiles_admin_role_idx on public.profiles (role) where role = 'admin';
create index profiles_created_at_idx on public.profiles (created_at);

create trigger profiles_touch_updated_at
  before update on public.profiles
  for each row execute function private.touch_updated_at();

-- The caller is an administrator. SECURITY DEFINER so that policies on profiles itself can call
-- it without recursing through RLS.
create function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles
    where id = (select auth.uid()) and role = 'admin'
  );
$$;

revoke all on function private.is_admin() from public, anon;
grant execute on function private.is_admin() to authenticated, service_role;

-- The role is never taken from the sign-up metadata, which the user controls.
create function private.create_profile_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name)
  values (new.id, left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 200));
  return new;
end;
$$;

revoke all on function private.create_profile_for_new_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

alter table public.profiles enable row level security;

create policy "Users can view their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()));

create policy "Signed-in users can view administrators' profiles"
  on public.profiles for select to authenticated
  using (role = 'admin');

create policy "Administrators can view every profile"
  on public.profiles for select to authenticated
  using ((select private.is_admin()));

create policy "Users can update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (full_name, avatar_url) on public.profiles to authenticated;
grant select, insert, update, delete on public.profiles to service_role;
