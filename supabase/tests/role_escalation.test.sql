-- A customer cannot become an administrator by any route the API offers: updating role (alone,
-- beside a permitted column, on another row), signing up with role metadata, inserting or
-- upserting a profile, swapping ids, deleting and re-creating, writing auth.users, or calling
-- the trigger function. An administrator cannot hand out roles through the API either: that is
-- set-admin-role's job (service role).
begin;
\ir helpers/setup.psql
select plan(20);

select tests.create_user('alice@escalation.test', 'Alice');
select tests.create_user('bob@escalation.test', 'Bob');
select tests.create_user('root@escalation.test', 'Root');
select tests.make_admin('root@escalation.test');

select ok(not has_column_privilege('authenticated', 'public.profiles', 'role', 'update'), 'authenticated has no UPDATE on profiles.role');
select ok(not has_column_privilege('anon', 'public.profiles', 'role', 'update'), 'nor has anon');

select tests.authenticate_as('alice@escalation.test');
select throws_ok($$ update public.profiles set role = 'admin' where id = tests.user_id('alice@escalation.test') $$, '42501', null, 'updating her own role is refused');
select throws_ok($$ update public.profiles set full_name = 'Alice', role = 'admin' where id = tests.user_id('alice@escalation.test') $$, '42501', null, 'so is updating it beside a permitted column');
select throws_ok($$ update public.profiles set role = 'admin' where id = tests.user_id('bob@escalation.test') $$, '42501', null, 'so is updating someone else''s role');
select throws_ok($$ update public.profiles set id = tests.user_id('root@escalation.test') where id = tests.user_id('alice@escalation.test') $$, '42501', null, 'she cannot take over the administrator''s row by changing her id');
select throws_ok($$ insert into public.profiles (id, full_name, role) values (gen_random_uuid(), 'Fake', 'admin') $$, '42501', null, 'inserting an admin profile is refused');
select throws_ok($$ insert into public.profiles (id, role) values (tests.user_id('alice@escalation.test'), 'admin') on conflict (id) do update set role = 'admin' $$, '42501', null, 'so is an upsert of her own profile');
select throws_ok($$ delete from public.profiles where id = tests.user_id('alice@escalation.test') $$, '42501', null, 'deleting her profile (to re-create it) is refused');
select throws_ok($$ update auth.users set raw_user_meta_data = '{"role": "admin"}', raw_app_meta_data = '{"role": "admin"}' where id = tests.user_id('alice@escalation.test') $$, '42501', null, 'writing auth.users directly is refused');
select throws_ok($$ insert into auth.users (id, email) values (gen_random_uuid(), 'sock@escalation.test') $$, '42501', null, 'so is creating an account directly');
select throws_ok($$ select private.create_profile_for_new_user() $$, '42501', null, 'the trigger function cannot be called');

-- Updating a permitted column is allowed, and leaves the role as it was.
select lives_ok($$ update public.profiles set full_name = 'Alice Martin', avatar_url = 'https://img.test/a.png' where id = tests.user_id('alice@escalation.test') $$, 'she may update her name and avatar');
select results_eq($$ select full_name, role from public.profiles where id = tests.user_id('alice@escalation.test') $$,
  $$ values ('Alice Martin'::text, 'customer'::text) $$, 'her name changed, her role did not');

-- A token that claims the service role while the database role is authenticated changes nothing.
select set_config('request.jwt.claims', json_build_object('sub', tests.user_id('alice@escalation.test'), 'role', 'service_role')::text, true);
select throws_ok($$ update public.profiles set role = 'admin' where id = tests.user_id('alice@escalation.test') $$, '42501', null, 'a service_role claim in the token does not lift the column grant');

-- Sign-up metadata: the trigger never reads the role from it.
reset role;
select tests.create_user('mallory@escalation.test', 'Mallory', '{"role": "admin", "is_admin": true}');
select is((select role from public.profiles where id = tests.user_id('mallory@escalation.test')), 'customer', 'signing up with role: admin in the metadata gives a customer');

-- An administrator does not grant roles through the API.
select tests.authenticate_as('root@escalation.test');
select throws_ok($$ update public.profiles set role = 'admin' where id = tests.user_id('bob@escalation.test') $$, '42501', null, 'an administrator cannot promote Bob through the API');
select throws_ok($$ update public.profiles set role = 'customer' where id = tests.user_id('root@escalation.test') $$, '42501', null, 'nor change his own role');

-- The service role (set-admin-role) is the one route.
select tests.authenticate_as_service_role();
select lives_ok($$ update public.profiles set role = 'admin' where id = tests.user_id('bob@escalation.test') $$, 'the service role promotes Bob');

reset role;
select results_eq(
  $$ select u.email, p.role from public.profiles p join auth.users u on u.id = p.id where u.email like '%@escalation.test' order by u.email $$,
  $$ values ('alice@escalation.test'::varchar, 'customer'::text), ('bob@escalation.test', 'admin'), ('mallory@escalation.test', 'customer'), ('root@escalation.test', 'admin') $$,
  'after every attempt, only the administrator and the service role''s promotion hold the admin role');

select * from finish();
rollback;
