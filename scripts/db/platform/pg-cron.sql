-- Supabase Cron: the pg_cron extension as hosted Supabase enables it (schema `cron`, the extension's
-- objects in pg_catalog), with the grants Supabase's documentation gives the postgres role.
-- The cluster preloads pg_cron and names this database in cron.database_name (scripts/db/cluster.ts).
create extension if not exists pg_cron with schema pg_catalog;
grant usage on schema cron to postgres;
grant all privileges on all tables in schema cron to postgres;
