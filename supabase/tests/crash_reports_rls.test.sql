-- crash_reports: every caller may report; a report belongs to whoever is signed in (or to no one);
-- only administrators read; nobody edits or deletes through the API.
begin;
\ir helpers/setup.psql
select plan(24);

select tests.create_user('alice@crash.test');
select tests.create_user('bob@crash.test');
select tests.create_user('root@crash.test');
select tests.make_admin('root@crash.test');

select tests.clear_authentication();
select lives_ok($$ insert into public.crash_reports (message, details, page_url, user_agent) values ('visitor crash', 'TypeError: x', 'http://127.0.0.1/store', 'Chromium') $$, 'a visitor reports a crash');
select throws_ok($$ select * from public.crash_reports $$, '42501', null, 'a visitor cannot read crash reports');
select throws_ok($$ insert into public.crash_reports (message, page_url, user_id) values ('m', 'http://x/', tests.user_id('alice@crash.test')) $$, '42501', null, 'a visitor cannot file a report in a customer''s name');
select throws_ok($$ insert into public.crash_reports (message, page_url, created_at) values ('m', 'http://x/', '2000-01-01') $$, '42501', null, 'a visitor cannot backdate a report');
select throws_ok($$ insert into public.crash_reports (message, page_url) values ('m', 'http://x/') returning id $$, '42501', null, 'a visitor cannot read back a report');
select throws_ok($$ update public.crash_reports set message = 'x' $$, '42501', null, 'a visitor cannot edit reports');
select throws_ok($$ delete from public.crash_reports $$, '42501', null, 'a visitor cannot delete reports');

select tests.authenticate_as('alice@crash.test');
select lives_ok($$ insert into public.crash_reports (message, page_url) values ('alice crash', 'http://127.0.0.1/dashboard') $$, 'a customer reports a crash');
select throws_ok($$ insert into public.crash_reports (message, page_url, user_id) values ('m', 'http://x/', tests.user_id('bob@crash.test')) $$, '42501', null, 'a customer cannot file a report in another customer''s name');
select is_empty($$ select 1 from public.crash_reports $$, 'a customer reads no crash report, not even her own');
select throws_ok($$ update public.crash_reports set message = 'x' $$, '42501', null, 'a customer cannot edit reports');
select throws_ok($$ delete from public.crash_reports $$, '42501', null, 'a customer cannot delete reports');

select tests.authenticate_as('bob@crash.test');
select is_empty($$ select 1 from public.crash_reports $$, 'another customer reads no crash report either');

select tests.authenticate_as('root@crash.test');
select results_eq($$ select message, user_id from public.crash_reports order by message $$,
  $$ values ('alice crash'::text, tests.user_id('alice@crash.test')), ('visitor crash', null) $$,
  'the administrator reads every report, each tied to the account that was signed in (none for the visitor)');
select throws_ok($$ delete from public.crash_reports $$, '42501', null, 'the administrator cannot delete reports through the API');

select tests.authenticate_as_service_role();
select is((select count(*)::int from public.crash_reports), 2, 'the service role reads every report');
select lives_ok($$ delete from public.crash_reports where message = 'visitor crash' $$, 'the service role deletes a report');

select tests.clear_authentication();
select throws_ok($$ insert into public.crash_reports (message, page_url) values (e' \n\t', 'http://x/') $$, '23514', null, 'a blank message is refused');
select throws_ok($$ insert into public.crash_reports (message, page_url) values (repeat('m', 2001), 'http://x/') $$, '23514', null, 'a message over 2,000 characters is refused');
select throws_ok($$ insert into public.crash_reports (message, page_url) values ('m' || repeat(' ', 5000), 'http://x/') $$, '23514', null, 'padding with spaces does not slip past the limit');
select throws_ok($$ insert into public.crash_reports (message, details, page_url) values ('m', repeat('d', 20001), 'http://x/') $$, '23514', null, 'details over 20,000 characters are refused');
select throws_ok($$ insert into public.crash_reports (message, page_url) values ('m', 'javascript:alert(1)') $$, '23514', null, 'a page address that is not http(s) is refused');
select throws_ok($$ insert into public.crash_reports (message, page_url, user_agent) values ('m', 'http://x/', repeat('u', 501)) $$, '23514', null, 'a user agent over 500 characters is refused');
select lives_ok($$ insert into public.crash_reports (message, page_url) values ('m', 'https://lumiere-sacree.test/faq') $$, 'a report without details nor user agent is accepted');

select * from finish();
rollback;
