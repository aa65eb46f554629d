-- The platform parts a scheduled job uses (Supabase Cron, pg_net, Vault) are for the server side
-- only: the API roles cannot read a secret, the request queue or the responses, nor queue a request.
begin;
\ir helpers/setup.psql
select plan(12);

select has_extension('pg_cron', 'Supabase Cron (pg_cron) is installed');
select has_function('net', 'http_post', array['text', 'jsonb', 'jsonb', 'jsonb', 'integer'], 'pg_net''s net.http_post exists');
select has_view('vault', 'decrypted_secrets', 'Vault''s decrypted_secrets view exists');

select tests.create_user('eve@platform.test', 'Eve');
select tests.authenticate_as('eve@platform.test');
select throws_ok('select * from vault.decrypted_secrets', '42501', null, 'authenticated cannot read the Vault');
select throws_ok('select * from net._http_response', '42501', null, 'authenticated cannot read pg_net''s responses');
select throws_ok($$select net.http_post('http://127.0.0.1/', '{}')$$, '42501', null, 'authenticated cannot queue a request');
select throws_ok('select * from cron.job', '42501', null, 'authenticated cannot read the scheduled jobs');

select tests.clear_authentication();
select throws_ok('select * from vault.secrets', '42501', null, 'anon cannot read the Vault''s table');
select throws_ok('select * from net.http_request_queue', '42501', null, 'anon cannot read pg_net''s queue');
select throws_ok($$select vault.create_secret('x', 'planted')$$, '42501', null, 'anon cannot write a secret');

reset role;
select ok(has_table_privilege('service_role', 'vault.decrypted_secrets', 'select'), 'service_role reads the Vault, as on hosted Supabase');
select ok(has_function_privilege('postgres', 'net.http_post(text, jsonb, jsonb, jsonb, integer)', 'execute'), 'postgres (the cron jobs'' owner) may call net.http_post');

select * from finish();
rollback;
