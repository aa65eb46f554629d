-- A published change of the catalogue marks the pre-rendered pages stale, a draft's edit does not,
-- and the rebuild-pages job calls the host's build hook (Vault's pages_build_hook_url, one POST with
-- no body) once the changes have settled: 30 seconds quiet, or 10 minutes after the first while they
-- keep coming. A failed call is recorded and retried after a growing delay; no URL, no call. The job
-- runs as rebuild_pages_job, which can do nothing else; the API roles reach none of it.
begin;
\ir helpers/setup.psql
select plan(54);

select tests.create_user('alice@pages.test', 'Alice');
select tests.create_user('bob@pages.test', 'Bob');
select tests.create_user('root@pages.test', 'Root');
select tests.make_admin('root@pages.test');

-- The pages as fresh as after a build, for each step of this file.
create function pg_temp.fresh() returns void language sql as $$
  update private.pages_freshness set stale_since = null, last_change_at = null, request_id = null, requested_at = null,
    request_stale_since = null, last_success_at = null, failed_calls = 0, last_failure = null, last_failure_at = null
$$;
create function pg_temp.stale_since() returns timestamptz language sql as $$ select stale_since from private.pages_freshness $$;

insert into public.products (id, title, status, updated_at) values
  ('prod_pages_shown', 'Rituel publié', 'published', '2026-01-15 09:00:00+00'), ('prod_pages_draft', 'Brouillon', 'draft', '2026-01-15 09:00:00+00');
insert into public.product_variants (id, product_id, title, price_in_cents, manage_inventory, inventory_quantity) values
  ('var_pages_shown', 'prod_pages_shown', 'PDF', 1500, true, 5), ('var_pages_draft', 'prod_pages_draft', 'PDF', 900, false, null);
insert into public.collections (id, title) values ('col_pages_drafts', 'Ateliers'), ('col_pages_shown', 'Rituels');
insert into public.product_collections (product_id, collection_id, position) values
  ('prod_pages_draft', 'col_pages_drafts', 0), ('prod_pages_shown', 'col_pages_shown', 0);

-- The catalogue's children moved the products' dates: back to an older day, so that a no-op update moves them.
update public.products set updated_at = '2026-01-15 09:00:00+00' where id like 'prod_pages_%';

select is((select array_agg(tgrelid::regclass::text order by tgrelid::regclass::text) from pg_trigger where tgname like '%\_marks\_pages\_stale'),
  array['collections', 'product_additional_info', 'product_collections', 'product_custom_fields', 'product_images', 'product_option_values',
        'product_options', 'product_variants', 'products', 'related_products'], 'each of the ten catalogue tables marks the pages stale');

-- A change made on fresh pages as the administrator (through their grants): the stale mark it leaves.
create function pg_temp.stale_after(change text) returns timestamptz language plpgsql as $$
begin
  perform pg_temp.fresh();
  perform tests.authenticate_as('root@pages.test');
  execute change;
  reset role;
  return pg_temp.stale_since();
end;
$$;

select is(pg_temp.stale_after($$ update public.products set title = 'Brouillon relu', subtitle = 'Pas encore' where id = 'prod_pages_draft' $$),
  null, 'a draft''s texts: not stale');
select is(pg_temp.stale_after($$ update public.product_variants set price_in_cents = 1000 where id = 'var_pages_draft' $$),
  null, 'a draft''s variant''s price: not stale');
select is(pg_temp.stale_after($$ insert into public.product_images (product_id, url, position) values ('prod_pages_draft', 'https://images.example.test/a.jpg', 0) $$),
  null, 'a draft''s image: not stale');
select is(pg_temp.stale_after($$ update public.collections set title = 'Ateliers du soir' where id = 'col_pages_drafts' $$),
  null, 'a collection of drafts only: not stale');
select is(pg_temp.stale_after($$ update public.products set title = 'Rituel publié' where id = 'prod_pages_shown' $$),
  null, 'an update of a published product that changes nothing but its date: not stale');

select is(pg_temp.stale_after($$ update public.products set title = 'Rituel du soir' where id = 'prod_pages_shown' $$),
  now(), 'a published product''s title: stale');
select is((select last_change_at from private.pages_freshness), now(), 'its time is the last change');
select is(pg_temp.stale_after($$ update public.product_variants set sale_price_in_cents = 1200 where id = 'var_pages_shown' $$),
  now(), 'a published product''s variant''s sale price: stale');
select is(pg_temp.stale_after($$ update public.product_variants set inventory_quantity = 4 where id = 'var_pages_shown' $$),
  now(), 'the administrator''s own stock edit: stale');
select is(pg_temp.stale_after($$ insert into public.product_images (product_id, url, position) values ('prod_pages_shown', 'https://images.example.test/b.jpg', 0) $$),
  now(), 'an image of a published product: stale');
