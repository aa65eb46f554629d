-- The trigger on auth.users gives every new account exactly one profile: full_name from the
-- sign-up metadata (trimmed, at most 200 characters, blank means none), role always 'customer'
-- whatever the metadata says.
begin;
\ir helpers/setup.psql
select plan(17);

select has_trigger('auth', 'users', 'on_auth_user_created', 'auth.users has the profile trigger');
select trigger_is('auth', 'users', 'on_auth_user_created', 'private', 'create_profile_for_new_user', 'it calls private.create_profile_for_new_user()');
select is_definer('private', 'create_profile_for_new_user', array[]::text[], 'the trigger function runs as its owner (the API roles cannot write profiles)');

select tests.create_user('alice@trigger.test', 'Alice Martin');
select tests.create_user('bob@trigger.test');
select tests.create_user('blank@trigger.test', '   ');
select tests.create_user('spaced@trigger.test', '  Élise Roux  ');
select tests.create_user('long@trigger.test', repeat('n', 250));
select tests.create_user('mallory@trigger.test', 'Mallory', '{"role": "admin"}');
-- GoTrue never lets a user write app_metadata, but the trigger must not read it either.
insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data)
values (gen_random_uuid(), 'authenticated', 'authenticated', 'app@trigger.test', '{"role": "admin"}', '{"full_name": "App"}');

select results_eq(
  $$ select id, full_name, role from public.profiles where id = tests.user_id('alice@trigger.test') $$,
  $$ values (tests.user_id('alice@trigger.test'), 'Alice Martin'::text, 'customer'::text) $$,
  'a new account gets a profile with its id, the full name of the sign-up metadata, role customer');
select is((select full_name from public.profiles where id = tests.user_id('bob@trigger.test')), null, 'without a full name in the metadata, full_name is null');
select is((select full_name from public.profiles where id = tests.user_id('blank@trigger.test')), null, 'a blank full name is stored as null');
select is((select full_name from public.profiles where id = tests.user_id('spaced@trigger.test')), 'Élise Roux', 'the full name is trimmed');
select is((select char_length(full_name) from public.profiles where id = tests.user_id('long@trigger.test')), 200, 'an over-long full name is cut to 200 characters rather than refusing the sign-up');
select is((select role from public.profiles where id = tests.user_id('mallory@trigger.test')), 'customer', 'role: admin in the sign-up metadata still gives a customer');
select is((select role from public.profiles where id = tests.user_id('app@trigger.test')), 'customer', 'role: admin in app_metadata is not read either');
select is((select count(*)::integer from public.profiles where id in (select id from auth.users where email like '%@trigger.test')), 7, 'each of the seven accounts has one profile');
select isnt((select created_at from public.profiles where id = tests.user_id('alice@trigger.test')), null, 'created_at is set');

-- The dashboard's "new members" count and the touch trigger.
update public.profiles set updated_at = '2000-01-01', full_name = 'Alice M.' where id = tests.user_id('alice@trigger.test');
select isnt((select updated_at from public.profiles where id = tests.user_id('alice@trigger.test')), '2000-01-01'::timestamptz, 'updating a profile refreshes updated_at, whatever the update says');

-- pg_trigger.tgtype bits: 1 = for each row, 2 = before, 4 = insert.
select ok((select tgtype & 7 = 5 from pg_trigger where tgrelid = 'auth.users'::regclass and tgname = 'on_auth_user_created'),
  'it fires after each insert, once the account row exists');

delete from auth.users where id = tests.user_id('bob@trigger.test');
select is_empty($$ select 1 from public.profiles p where not exists (select 1 from auth.users u where u.id = p.id) $$, 'deleting an account deletes its profile');
select throws_ok($$ insert into public.profiles (id) values (gen_random_uuid()) $$, '23503', null, 'no profile exists without an account');
select throws_ok($$ insert into public.profiles (id) values (tests.user_id('alice@trigger.test')) $$, '23505', null, 'and never two for one account');

select * from finish();
rollback;
