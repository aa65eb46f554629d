-- The private schema holds the helpers that policies and triggers call; the API never exposes it.
-- New functions are executable by nobody until a migration grants it (basejump's habit): PUBLIC
-- gets EXECUTE by default in PostgreSQL, and hosted Supabase also grants it to the API roles.
alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from anon, authenticated;

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- Keeps updated_at honest on every table that has one.
create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