select is(pg_temp.stale_after($$ update public.collections set title = 'Rituels du soir' where id = 'col_pages_shown' $$),
  now(), 'a collection holding a published product: stale');
select is(pg_temp.stale_after($$ update public.products set status = 'published' where id = 'prod_pages_draft' $$),
  now(), 'publishing a draft: stale');
select is(pg_temp.stale_after($$ update public.products set status = 'draft' where id = 'prod_pages_draft' $$),
  now(), 'unpublishing: stale');
select is(pg_temp.stale_after($$ update public.products set deleted_at = now() where id = 'prod_pages_shown' $$),
  now(), 'deleting a published product (soft deletion): stale');
update public.products set deleted_at = null where id = 'prod_pages_shown';
select is(pg_temp.stale_after($$ delete from public.products where id = 'prod_pages_draft' $$),
  null, 'deleting a draft: not stale');

-- A payment takes stock: a sale, not an edit.
select pg_temp.fresh();
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, cgv_version, consent_text, consented_at)
select 'cs_pages', tests.user_id('alice@pages.test'), jsonb_build_array(jsonb_build_object('variant_id', 'var_pages_shown',
  'product_id', 'prod_pages_shown', 'product_title', 'Rituel du soir', 'variant_title', 'PDF', 'quantity', 1, 'unit_price_cents', 1200)),
  1200, 'eur', 1, 'Consentement de test', now();
select tests.authenticate_as_service_role();
select isnt(public.record_order('cs_pages', tests.user_id('alice@pages.test')), null, 'a payment is recorded');
reset role;
select is((select inventory_quantity from public.product_variants where id = 'var_pages_shown'), 3, 'it took its stock');
select is(pg_temp.stale_since(), null, 'and left the pages fresh');

-- Nobody but the job and its function reaches the state.
select tests.authenticate_as('alice@pages.test');
select throws_ok($$ select * from private.pages_freshness $$, '42501', null, 'a customer cannot read the pages'' state');
select throws_ok($$ select private.call_pages_build_hook() $$, '42501', null, 'nor call the build hook');
select tests.authenticate_as('root@pages.test');
select throws_ok($$ select * from private.pages_freshness $$, '42501', null, 'nor can an administrator read it through the API');
select throws_ok($$ select private.call_pages_build_hook() $$, '42501', null, 'nor call the build hook');
select tests.clear_authentication();
select throws_ok($$ select private.call_pages_build_hook() $$, '42501', null, 'nor anon');
reset role;

-- The schedule and its role.
select is((select row(schedule, command, username, active)::text from cron.job where jobname = 'rebuild-pages'),
  '("* * * * *","select private.call_pages_build_hook()",rebuild_pages_job,t)', 'rebuild-pages runs every minute as rebuild_pages_job, calling the one function');
select is((select row(rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolbypassrls, rolpassword is null)::text
           from pg_authid where rolname = 'rebuild_pages_job'), '(f,f,f,f,t,f,f,t)',
  'the role: login (pg_cron needs it) without a password, no other attribute');
select is((select array_agg(p.oid::regprocedure::text order by 1) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname in ('public', 'private', 'vault', 'net', 'auth', 'storage', 'cron')
             and has_schema_privilege('rebuild_pages_job', n.oid, 'usage')
             and has_function_privilege('rebuild_pages_job', p.oid, 'execute')),
  array['private.call_pages_build_hook()'], 'the one function of ours it may execute is the build hook''s');

delete from vault.secrets where name = 'pages_build_hook_url';
grant usage on schema extensions, tests to rebuild_pages_job;
grant execute on all functions in schema extensions to rebuild_pages_job;
set local role rebuild_pages_job;
select throws_ok($$ select * from private.pages_freshness $$, '42501', null, 'the job''s role cannot read the state itself');
select throws_ok($$ select decrypted_secret from vault.decrypted_secrets $$, '42501', null, 'nor Vault');
select throws_ok($$ select net.http_post('https://elsewhere.example.test', '{}'::jsonb) $$, '42501', null, 'nor send a request of its own');
reset role;

-- One run of the job, as its role.
create function pg_temp.job_run() returns text language plpgsql as $$
declare
  step text;
begin
  perform set_config('role', 'rebuild_pages_job', true);
  assert current_user = 'rebuild_pages_job', 'the job runs as its role';
  step := private.call_pages_build_hook();
  reset role;
  return step;
end;
$$;

