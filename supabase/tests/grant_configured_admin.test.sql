-- grant_configured_admin(): set-admin-role's one call. Only the service role may run it; it
-- promotes a confirmed account found by address whatever its case, once, records the change once,
-- and says what happened for an address with no account, an unconfirmed one, an SSO account, or
-- an administrator already.
begin;
\ir helpers/setup.psql
select plan(17);

select tests.create_user('Claire@Configured.test', 'Claire');
select tests.create_user('root@configured.test', 'Root');
select tests.make_admin('root@configured.test');
select tests.create_user('pending@configured.test', 'Pending');
update auth.users set email_confirmed_at = null where email = 'pending@configured.test';
select tests.create_user('sso@configured.test', 'Sso');
update auth.users set is_sso_user = true where email = 'sso@configured.test';

-- Nobody but the service role.
select tests.clear_authentication();
select throws_ok($$ select public.grant_configured_admin('claire@configured.test') $$, '42501', null, 'anon cannot run it');
reset role;
select tests.authenticate_as('Claire@Configured.test');
select throws_ok($$ select public.grant_configured_admin('claire@configured.test') $$, '42501', null, 'the account itself cannot promote itself');
reset role;
select tests.authenticate_as('root@configured.test');
select throws_ok($$ select public.grant_configured_admin('claire@configured.test') $$, '42501', null, 'an administrator cannot run it either (admin_set_role() is theirs)');
reset role;
select is((select role from public.profiles where id = tests.user_id('Claire@Configured.test')), 'customer', 'after the refused calls Claire is still a customer');

-- The service role, as set-admin-role runs it.
select tests.authenticate_as_service_role();
select is(public.grant_configured_admin('claire@CONFIGURED.test'), 'promoted', 'the address is found whatever its case, and promoted');
select is(public.grant_configured_admin('claire@configured.test'), 'already_admin', 'a second call changes nothing');
select is(public.grant_configured_admin('root@configured.test'), 'already_admin', 'nor does one for an administrator already');
select is(public.grant_configured_admin('nobody@configured.test'), 'account_not_found', 'an address without an account is said so');
select is(public.grant_configured_admin('pending@configured.test'), 'email_not_confirmed', 'an unconfirmed account is not promoted');
select is(public.grant_configured_admin('sso@configured.test'), 'account_not_found', 'an SSO account is not found by address, as GoTrue does not');
select is(public.grant_configured_admin(''), 'account_not_found', 'nor is an empty address');
reset role;

select is((select role from public.profiles where id = tests.user_id('Claire@Configured.test')), 'admin', 'Claire is an administrator');
select is((select role from public.profiles where id = tests.user_id('pending@configured.test')), 'customer', 'the unconfirmed account is still a customer');
select is((select role from public.profiles where id = tests.user_id('sso@configured.test')), 'customer', 'so is the SSO account');
select results_eq(
  $$ select changed_by, old_role, new_role from public.admin_role_changes where user_id = tests.user_id('Claire@Configured.test') $$,
  $$ values (null::uuid, 'customer'::text, 'admin'::text) $$,
  'the promotion is recorded once, by no signed-in administrator');

-- An account whose profile is gone (never the case through the API; an operator's SQL could).
delete from public.profiles where id = tests.user_id('pending@configured.test');
update auth.users set email_confirmed_at = now() where email = 'pending@configured.test';
select tests.authenticate_as_service_role();
select is(public.grant_configured_admin('pending@configured.test'), 'profile_not_found', 'a confirmed account without a profile is said so');
reset role;

select ok(not has_function_privilege('authenticated', 'public.grant_configured_admin(text)', 'execute'), 'authenticated holds no EXECUTE on it');

select * from finish();
rollback;
