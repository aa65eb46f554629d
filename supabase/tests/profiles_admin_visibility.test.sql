-- Who sees which profile fields: the chat looks up its recipient with
-- `profiles.select('id, full_name, avatar_url').eq('role', 'admin').limit(1).single()`, so a
-- signed-in customer must see administrators' public fields, but never another customer's
-- profile. Anon sees none. (profiles_rls covers a user's own row and role changes.)
begin;
\ir helpers/setup.psql
select plan(9);

select tests.create_user('xavier@visibility.test', 'Maître Xavier');
select tests.create_user('alice@visibility.test', 'Alice Durand');
select tests.create_user('bruno@visibility.test', 'Bruno Petit');
select tests.make_admin('xavier@visibility.test');
update public.profiles set avatar_url = 'https://img.test/xavier.png' where id = tests.user_id('xavier@visibility.test');

select tests.clear_authentication();
select throws_ok($$ select id, full_name, avatar_url from public.profiles where role = 'admin' $$, '42501', null, 'as anon, no profile is readable');

select tests.authenticate_as('alice@visibility.test');
select results_eq(
  $$ select id, full_name, avatar_url from public.profiles where id = tests.user_id('xavier@visibility.test') $$,
  $$ values (tests.user_id('xavier@visibility.test'), 'Maître Xavier'::text, 'https://img.test/xavier.png'::text) $$,
  'as customer Alice, the administrator''s id, full name and avatar are readable');
select isnt_empty($$ select id, full_name, avatar_url from public.profiles where role = 'admin' limit 1 $$,
  'the chat''s recipient look-up finds an administrator');
select is_empty($$ select 1 from public.profiles where id = tests.user_id('bruno@visibility.test') $$, 'as customer Alice, Bruno''s profile is invisible');
select is_empty($$ select 1 from public.profiles where role = 'customer' and id <> tests.user_id('alice@visibility.test') $$,
  'no other customer''s profile is visible to her');
update public.profiles set full_name = 'Piraté' where id in (tests.user_id('xavier@visibility.test'), tests.user_id('bruno@visibility.test'));

select tests.authenticate_as('bruno@visibility.test');
select is_empty($$ select 1 from public.profiles where id = tests.user_id('alice@visibility.test') $$, 'as customer Bruno, Alice''s profile is invisible');

select tests.authenticate_as('xavier@visibility.test');
select is((select count(*)::integer from public.profiles where id in (tests.user_id('alice@visibility.test'), tests.user_id('bruno@visibility.test'))), 2,
  'as an administrator, Xavier sees both customers (the conversations page names them)');

reset role;
select is((select full_name from public.profiles where id = tests.user_id('xavier@visibility.test')), 'Maître Xavier',
  'seeing the administrator''s profile did not let Alice change it');
select is((select full_name from public.profiles where id = tests.user_id('bruno@visibility.test')), 'Bruno Petit', 'nor Bruno''s');

select * from finish();
rollback;
