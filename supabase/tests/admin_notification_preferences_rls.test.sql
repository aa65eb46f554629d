-- admin_notification_preferences: each administrator reads and writes their own choices only;
-- another administrator's row is invisible and untouchable; customers and anon read and write none.
begin;
\ir helpers/setup.psql
select plan(16);

select tests.create_user('prefs-customer@example.test');
select tests.create_user('prefs-admin-a@example.test');
select tests.create_user('prefs-admin-b@example.test');
select tests.make_admin('prefs-admin-a@example.test');
select tests.make_admin('prefs-admin-b@example.test');
insert into public.admin_notification_preferences (admin_id, chat, digest_hour)
values (tests.user_id('prefs-admin-b@example.test'), 'digest', 19);

select tests.clear_authentication();
select throws_ok($$ select * from public.admin_notification_preferences $$, '42501', null, 'anon cannot read preferences');
select throws_ok($$ insert into public.admin_notification_preferences (admin_id) values (gen_random_uuid()) $$, '42501', null, 'nor write any');

select tests.authenticate_as('prefs-customer@example.test');
select is_empty($$ select * from public.admin_notification_preferences $$, 'a customer sees no preferences');
select throws_ok($$ insert into public.admin_notification_preferences (admin_id, contact) values (tests.user_id('prefs-customer@example.test'), 'none') $$,
  '42501', null, 'a customer cannot create preferences, even for themselves');
select is_empty($$ update public.admin_notification_preferences set chat = 'none' returning 1 $$, 'a customer''s update touches no row');

select tests.authenticate_as('prefs-admin-a@example.test');
select is_empty($$ select * from public.admin_notification_preferences $$, 'an administrator does not see another administrator''s choices');
select lives_ok($$ insert into public.admin_notification_preferences (contact, chat, orders, digest_hour) values ('immediate', 'digest', 'none', 7) $$,
  'an administrator records their own choices (the row is theirs by default)');
select results_eq($$ select admin_id, contact, chat, orders, digest_hour from public.admin_notification_preferences $$,
  $$ values (tests.user_id('prefs-admin-a@example.test'), 'immediate'::public.admin_notification_delivery, 'digest'::public.admin_notification_delivery,
             'none'::public.admin_notification_delivery, 7::smallint) $$,
  'and reads them back, only them');
select results_eq($$ update public.admin_notification_preferences set orders = 'digest', digest_hour = 21 returning orders::text, digest_hour $$,
  $$ values ('digest'::text, 21::smallint) $$, 'changes them');
select throws_ok($$ insert into public.admin_notification_preferences (admin_id) values (tests.user_id('prefs-admin-b@example.test')) $$,
  '42501', null, 'cannot create a row for another administrator');
select throws_ok($$ update public.admin_notification_preferences set admin_id = tests.user_id('prefs-admin-b@example.test') $$,
  '42501', null, 'nor hand their row to another');
select throws_ok($$ update public.admin_notification_preferences set digest_hour = 24 $$, '23514', null, 'the digest hour is one of the day''s 24');
select throws_ok($$ delete from public.admin_notification_preferences $$, '42501', null, 'nor delete preferences');

select tests.authenticate_as('prefs-admin-b@example.test');
select results_eq($$ select chat::text, digest_hour from public.admin_notification_preferences $$, $$ values ('digest'::text, 19::smallint) $$,
  'the other administrator sees only their own row, untouched');

select tests.authenticate_as_service_role();
select is((select count(*)::integer from public.admin_notification_preferences), 2, 'the service role reads every row');
reset role;
update public.profiles set role = 'customer' where id = tests.user_id('prefs-admin-b@example.test');
select tests.authenticate_as('prefs-admin-b@example.test');
select is_empty($$ select * from public.admin_notification_preferences $$, 'an administrator who stepped down no longer reads their row');

select * from finish();
rollback;
