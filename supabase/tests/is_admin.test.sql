-- private.is_admin(): the one question every admin policy asks. It reads the caller's profile
-- (never the JWT's metadata), runs as its owner with an empty search_path, and anon may not call it.
-- PL/pgSQL keeps its plan for the session, never its answer.
begin;
\ir helpers/setup.psql
select plan(17);

select tests.create_user('alice@isadmin.test', 'Alice');
select tests.create_user('bob@isadmin.test', 'Bob');
select tests.create_user('root@isadmin.test', 'Root');
select tests.make_admin('root@isadmin.test');

select has_function('private', 'is_admin', array[]::text[], 'private.is_admin() exists');
select function_returns('private', 'is_admin', array[]::text[], 'boolean', 'it returns a boolean');
select is_definer('private', 'is_admin', array[]::text[], 'it is SECURITY DEFINER, so policies on profiles can call it without recursing');
select is((select proconfig from pg_proc where oid = 'private.is_admin()'::regprocedure), array['search_path=""'], 'its search_path is empty');
select is((select l.lanname::text from pg_proc p join pg_language l on l.oid = p.prolang where p.oid = 'private.is_admin()'::regprocedure), 'plpgsql',
  'it is PL/pgSQL, whose plan the session keeps: a SQL function that is not inlined is planned again at every statement');
select ok(not has_function_privilege('anon', 'private.is_admin()', 'execute'), 'anon has no EXECUTE on it');
select ok(not has_function_privilege('public', 'private.is_admin()', 'execute'), 'nor does PUBLIC');
select is(array(select r from unnest(array['anon', 'authenticated', 'service_role']) r where has_function_privilege(r, 'private.is_admin()', 'execute')),
  array['authenticated'], 'exactly authenticated may execute it: every policy that calls it is to authenticated');

select tests.clear_authentication();
select throws_ok($$ select private.is_admin() $$, '42501', null, 'as anon, calling it is refused');

select tests.authenticate_as('alice@isadmin.test');
select is(private.is_admin(), false, 'as customer Alice, false');

select tests.authenticate_as('bob@isadmin.test');
select is(private.is_admin(), false, 'as customer Bob, false');

select tests.authenticate_as('root@isadmin.test');
select is(private.is_admin(), true, 'as the administrator, true');

select tests.authenticate_as_service_role();
select throws_ok($$ select private.is_admin() $$, '42501', null, 'as the service role, calling it is refused: it bypasses RLS and never needs to ask');

-- A JWT whose user_metadata (which the user edits) and even app_metadata claim the admin role.
set local role authenticated;
select set_config('request.jwt.claims', json_build_object(
  'sub', tests.user_id('alice@isadmin.test'), 'role', 'authenticated', 'email', 'alice@isadmin.test',
  'user_metadata', json_build_object('role', 'admin'), 'app_metadata', json_build_object('role', 'admin'))::text, true);
select is(private.is_admin(), false, 'claims of an admin role in the token''s metadata do not make Alice an administrator');

-- A token for an account that no longer exists (or never did).
select set_config('request.jwt.claims', '{"sub": "30000000-0000-4000-a000-000000000000", "role": "authenticated"}', true);
select is(private.is_admin(), false, 'a token for an unknown user is not an administrator');

-- Demotion takes effect at once: nothing is cached in the session.
reset role;
update public.profiles set role = 'customer' where id = tests.user_id('root@isadmin.test');
select tests.authenticate_as('root@isadmin.test');
select is(private.is_admin(), false, 'once demoted, the former administrator gets false');
reset role;
select tests.make_admin('alice@isadmin.test');
select tests.authenticate_as('alice@isadmin.test');
select is(private.is_admin(), true, 'once promoted, Alice gets true');

select * from finish();
rollback;
