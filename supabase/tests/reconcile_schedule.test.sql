-- The reconciliation runs on Supabase Cron every minute, as `reconcile_checkouts_job`, a role that
-- can only queue that one request (through pg_net, with Vault's URL and the job's own secret):
-- it reads no table, no secret, no other function; the API roles can neither see nor change the job.
begin;
\ir helpers/setup.psql
select plan(29);

select is((select schedule from cron.job where jobname = 'reconcile-checkouts'), '* * * * *', 'reconcile-checkouts runs every minute');
select ok((select active from cron.job where jobname = 'reconcile-checkouts'), 'the job is active');
select is((select array_agg(username) from cron.job where jobname = 'reconcile-checkouts'), array['reconcile_checkouts_job'::text],
  'one job, run as reconcile_checkouts_job (not postgres)');
select is((select command from cron.job where jobname = 'reconcile-checkouts'), 'select private.queue_checkout_reconciliation()',
  'the job only calls the queueing function');

select is((select row(rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolbypassrls, rolpassword is null)::text
           from pg_authid where rolname = 'reconcile_checkouts_job'), '(f,f,f,f,t,f,f,t)',
  'the role: login (pg_cron needs it) without a password, no other attribute');
select is((select count(*)::int from pg_auth_members where member = 'reconcile_checkouts_job'::regrole), 0, 'the role is a member of no role');
select is((select count(*)::int from information_schema.role_table_grants where grantee = 'reconcile_checkouts_job'), 0, 'the role is granted no table');
select is((select array_agg(p.oid::regprocedure::text order by 1) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname in ('public', 'private', 'vault', 'net', 'auth', 'storage', 'cron')
             and has_schema_privilege('reconcile_checkouts_job', n.oid, 'usage')
             and has_function_privilege('reconcile_checkouts_job', p.oid, 'execute')),
  array['private.queue_checkout_reconciliation()'], 'the one function of ours it may execute is the queueing function');

-- A known URL and secret for this file (rolled back with it).
delete from vault.secrets where name in ('project_url', 'reconcile_checkouts_secret');
select vault.create_secret('https://project.example.test', 'project_url');
select vault.create_secret('job-secret-for-the-test', 'reconcile_checkouts_secret');
select vault.create_secret('another-secret', 'service_role_key_for_the_test');

-- pgTAP's own functions, for the assertions made as the role (rolled back).
grant usage on schema extensions, tests to reconcile_checkouts_job;
grant execute on all functions in schema extensions to reconcile_checkouts_job;
set local role reconcile_checkouts_job;
select throws_ok($$ select count(*) from public.orders $$, '42501', null, 'the job cannot read orders');
select throws_ok($$ select count(*) from public.order_items $$, '42501', null, 'nor order items');
select throws_ok($$ select count(*) from public.profiles $$, '42501', null, 'nor profiles');
select throws_ok($$ select count(*) from public.checkout_sessions $$, '42501', null, 'nor checkouts');
select throws_ok($$ select count(*) from public.payment_issues $$, '42501', null, 'nor payment issues');
select throws_ok($$ select count(*) from auth.users $$, '42501', null, 'nor accounts');
select throws_ok($$ select decrypted_secret from vault.decrypted_secrets where name = 'reconcile_checkouts_secret' $$, '42501', null,
  'nor Vault, not even its own secret');
select throws_ok($$ select count(*) from vault.secrets $$, '42501', null, 'nor the encrypted secrets');
select throws_ok($$ select net.http_post('https://elsewhere.example.test', '{}'::jsonb) $$, '42501', null,
  'it cannot send a request of its own');
select throws_ok($$ select count(*) from net.http_request_queue $$, '42501', null, 'nor read the request queue');
select throws_ok($$ select count(*) from cron.job $$, '42501', null, 'nor read the schedule');
select throws_ok($$ select cron.schedule('another', '* * * * *', 'select 1') $$, '42501', null, 'nor schedule another job');
select throws_ok($$ select private.is_admin() $$, '42501', null, 'nor call the policies'' helpers');
select lives_ok($$ select private.queue_checkout_reconciliation() $$, 'it may queue the reconciliation');
reset role;

select is((select count(*)::int from net.http_request_queue where url = 'https://project.example.test/functions/v1/reconcile-checkouts'), 1,
  'one request queued to reconcile-checkouts at Vault''s URL');
select is((select headers ->> 'Authorization' from net.http_request_queue where url = 'https://project.example.test/functions/v1/reconcile-checkouts'),
  'Bearer job-secret-for-the-test', 'bearing the job''s own secret from Vault');
select is((select convert_from(body, 'UTF8')::jsonb from net.http_request_queue where url = 'https://project.example.test/functions/v1/reconcile-checkouts'),
  '{"scope":"all"}'::jsonb, 'asking for every checkout');

select tests.clear_authentication();
select throws_ok($$ select count(*) from cron.job $$, '42501', null, 'anon cannot read the schedule');
select throws_ok($$ select private.queue_checkout_reconciliation() $$, '42501', null, 'anon cannot queue the reconciliation');
select tests.create_user('cron-reader@reconcile.test');
select tests.authenticate_as('cron-reader@reconcile.test');
select throws_ok($$ select cron.unschedule('reconcile-checkouts') $$, '42501', null, 'a signed-in user cannot remove the job');
select throws_ok($$ select private.queue_checkout_reconciliation() $$, '42501', null, 'nor queue the reconciliation');

select * from finish();
rollback;