-- The debounce and the call.
select pg_temp.fresh();
select is(pg_temp.job_run(), 'the pages follow the catalogue', 'fresh pages: nothing to do');
update private.pages_freshness set stale_since = now() - interval '40 seconds', last_change_at = now() - interval '10 seconds';
select is(pg_temp.job_run(), 'waiting for the changes to settle', 'a change 10 seconds ago: the job waits for more');
update private.pages_freshness set last_change_at = now() - interval '31 seconds';
select is(pg_temp.job_run(), 'no build hook set', 'settled, but no URL in Vault: nothing is called');
select is((select count(*)::int from net.http_request_queue where url like '%/build_hooks/%'), 0, 'no request queued');
select is(pg_temp.stale_since(), now() - interval '40 seconds', 'and the pages stay marked stale');

select vault.create_secret('https://api.netlify.example.test/build_hooks/5c23354f454e1350f8543e78', 'pages_build_hook_url');
select is(pg_temp.job_run(), 'build hook called', 'settled, with the URL: the hook is called');
select results_eq($$ select method::text, url, body from net.http_request_queue where url like '%/build_hooks/%' $$,
  $$ values ('POST'::text, 'https://api.netlify.example.test/build_hooks/5c23354f454e1350f8543e78'::text, null::bytea) $$,
  'one POST with no body to Vault''s URL');
select is((select row(stale_since, request_stale_since, requested_at)::text from private.pages_freshness),
  row(null::timestamptz, now() - interval '40 seconds', now())::text, 'the stale mark moves to the call in flight');
select is(pg_temp.job_run(), 'waiting for the build hook''s answer', 'no answer yet: the job waits for it, calling nothing more');

-- A failure, retried later.
insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
select request_id, 500, 'text/plain', '{}', 'Build hook unavailable', false, null from private.pages_freshness;
select is(pg_temp.job_run(), 'retrying later', 'the call failed (500): the job waits before it tries again');
select is((select row(failed_calls, last_failure, last_failure_at, stale_since, request_id)::text from private.pages_freshness),
  row(1, 'HTTP 500: Build hook unavailable', now(), now() - interval '40 seconds', null::bigint)::text,
  'the failure recorded for the operator, and the pages stale again');
update private.pages_freshness set last_failure_at = now() - interval '61 seconds';
select is(pg_temp.job_run(), 'build hook called', 'a minute later: called again');
insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
select request_id, null, null, null, null, true, 'Timeout of 10000 ms reached' from private.pages_freshness;
select is(pg_temp.job_run(), 'retrying later', 'a second failure (a timeout)');
select is((select row(failed_calls, last_failure)::text from private.pages_freshness), row(2, 'Timeout of 10000 ms reached')::text,
  'the timeout recorded');
update private.pages_freshness set last_failure_at = now() - interval '61 seconds';
select is(pg_temp.job_run(), 'retrying later', 'a minute later: not yet, the delay doubles');
update private.pages_freshness set last_failure_at = now() - interval '121 seconds';
select is(pg_temp.job_run(), 'build hook called', 'two minutes later: called again');
update private.pages_freshness set requested_at = now() - interval '6 minutes';
select is(pg_temp.job_run(), 'retrying later', 'no answer recorded after five minutes: a failure too');
select is((select row(failed_calls, last_failure)::text from private.pages_freshness), row(3, 'no answer recorded')::text,
  'recorded as such');
update private.pages_freshness set last_failure_at = now() - interval '241 seconds';
select is(pg_temp.job_run(), 'build hook called', 'four minutes later: called again');
insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
select request_id, 201, 'application/json', '{}', '{"job":{"id":"build"}}', false, null from private.pages_freshness;
select is(pg_temp.job_run(), 'the pages follow the catalogue', 'the host accepts (201): the pages follow the catalogue');
select is((select row(failed_calls, last_failure, last_success_at, stale_since, request_id)::text from private.pages_freshness),
  row(0, null::text, now(), null::timestamptz, null::bigint)::text, 'the success recorded, the failures forgotten');

-- Changes that keep coming: called 10 minutes after the first all the same.
update private.pages_freshness set stale_since = now() - interval '9 minutes', last_change_at = now() - interval '5 seconds';
select is(pg_temp.job_run(), 'waiting for the changes to settle', 'changes for 9 minutes, the last 5 seconds ago: still waiting');
update private.pages_freshness set stale_since = now() - interval '10 minutes 1 second';
select is(pg_temp.job_run(), 'build hook called', 'past 10 minutes: called while the changes go on');

-- A change during a call in flight is built next time, after that call's answer.
select tests.authenticate_as('root@pages.test');
update public.products set title = 'Rituel du matin' where id = 'prod_pages_shown';
reset role;
select is((select row(stale_since, request_stale_since is not null)::text from private.pages_freshness), row(now(), true)::text,
  'a change while the hook is called marks the pages stale again, beside the call in flight');

select * from finish();
rollback;
