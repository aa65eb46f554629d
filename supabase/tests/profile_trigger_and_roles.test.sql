begin;
\ir helpers/setup.psql
select plan(11);

select tests.create_user('alice@roles.test', 'Alice Martin');
select tests.create_user('mallory@roles.test', 'Mallory', '{"role":"admin"}');
select tests.create_user('root@roles.test');
select tests.make_admin('root@roles.test');

select is((select full_name from public.profiles where id = tests.user_id('alice@roles.test')), 'Alice Martin', 'the trigger copies the full name from the sign-up metadata');
select is((select role from public.profiles where id = tests.user_id('alice@roles.test')), 'customer', 'a new account is a customer');
select is((select role from public.profiles where id = tests.user_id('mallory@roles.test')), 'customer', 'sign-up metadata cannot make an administrator');

select tests.clear_authentication();
select throws_ok($$ select private.is_admin() $$, '42501', null, 'anon cannot call is_admin()');

select tests.authenticate_as('alice@roles.test');
select is(private.is_admin(), false, 'is_admin() is false for a customer');
select throws_ok($$ update public.profiles set role = 'admin' where id = tests.user_id('alice@roles.test') $$, '42501', null, 'a customer cannot raise her role');
select throws_ok($$ update public.profiles set full_name = 'Alice', role = 'admin' where id = tests.user_id('alice@roles.test') $$, '42501', null, 'nor alongside a permitted column');
select throws_ok($$ insert into public.profiles (id, role) values (tests.user_id('alice@roles.test'), 'admin') $$, '42501', null, 'nor by inserting a profile');

select tests.authenticate_as('root@roles.test');
select is(private.is_admin(), true, 'is_admin() is true for an administrator');

select tests.authenticate_as_service_role();
select is(private.is_admin(), false, 'is_admin() is false without a signed-in user');
select is((select role from public.profiles where id = tests.user_id('alice@roles.test')), 'customer', 'after every attempt Alice is still a customer');

select * from finish();
rollback;
