-- private.account_directory: what the administrators' users page searches, one row per account:
-- the e-mail and the name, lower-cased and without accents ("élian" and "Elian" both find
-- "Maître Élian"). The e-mail lives in auth.users, which a migration may not index on hosted
-- Supabase, and a customer's name in profiles: this table joins both into one text that a pg_trgm
-- GIN index serves for substring search (`like '%fragment%'`), so a search reads the matching
-- accounts by index instead of scanning every account.
--
-- Kept by triggers: a new profile (made at sign-up) or a changed name, and a changed e-mail.
-- Bulk loads that skip triggers (session_replication_role = replica) call
-- private.rebuild_account_directory(). Not exposed to the API: only admin_users() reads it.
create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

-- created_at is the profile's, copied so a search pages its matches in sign-up order from this
-- table alone, without joining every matching profile.
create table private.account_directory (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  created_at timestamptz not null,
  search_text text not null
);

-- fastupdate off: new entries go straight into the index rather than a pending list that every
-- search must also read until the next vacuum. Sign-ups are rare; searches must stay fast.
create index account_directory_search_text_trgm_idx
  on private.account_directory using gin (search_text extensions.gin_trgm_ops) with (fastupdate = off);

revoke all on private.account_directory from public, anon, authenticated, service_role;

-- The form both the stored text and a searched fragment take. unaccent is named with its
-- dictionary: with an empty search_path its one-argument form finds none.
create function private.searchable(p_text text)
returns text
language sql
stable
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, p_text));
$$;

create function private.refresh_account_directory(p_user_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.account_directory (user_id, created_at, search_text)
  select p.id, p.created_at, private.searchable(concat_ws(' ', u.email, p.full_name))
  from public.profiles p
  left join auth.users u on u.id = p.id
  where p.id = p_user_id
  on conflict (user_id) do update set created_at = excluded.created_at, search_text = excluded.search_text;
$$;

create function private.rebuild_account_directory()
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.account_directory (user_id, created_at, search_text)
  select p.id, p.created_at, private.searchable(concat_ws(' ', u.email, p.full_name))
  from public.profiles p
  left join auth.users u on u.id = p.id
  on conflict (user_id) do update set created_at = excluded.created_at, search_text = excluded.search_text;
$$;

create function private.track_profile_directory()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_account_directory(new.id);
  return null;
end;
$$;

create trigger profiles_track_account_directory
  after insert or update of full_name, created_at on public.profiles
  for each row execute function private.track_profile_directory();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.track_profile_directory();

revoke all on function private.searchable(text), private.refresh_account_directory(uuid),
  private.rebuild_account_directory(), private.track_profile_directory() from public, anon, authenticated, service_role;

select private.rebuild_account_directory();
