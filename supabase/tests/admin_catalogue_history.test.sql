-- admin_catalogue_history(): a product's changes, or the whole catalogue's, newest first by keyset
-- pages, with who made each as the admin area names people. Administrators only; anon and
-- customers are refused (42501), never handed an empty page.
begin;
\ir helpers/setup.psql
select plan(14);

select tests.create_user('alice@history.test', 'Alice');
select tests.create_user('bob@history.test', 'Bob');
select tests.create_user('root@history.test', 'Racine');
select tests.make_admin('root@history.test');

select tests.authenticate_as('root@history.test');
insert into public.products (id, title, status) values ('prod_history', 'Rituel', 'draft'), ('prod_history_other', 'Autre', 'draft');
insert into public.product_variants (id, product_id, title, price_in_cents) values ('var_history', 'prod_history', 'PDF', 1500);
update public.product_variants set price_in_cents = 1200 where id = 'var_history';
update public.products set title = 'Rituel du soir' where id = 'prod_history';
reset role;
-- An import, as the service role.
select tests.authenticate_as_service_role();
update public.products set subtitle = 'Importé' where id = 'prod_history';
reset role;

-- anon, and both customers
select tests.clear_authentication();
select throws_ok($$ select * from public.admin_catalogue_history('prod_history') $$, '42501', null, 'as anon, a product''s history is refused');
select throws_ok($$ select * from public.admin_catalogue_history() $$, '42501', null, 'as anon, the latest changes are refused');
select tests.authenticate_as('alice@history.test');
select throws_ok($$ select * from public.admin_catalogue_history('prod_history') $$, '42501', null, 'as a customer, a product''s history is refused');
select throws_ok($$ select * from public.admin_catalogue_history() $$, '42501', null, 'as a customer, the latest changes are refused');
select tests.authenticate_as('bob@history.test');
select throws_ok($$ select * from public.admin_catalogue_history('prod_history') $$, '42501', null, 'as another customer, too');

-- the administrator
select tests.authenticate_as('root@history.test');
select results_eq($$ select table_name, operation, changed_by_role, changed_by_email, changed_by_name, product_title,
                            case operation when 'update' then before end, case operation when 'update' then after end
                       from public.admin_catalogue_history('prod_history') $$,
  $$ values ('products'::text, 'update'::text, 'service_role'::text, null::text, null::text, 'Rituel du soir'::text,
             '{"subtitle": null}'::jsonb, '{"subtitle": "Importé"}'::jsonb),
            ('products', 'update', 'authenticated', 'root@history.test', 'Racine', 'Rituel du soir',
             '{"title": "Rituel"}', '{"title": "Rituel du soir"}'),
            ('product_variants', 'update', 'authenticated', 'root@history.test', 'Racine', 'Rituel du soir',
             '{"price_in_cents": 1500}', '{"price_in_cents": 1200}'),
            ('product_variants', 'insert', 'authenticated', 'root@history.test', 'Racine', 'Rituel du soir', null, null),
            ('products', 'insert', 'authenticated', 'root@history.test', 'Racine', 'Rituel du soir', null, null) $$,
  'as the administrator, a product''s changes newest first, with who made each and the product''s current title');

create temporary table first_page as select * from public.admin_catalogue_history('prod_history', p_limit => 2);
select is((select count(*)::integer from first_page), 2, 'a page holds at most p_limit changes');
select results_eq($$ select operation, table_name from public.admin_catalogue_history('prod_history',
                       (select changed_at from first_page order by changed_at, id limit 1),
                       (select id from first_page order by changed_at, id limit 1), 2) $$,
  $$ values ('update'::text, 'product_variants'::text), ('insert', 'product_variants') $$,
  'the next page starts after the last change shown');
select is((select count(*)::integer from public.admin_catalogue_history('prod_history',
            (select min(changed_at) from public.catalogue_changes where product_id = 'prod_history'),
            (select min(id) from public.catalogue_changes where product_id = 'prod_history'))), 0,
  'after the first change, nothing is left');
select ok((select bool_and(product_id in ('prod_history', 'prod_history_other')) from
             (select product_id from public.admin_catalogue_history(p_limit => 6)) latest),
  'the latest changes of the catalogue span its products');
select is((select array_agg(product_id order by changed_at desc, id desc) from
             (select * from public.admin_catalogue_history(p_limit => 6)) latest),
  array['prod_history', 'prod_history', 'prod_history', 'prod_history', 'prod_history_other', 'prod_history'],
  'newest first, every product''s changes together');
select throws_ok($$ select * from public.admin_catalogue_history(p_limit => 101) $$, '22023', null, 'a page holds at most 100 changes');
select throws_ok($$ select * from public.admin_catalogue_history('prod_history', now(), null) $$, '22023', null,
  'a keyset needs both the date and the id');
select is((select count(*)::integer from public.admin_catalogue_history('prod_nowhere')), 0, 'an unknown product has no history');

select * from finish();
rollback;
