-- Guards for what a later migration could forget.
begin;
\ir helpers/setup.psql
select plan(11);

select is_empty($$
  select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity
$$, 'every table in public has row-level security enabled');

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname in ('public', 'private') and p.prosecdef
    and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
$$, 'every SECURITY DEFINER function has a fixed search_path');

select is_empty($$
  select p.oid::regprocedure::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname in ('public', 'private') and has_function_privilege('anon', p.oid, 'execute')
$$, 'anon can execute no function of public or private');

select ok(exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'user_messages'), 'user_messages streams through realtime');
select ok(not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename in ('orders', 'contact_messages', 'checkout_sessions', 'product_files')), 'no other table streams');

select has_table('public', 'profiles', 'profiles exists');
select has_table('public', 'orders', 'orders exists');
select has_table('public', 'order_items', 'order_items exists');
select has_table('public', 'contact_messages', 'contact_messages exists');
select has_table('public', 'checkout_sessions', 'checkout_sessions exists');
select has_table('public', 'product_files', 'product_files exists');

select * from finish();
rollback;
