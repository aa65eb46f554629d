-- admin_set_role() and admin_role_history(): only administrators grant and revoke the role; the
-- last administrator is never removed; every change of role, by any path, is written to
-- admin_role_changes, which only administrators read and nobody (its owner included) rewrites.
begin;
\ir helpers/setup.psql
select plan(46);

-- Only this file's administrators: whoever the database already had (the seed's) steps down.
update public.profiles set role = 'customer' where role = 'admin';
select tests.create_user('xavier@roles.test', 'Xavier');
select tests.create_user('alice@roles.test', 'Alice');
select tests.create_user('bruno@roles.test', 'Bruno');
select tests.make_admin('xavier@roles.test');
create temporary table history_start as select coalesce(max(id), 0) as id from public.admin_role_changes;
grant select on history_start to authenticated;

-- The functions and the table's contract.
select has_function('public', 'admin_set_role', array['uuid', 'text'], 'admin_set_role(uuid, text) exists');
select is_definer('public', 'admin_set_role', array['uuid', 'text'], 'it runs as its owner, behind its own check');
select is((select proconfig from pg_proc where oid = 'public.admin_set_role(uuid, text)'::regprocedure), array['search_path=""'], 'its search_path is empty');
select ok(not has_function_privilege('anon', 'public.admin_set_role(uuid, text)', 'execute'), 'anon may not execute admin_set_role');
select ok(not has_function_privilege('anon', 'public.admin_role_history(uuid)', 'execute'), 'anon may not execute admin_role_history');
select is_definer('public', 'admin_role_history', array['uuid'], 'admin_role_history runs as its owner, behind its own check');
select ok(not has_table_privilege('anon', 'public.admin_role_changes', 'select'), 'anon may not read the history');
select is_empty($$
  select r.role || ' ' || priv from unnest(array['anon', 'authenticated', 'service_role']) r(role)
  cross join unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) priv
  where has_table_privilege(r.role, 'public.admin_role_changes', priv)
$$, 'no API role may insert, update, delete or truncate the history');
select results_eq($$
  select a.privilege_type::text from pg_class c cross join aclexplode(c.relacl) a
  where c.oid = 'public.admin_role_changes'::regclass and a.grantee = c.relowner order by 1
$$, $$ values ('INSERT'), ('SELECT') $$, 'its owner kept only INSERT (for the recording trigger) and SELECT');

-- Anon, a customer and another customer are refused, and nothing changes.
select tests.clear_authentication();
select throws_ok($$ select public.admin_set_role(tests.user_id('alice@roles.test'), 'admin') $$, '42501', null, 'as anon, granting is refused');
select throws_ok($$ select * from public.admin_role_history(tests.user_id('alice@roles.test')) $$, '42501', null, 'as anon, reading a history is refused');
select throws_ok($$ select * from public.admin_role_changes $$, '42501', null, 'as anon, reading the table is refused');
select tests.authenticate_as('alice@roles.test');
select throws_ok($$ select public.admin_set_role(tests.user_id('alice@roles.test'), 'admin') $$, '42501', 'admin_set_role is reserved to administrators',
  'a customer cannot make herself an administrator');
select throws_ok($$ select public.admin_set_role(tests.user_id('xavier@roles.test'), 'customer') $$, '42501', 'admin_set_role is reserved to administrators',
  'a customer cannot remove an administrator');
select throws_ok($$ select * from public.admin_role_history(tests.user_id('alice@roles.test')) $$, '42501', 'admin_role_history is reserved to administrators',
  'a customer cannot read her own role history');
select tests.authenticate_as('bruno@roles.test');
select throws_ok($$ select public.admin_set_role(tests.user_id('alice@roles.test'), 'admin') $$, '42501', 'admin_set_role is reserved to administrators',
  'another customer cannot make Alice an administrator');
select throws_ok($$ select * from public.admin_role_history(tests.user_id('alice@roles.test')) $$, '42501', 'admin_role_history is reserved to administrators',
  'another customer cannot read Alice''s role history');
select is_empty($$ select * from public.admin_role_changes $$, 'a customer reads no role change');
select throws_ok($$ update public.profiles set role = 'admin' where id = (select auth.uid()) $$, '42501', null,
  'nor can a customer write the role column directly');
reset role;
select is((select role from public.profiles where id = tests.user_id('alice@roles.test')), 'customer', 'after all that, Alice is still a customer');
select is((select count(*)::integer from public.admin_role_changes where id > (select id from history_start)), 0, 'and nothing was recorded');

