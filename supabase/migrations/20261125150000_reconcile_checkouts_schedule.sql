-- No paid order is lost: every minute, Supabase Cron asks reconcile-checkouts (through pg_net) to
-- record the paid checkouts whose buyers never came back to /success. The function's URL and the
-- service role key come from Vault (`project_url`, `service_role_key`), written once per project by
-- the operator (supabase/README.md) and at each start by the local stack. The function accepts
-- only that key for this mode.
select cron.schedule(
  'reconcile-checkouts',
  '* * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/reconcile-checkouts',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
    ),
    body := '{"scope":"all"}'::jsonb,
    timeout_milliseconds := 60000
  );
  $$
);
