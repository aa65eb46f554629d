-- The reconciliation's schedule runs as a role that can do one thing: queue the one call to
-- reconcile-checkouts. It used to run as `postgres` and send the service-role key; now:
-- - `reconcile_checkouts_job` (LOGIN because pg_cron starts each run as the job's user, which
--   PostgreSQL 15 allows only to a login role; no password, so it cannot sign in from outside)
--   may execute `private.queue_checkout_reconciliation()` and nothing else of ours;
-- - that function (definer, owned by postgres) reads two Vault secrets, `project_url` and
--   `reconcile_checkouts_secret`, and queues the request through pg_net: the role itself reads no
--   secret and cannot call net.http_post with a URL or headers of its choosing;
-- - `reconcile_checkouts_secret` is a credential of this job only: the function accepts it (as its
--   function secret RECONCILE_CHECKOUTS_SECRET) for `scope: all` and nothing else accepts it.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'reconcile_checkouts_job') then
    create role reconcile_checkouts_job login noinherit;
  end if;
end
$$;
comment on role reconcile_checkouts_job is 'Supabase Cron job reconcile-checkouts: may only queue that one request.';

create function private.queue_checkout_reconciliation() returns bigint
language sql volatile security definer set search_path = '' as $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/reconcile-checkouts',
    headers := pg_catalog.jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'reconcile_checkouts_secret')
    ),
    body := '{"scope":"all"}'::jsonb,
    timeout_milliseconds := 60000
  )
$$;
comment on function private.queue_checkout_reconciliation() is
  'Queues the scheduled POST to reconcile-checkouts with the job''s own secret; the only thing reconcile_checkouts_job may do.';
revoke all on function private.queue_checkout_reconciliation() from public, anon, authenticated;
grant usage on schema private to reconcile_checkouts_job;
grant execute on function private.queue_checkout_reconciliation() to reconcile_checkouts_job;

-- pg_cron runs a job as the user who scheduled it, and only a superuser may schedule for someone
-- else (hosted `postgres` is not one): the job is scheduled as the role itself, which needs the
-- cron schema only for that moment. `postgres` stays a member so that it can change the job the
-- same way later (supabase/README.md).
select cron.unschedule('reconcile-checkouts');
grant reconcile_checkouts_job to postgres;
grant usage on schema cron to reconcile_checkouts_job;
set role reconcile_checkouts_job;
select cron.schedule('reconcile-checkouts', '* * * * *', 'select private.queue_checkout_reconciliation()');
reset role;
revoke usage on schema cron from reconcile_checkouts_job;
