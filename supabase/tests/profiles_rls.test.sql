begin;
\ir helpers/setup.psql
select plan(20);

select tests.create_user('alice@rls.test', 'Alice');
select tests.create_user('bob@rls.test', 'Bob');
select tests.create_user('root@rls.test', 'Root');
select tests.make_admin('root@rls.test');

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.profiles $$, '42501', null, 'anon cannot read profiles');
select throws_ok($$ insert into public.profiles (id) values (gen_random_uuid()) $$, '42501', null, 'anon cannot insert a profile');
select throws_ok($$ update public.profiles set full_name = 'x' $$, '42501', null, 'anon cannot update profiles');
select throws_ok($$ delete from public.profiles $$, '42501', null, 'anon cannot delete profiles');

-- customer A
select tests.authenticate_as('alice@rls.test');
select is((select count(*)::int from public.profiles where id = tests.user_id('alice@rls.test')), 1, 'Alice reads her own profile');
select is_empty($$ select 1 from public.profiles where id = tests.user_id('bob@rls.test') $$, 'Alice cannot read Bob''s profile');
select is((select count(*)::int from public.profiles where id = tests.user_id('root@rls.test')), 1, 'Alice can read the administrator''s profile (the chat recipient)');
select lives_ok($$ update public.profiles set full_name = 'Alice Martin' where id = tests.user_id('alice@rls.test') $$, 'Alice updates her name');
select is((select full_name from public.profiles where id = tests.user_id('alice@rls.test')), 'Alice Martin', 'her name changed');
select lives_ok($$ update public.profiles set full_name = 'Hacked' where id = tests.user_id('bob@rls.test') $$, 'an update of Bob''s row raises nothing');
select throws_ok($$ update public.profiles set role = 'admin' where id = tests.user_id('alice@rls.test') $$, '42501', null, 'Alice cannot change her role');
select throws_ok($$ insert into public.profiles (id, role) values (gen_random_uuid(), 'admin') $$, '42501', null, 'Alice cannot insert a profile');
select throws_ok($$ delete from public.profiles where id = tests.user_id('alice@rls.test') $$, '42501', null, 'Alice cannot delete her profile');

-- customer B
select tests.authenticate_as('bob@rls.test');
select is((select full_name from public.profiles where id = tests.user_id('bob@rls.test')), 'Bob', 'Bob''s name was not changed by Alice');
select is_empty($$ select 1 from public.profiles where id = tests.user_id('alice@rls.test') $$, 'Bob cannot read Alice''s profile');

-- admin
select tests.authenticate_as('root@rls.test');
select is((select count(*)::int from public.profiles where id in (tests.user_id('alice@rls.test'), tests.user_id('bob@rls.test'))), 2, 'the administrator reads every profile');
select throws_ok($$ update public.profiles set role = 'customer' where id = tests.user_id('alice@rls.test') $$, '42501', null, 'roles do not change through the API, even for an administrator');

-- service role
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.profiles where id in (tests.user_id('alice@rls.test'), tests.user_id('bob@rls.test'))), 2, 'the service role reads every profile');
select lives_ok($$ update public.profiles set role = 'admin' where id = tests.user_id('bob@rls.test') $$, 'the service role grants a role (set-admin-role)');
select is((select role from public.profiles where id = tests.user_id('bob@rls.test')), 'admin', 'Bob is now an administrator');

select * from finish();
rollback;
