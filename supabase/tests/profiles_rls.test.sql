begin;
\ir helpers/setup.psql
select plan(32);

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
select is_empty($$ update public.profiles set full_name = 'Hacked' where id = tests.user_id('alice@rls.test') returning id $$, 'Bob''s update of Alice''s row touches no row');
select lives_ok($$ update public.profiles set full_name = 'Bob Petit', avatar_url = 'https://img.test/bob.png' where id = tests.user_id('bob@rls.test') $$, 'Bob updates his own name and avatar');
select results_eq($$ select full_name, avatar_url from public.profiles where id = tests.user_id('bob@rls.test') $$, $$ values ('Bob Petit'::text, 'https://img.test/bob.png'::text) $$, 'his row changed');
select throws_ok($$ insert into public.profiles (id) values (gen_random_uuid()) $$, '42501', null, 'Bob cannot insert a profile');
select throws_ok($$ delete from public.profiles $$, '42501', null, 'Bob cannot delete profiles');

-- admin
select tests.authenticate_as('root@rls.test');
select is((select count(*)::int from public.profiles where id in (tests.user_id('alice@rls.test'), tests.user_id('bob@rls.test'))), 2, 'the administrator reads every profile');
select throws_ok($$ update public.profiles set role = 'customer' where id = tests.user_id('alice@rls.test') $$, '42501', null, 'roles do not change through the API, even for an administrator');
select is_empty($$ update public.profiles set full_name = 'Renamed' where id = tests.user_id('alice@rls.test') returning id $$, 'the administrator cannot rename a customer (he updates only his own row)');
select lives_ok($$ update public.profiles set full_name = 'Maître Root' where id = tests.user_id('root@rls.test') $$, 'the administrator updates his own name');
select throws_ok($$ insert into public.profiles (id) values (gen_random_uuid()) $$, '42501', null, 'the administrator cannot insert a profile');
select throws_ok($$ delete from public.profiles where id = tests.user_id('bob@rls.test') $$, '42501', null, 'the administrator cannot delete a profile');

-- service role
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.profiles where id in (tests.user_id('alice@rls.test'), tests.user_id('bob@rls.test'))), 2, 'the service role reads every profile');
select lives_ok($$ update public.profiles set role = 'admin' where id = tests.user_id('bob@rls.test') $$, 'the service role grants a role (set-admin-role)');
select is((select role from public.profiles where id = tests.user_id('bob@rls.test')), 'admin', 'Bob is now an administrator');

select lives_ok($$ delete from public.profiles where id = tests.user_id('bob@rls.test') $$, 'the service role deletes a profile');
select lives_ok($$ insert into public.profiles (id, full_name) values (tests.user_id('bob@rls.test'), 'Bob') $$, 'and re-creates it');

reset role;
select is((select full_name from public.profiles where id = tests.user_id('alice@rls.test')), 'Alice Martin', 'in the end, Alice''s name is the one she chose');

select * from finish();
rollback;
