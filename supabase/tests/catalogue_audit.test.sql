-- Every change of the catalogue is audited in catalogue_changes: an administrator's insert, update
-- and delete of a product and of a variant each leave one row saying who, when, and the row before
-- and after (an update, only the columns it changed); their own stock edit too, but not the stock a
-- payment takes. Administrators read the history; anon, customers and the administrators themselves
-- cannot write it, and nobody, the owner included, rewrites it but an erased account's id.
begin;
\ir helpers/setup.psql
select plan(31);

select tests.create_user('alice@audit.test', 'Alice');
select tests.create_user('bob@audit.test', 'Bob');
select tests.create_user('root@audit.test', 'Root');
select tests.make_admin('root@audit.test');

create function pg_temp.changes(tbl text, op text)
returns table (changed_by uuid, changed_by_role text, row_id text, product_id text, before jsonb, after jsonb)
language sql as $$
  select c.changed_by, c.changed_by_role, c.row_id, c.product_id, c.before, c.after
    from public.catalogue_changes c
   where c.product_id like 'prod_audit%' and c.table_name = tbl and c.operation = op
   order by c.id
$$;

-- As the administrator, through their column grants.
select tests.authenticate_as('root@audit.test');
insert into public.products (id, title, status) values ('prod_audit', 'Rituel', 'draft'), ('prod_audit_gone', 'Éphémère', 'draft');
update public.products set title = 'Rituel du soir' where id = 'prod_audit';
delete from public.products where id = 'prod_audit_gone';
insert into public.product_variants (id, product_id, title, price_in_cents, manage_inventory, inventory_quantity) values
  ('var_audit', 'prod_audit', 'PDF', 1500, true, 5), ('var_audit_gone', 'prod_audit', 'Audio', 900, false, null);
update public.product_variants set price_in_cents = 1200 where id = 'var_audit';
update public.product_variants set inventory_quantity = 3 where id = 'var_audit';
delete from public.product_variants where id = 'var_audit_gone';
reset role;

select results_eq($$ select changed_by, changed_by_role, row_id, product_id, before, after ->> 'title', after ->> 'status'
                       from pg_temp.changes('products', 'insert') $$,
  $$ values (tests.user_id('root@audit.test'), 'authenticated'::text, 'prod_audit'::text, 'prod_audit'::text, null::jsonb, 'Rituel'::text, 'draft'::text),
            (tests.user_id('root@audit.test'), 'authenticated', 'prod_audit_gone', 'prod_audit_gone', null, 'Éphémère', 'draft') $$,
  'a product''s insert: who, and the whole new row');
select results_eq($$ select changed_by, row_id, before, after from pg_temp.changes('products', 'update') $$,
  $$ values (tests.user_id('root@audit.test'), 'prod_audit'::text, '{"title": "Rituel"}'::jsonb, '{"title": "Rituel du soir"}'::jsonb) $$,
  'a product''s update: one row, only the column it changed, before and after (a variant''s change moving its date adds none)');
select results_eq($$ select changed_by, row_id, before ->> 'title', after from pg_temp.changes('products', 'delete') $$,
  $$ values (tests.user_id('root@audit.test'), 'prod_audit_gone'::text, 'Éphémère'::text, null::jsonb) $$,
  'a product''s delete: the whole row it was');
select results_eq($$ select changed_by, row_id, product_id, before, after ->> 'price_in_cents', after ->> 'inventory_quantity'
                       from pg_temp.changes('product_variants', 'insert') $$,
  $$ values (tests.user_id('root@audit.test'), 'var_audit'::text, 'prod_audit'::text, null::jsonb, '1500'::text, '5'::text),
            (tests.user_id('root@audit.test'), 'var_audit_gone', 'prod_audit', null, '900', null) $$,
  'a variant''s insert names its product');
select results_eq($$ select changed_by, row_id, product_id, before, after from pg_temp.changes('product_variants', 'update') $$,
  $$ values (tests.user_id('root@audit.test'), 'var_audit'::text, 'prod_audit'::text, '{"price_in_cents": 1500}'::jsonb, '{"price_in_cents": 1200}'::jsonb),
            (tests.user_id('root@audit.test'), 'var_audit', 'prod_audit', '{"inventory_quantity": 5}', '{"inventory_quantity": 3}') $$,
  'a variant''s price change, and the administrator''s own stock edit, one row each');
select results_eq($$ select changed_by, row_id, before ->> 'title', after from pg_temp.changes('product_variants', 'delete') $$,
  $$ values (tests.user_id('root@audit.test'), 'var_audit_gone'::text, 'Audio'::text, null::jsonb) $$,
  'a variant''s delete: the whole row it was');
select is((select count(*)::integer from public.catalogue_changes where product_id like 'prod_audit%' and changed_at = now()), 9,
  'each change dated by its transaction');

-- A payment takes stock: not a catalogue edit.
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, cgv_version, consent_text, consented_at)
select 'cs_audit', tests.user_id('alice@audit.test'), jsonb_build_array(jsonb_build_object('variant_id', 'var_audit', 'product_id', 'prod_audit',
  'product_title', 'Rituel du soir', 'variant_title', 'PDF', 'quantity', 2, 'unit_price_cents', 1200)), 2400, 'eur', 1, 'Consentement de test', now();