-- An administrator grants the role, then the new administrator revokes it from someone else.
select tests.authenticate_as('xavier@roles.test');
select is(public.admin_set_role(tests.user_id('alice@roles.test'), 'admin'), 'admin', 'an administrator grants Alice the role');
select is(public.admin_set_role(tests.user_id('alice@roles.test'), 'admin'), 'admin', 'granting it again answers the same');
select tests.authenticate_as('alice@roles.test');
select ok((select private.is_admin()), 'Alice is now an administrator');
select is(public.admin_set_role(tests.user_id('xavier@roles.test'), 'customer'), 'customer', 'Alice revokes Xavier''s role');
select tests.authenticate_as('xavier@roles.test');
select ok(not (select private.is_admin()), 'Xavier is no longer an administrator');
select throws_ok($$ select public.admin_set_role(tests.user_id('xavier@roles.test'), 'admin') $$, '42501', 'admin_set_role is reserved to administrators',
  'and cannot take the role back himself');

-- The last administrator.
select tests.authenticate_as('alice@roles.test');
select throws_ok($$ select public.admin_set_role(tests.user_id('alice@roles.test'), 'customer') $$, 'PT409',
  'Impossible de retirer ce rôle : la boutique doit garder au moins un administrateur.',
  'the last administrator cannot remove her own role, and is told why in French');
select ok((select private.is_admin()), 'Alice is still an administrator');
select throws_ok($$ select public.admin_set_role(gen_random_uuid(), 'admin') $$, 'PT404', 'Compte introuvable.', 'an unknown account is refused');
select throws_ok($$ select public.admin_set_role(tests.user_id('bruno@roles.test'), 'owner') $$, '22023', null, 'an unknown role is refused');
select throws_ok($$ select public.admin_set_role(tests.user_id('bruno@roles.test'), null) $$, '22023', null, 'a missing role is refused');
select is(public.admin_set_role(tests.user_id('bruno@roles.test'), 'admin'), 'admin', 'with Bruno made an administrator');
select is(public.admin_set_role(tests.user_id('alice@roles.test'), 'customer'), 'customer', 'Alice may step down: Bruno remains');

-- The history: who, whom, what, when, exactly the changes made (the repeated grant added none).
-- set-admin-role's ADMIN_EMAILS path (the service role) is recorded too.
select tests.authenticate_as_service_role();
update public.profiles set role = 'admin' where id = tests.user_id('alice@roles.test');
select tests.authenticate_as('bruno@roles.test');
select results_eq($$
  select coalesce(changed_by::text, 'service'), user_id, old_role, new_role, changed_at = now()
  from public.admin_role_changes where id > (select id from history_start) order by id
$$, $$ values
  (tests.user_id('xavier@roles.test')::text, tests.user_id('alice@roles.test'), 'customer', 'admin', true),
  (tests.user_id('alice@roles.test')::text, tests.user_id('xavier@roles.test'), 'admin', 'customer', true),
  (tests.user_id('alice@roles.test')::text, tests.user_id('bruno@roles.test'), 'customer', 'admin', true),
  (tests.user_id('alice@roles.test')::text, tests.user_id('alice@roles.test'), 'admin', 'customer', true),
  ('service', tests.user_id('alice@roles.test'), 'customer', 'admin', true)
$$, 'every change is recorded with who made it (nobody for the service role), whom, what and when; a change to the same role adds nothing');
select results_eq($$ select changed_by_email, changed_by_name, old_role, new_role from public.admin_role_history(tests.user_id('alice@roles.test')) $$,
  $$ values (null, null, 'customer', 'admin'), ('alice@roles.test', 'Alice', 'admin', 'customer'), ('xavier@roles.test', 'Xavier', 'customer', 'admin') $$,
  'an administrator reads one account''s history, newest first, with who made each change');

-- Nobody rewrites the history.
select throws_ok($$ update public.admin_role_changes set new_role = 'customer' $$, '42501', null, 'an administrator cannot update it');
select throws_ok($$ delete from public.admin_role_changes $$, '42501', null, 'nor delete from it');
select throws_ok($$ insert into public.admin_role_changes (user_id, old_role, new_role) values ((select auth.uid()), 'customer', 'admin') $$, '42501', null,
  'nor insert into it');
select tests.authenticate_as_service_role();
select throws_ok($$ update public.admin_role_changes set new_role = 'customer' $$, '42501', null, 'the service role cannot update it');
select throws_ok($$ delete from public.admin_role_changes $$, '42501', null, 'nor delete from it');
select throws_ok($$ truncate public.admin_role_changes $$, '42501', null, 'nor truncate it');
reset role;
select throws_ok($$ update public.admin_role_changes set new_role = 'customer' $$, '42501', 'admin_role_changes is append-only: UPDATE refused',
  'even its owner (a superuser here) cannot update it');
select throws_ok($$ delete from public.admin_role_changes $$, '42501', 'admin_role_changes is append-only: DELETE refused', 'nor delete from it');
select throws_ok($$ truncate public.admin_role_changes $$, '42501', 'admin_role_changes is append-only: TRUNCATE refused', 'nor truncate it');
delete from auth.users where id = tests.user_id('xavier@roles.test');
select is((select count(*)::integer from public.admin_role_changes where changed_by = tests.user_id('alice@roles.test')), 3,
  'deleting an account leaves the history as it was');

select * from finish();
rollback;
