-- The reconciliation runs on Supabase Cron every minute, through pg_net with Vault's URL and key;
-- the API roles can neither see nor change the job.
begin;
\ir helpers/setup.psql
select plan(6);

select is((select schedule from cron.job where jobname = 'reconcile-checkouts'), '* * * * *', 'reconcile-checkouts runs every minute');
select ok((select active from cron.job where jobname = 'reconcile-checkouts'), 'the job is active');
select matches((select command from cron.job where jobname = 'reconcile-checkouts'), 'net\.http_post', 'it calls the function over pg_net');
select matches((select command from cron.job where jobname = 'reconcile-checkouts'), 'vault\.decrypted_secrets where name = ''service_role_key''',
  'with the service role key from Vault, never a key in the migration');

select tests.clear_authentication();
select throws_ok($$ select count(*) from cron.job $$, '42501', null, 'anon cannot read the schedule');
select tests.create_user('cron-reader@reconcile.test');
select tests.authenticate_as('cron-reader@reconcile.test');
select throws_ok($$ select cron.unschedule('reconcile-checkouts') $$, '42501', null, 'a signed-in user cannot remove the job');

select * from finish();
rollback;