select tests.authenticate_as_service_role();
select isnt(public.record_order('cs_audit', tests.user_id('alice@audit.test')), null, 'a payment is recorded');
reset role;
select is((select inventory_quantity from public.product_variants where id = 'var_audit'), 1, 'it took its stock');
select is((select count(*)::integer from public.catalogue_changes where product_id like 'prod_audit%'), 9, 'and left no audit row');
select is(current_setting('catalogue.taking_stock', true), '', 'nor its mark on the rest of the transaction');

-- The service role's own edit (the import) is recorded, with no user.
select tests.authenticate_as_service_role();
update public.product_variants set inventory_quantity = 10 where id = 'var_audit';
reset role;
select results_eq($$ select changed_by, changed_by_role, before, after from pg_temp.changes('product_variants', 'update') offset 2 $$,
  $$ values (null::uuid, 'service_role'::text, '{"inventory_quantity": 1}'::jsonb, '{"inventory_quantity": 10}'::jsonb) $$,
  'the service role''s stock edit is recorded, without a user');

-- Who reads it.
select tests.clear_authentication();
select throws_ok($$ select 1 from public.catalogue_changes $$, '42501', null, 'anon cannot read the history');
select tests.authenticate_as('alice@audit.test');
select is_empty($$ select 1 from public.catalogue_changes $$, 'a customer reads none of it');
select tests.authenticate_as('bob@audit.test');
select is_empty($$ select 1 from public.catalogue_changes where product_id = 'prod_audit' $$, 'another customer neither, even asked by product');
select tests.authenticate_as('root@audit.test');
select is((select count(*)::integer from public.catalogue_changes where product_id like 'prod_audit%'), 10, 'the administrator reads it all');
reset role;

-- Nobody writes it through the API.
create function pg_temp.refused(who text, statement text) returns text language plpgsql as $$
begin
  if who = 'anon' then
    perform tests.clear_authentication();
  elsif who = 'service_role' then
    perform tests.authenticate_as_service_role();
  else
    perform tests.authenticate_as(who);
  end if;
  execute statement;
  reset role;
  return who || ' wrote: ' || statement;
exception when insufficient_privilege then
  reset role;
  return null;
end;
$$;
select is_empty($$
  select r from unnest(array['anon', 'alice@audit.test', 'root@audit.test', 'service_role']) w,
    unnest(array[
      $i$insert into public.catalogue_changes (changed_by_role, table_name, operation, row_id, after) values ('authenticated', 'products', 'insert', 'prod_x', '{}')$i$,
      $u$update public.catalogue_changes set after = '{}' where product_id = 'prod_audit'$u$,
      $d$delete from public.catalogue_changes where product_id = 'prod_audit'$d$,
      'truncate public.catalogue_changes']) s,
    lateral pg_temp.refused(w, s) r
  where r is not null
$$, 'anon, a customer, the administrator and the service role are refused every insert, update, delete and truncate (42501)');

-- Nor does the owner rewrite it.
select throws_ok($$ update public.catalogue_changes set before = null, after = '{}' where product_id = 'prod_audit' $$, '42501', null,
  'the owner cannot change a row');
select throws_ok($$ update public.catalogue_changes set changed_by = null where product_id = 'prod_audit' $$, '42501', null,
  'nor take a living administrator''s name off it');
select throws_ok($$ delete from public.catalogue_changes where product_id = 'prod_audit' $$, '42501', null, 'nor delete one');
select throws_ok($$ truncate public.catalogue_changes $$, '42501', null, 'nor truncate the history');
select is((select count(*)::integer from public.catalogue_changes where product_id like 'prod_audit%'), 10, 'the history is whole');

-- Every catalogue table is audited, and a row without a product names none.
select is((select count(*)::integer from pg_trigger where tgname like '%\_audit' and tgfoid = 'private.record_catalogue_change'::regproc), 10,
  'each of the ten catalogue tables has its audit trigger');
-- As a direct connection: no claims, no role set.
select tests.clear_authentication();
reset role;
insert into public.collections (id, title) values ('col_audit', 'Rituels');
insert into public.product_collections (product_id, collection_id) values ('prod_audit', 'col_audit');
select results_eq($$ select table_name, row_id, product_id from public.catalogue_changes where row_id = 'col_audit' order by id $$,
  $$ values ('collections'::text, 'col_audit'::text, null::text), ('product_collections', 'col_audit', 'prod_audit') $$,
  'a collection names no product; a product''s place in it is keyed by its product and collection');
select is((select changed_by_role from public.catalogue_changes where row_id = 'col_audit' order by id limit 1), session_user::text,
  'a direct connection (a migration, an operator) is named by its own user');
select is((select count(*)::integer from public.catalogue_changes where table_name = 'products' and row_id = 'prod_audit'), 2,
  'a change of what its page shows records nothing more of the product itself');

-- An erased administrator's id becomes the erased account's, and only then.
select lives_ok($$ delete from auth.users where id = tests.user_id('root@audit.test') $$, 'the administrator''s account is erased');
select is((select count(*)::integer from public.catalogue_changes where changed_by = private.erased_account_id() and product_id like 'prod_audit%'), 9,
  'their changes stay, naming the erased account');
select is((select count(*)::integer from public.catalogue_changes where changed_by is null and product_id like 'prod_audit%'), 2,
  'the service role''s and the direct connection''s stay unnamed');
select throws_ok($$ update public.catalogue_changes set changed_by = private.erased_account_id() where changed_by is null $$, '42501', null,
  'an unnamed change cannot be given the erased account''s id');
select is((select count(*)::integer from public.catalogue_changes where changed_by is null and product_id like 'prod_audit%'), 2, 'so they stay unnamed');

select * from finish();
rollback;
