-- A variant some order names was sold: nobody may delete it or change its id, not even the service
-- role or by deleting its product; it is retired instead, which hides it from the storefront while
-- the order keeps naming it. An unsold variant may go. The catalogue's constraints hold for the
-- service role too, and a product's updated_at follows its page's changes, not the stock taken.
begin;
\ir helpers/setup.psql
select plan(18);

select tests.create_user('buyer@sold.test', 'Acheteuse');
select tests.create_user('root@sold.test', 'Root');
select tests.make_admin('root@sold.test');

insert into public.products (id, title, status, updated_at) values ('prod_sold', 'Vendu', 'published', now() - interval '1 day');
insert into public.product_variants (id, product_id, title, price_in_cents, manage_inventory, inventory_quantity) values
  ('var_sold', 'prod_sold', 'Standard', 2900, true, 5), ('var_unsold', 'prod_sold', 'Annotée', 3400, false, null);
insert into public.orders (id, user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at)
values ('7b000000-0000-4000-a000-000000000001', tests.user_id('buyer@sold.test'), 2900, 'cs_sold_1', 1, 'Consentement de test', now());
insert into public.order_items (order_id, variant_id, product_id, product_title, quantity, price_per_item_cents)
values ('7b000000-0000-4000-a000-000000000001', 'var_sold', 'prod_sold', 'Vendu', 1, 2900);

select tests.authenticate_as('root@sold.test');
select throws_ok($$ delete from public.product_variants where id = 'var_sold' $$, '23503', null,
  'the administrator cannot delete a sold variant');
select throws_ok($$ delete from public.products where id = 'prod_sold' $$, '23503', null,
  'nor its product, whose deletion would take it along');
select lives_ok($$ update public.product_variants set retired_at = now() where id = 'var_sold' $$, 'the administrator retires it');
select lives_ok($$ delete from public.product_variants where id = 'var_unsold' $$, 'an unsold variant may be deleted');
select lives_ok($$ update public.products set deleted_at = now() where id = 'prod_sold' $$, 'a product with sales is soft-deleted');
reset role;

select tests.authenticate_as_service_role();
select throws_ok($$ delete from public.product_variants where id = 'var_sold' $$, '23503', null, 'the service role cannot delete it either');
select throws_ok($$ update public.product_variants set id = 'var_renamed' where id = 'var_sold' $$, '23503', null,
  'nor give it another id, which would orphan the order''s line');
select lives_ok($$ insert into public.product_variants (id, product_id, title, price_in_cents) values ('var_sold', 'prod_sold', 'Standard', 3100)
  on conflict (id) do update set id = excluded.id, price_in_cents = excluded.price_in_cents $$,
  'an upsert of a sold variant, which sets its id to the same, is no renaming: it writes the new price');
reset role;
select is((select count(*)::integer from public.product_variants where id = 'var_sold' and retired_at is not null), 1, 'the sold variant is kept, retired');
select is((select variant_id from public.order_items where order_id = '7b000000-0000-4000-a000-000000000001'), 'var_sold',
  'the order still names it');
select tests.authenticate_as('buyer@sold.test');
select is_empty($$ select 1 from public.product_variants where id = 'var_sold' $$, 'the buyer no longer sees it in the catalogue');
select is((select variant_id from public.order_items where order_id = '7b000000-0000-4000-a000-000000000001'), 'var_sold',
  'but their order''s line still names it');
reset role;

-- Constraints, whoever writes.
select tests.authenticate_as_service_role();
insert into public.products (id, title, status) values ('prod_rules', 'Règles', 'published');
select throws_ok($$ insert into public.product_variants (product_id, title, price_in_cents, manage_inventory) values ('prod_rules', 'Sans stock', 100, true) $$,
  '23514', null, 'a variant that manages its stock needs a figure');
select throws_ok($$ insert into public.product_variants (product_id, title, price_in_cents, manage_inventory, inventory_quantity) values ('prod_rules', 'Négatif', 100, true, -1) $$,
  '23514', null, 'the stock is never below zero');
select throws_ok($$ insert into public.product_variants (product_id, title, price_in_cents) values ('prod_rules', 'Prix', -1) $$,
  '23514', null, 'a price is never negative');
select throws_ok($$ insert into public.products (title) values (e' \t\n') $$, '23514', null, 'a blank title is refused');
insert into public.product_variants (id, product_id, title, price_in_cents) values ('var_rules', 'prod_rules', 'Standard', 100);
insert into public.product_options (id, product_id, title) values ('opt_rules', 'prod_rules', 'Édition');
select throws_ok($$ insert into public.product_option_values (product_id, option_id, variant_id, value) values ('prod_rules', 'opt_rules', 'var_sold', 'X') $$,
  '23503', null, 'an option value cannot join another product''s variant');
reset role;

-- updated_at: moved by the page's changes, not by the stock.
update public.products set updated_at = '2026-01-15 09:00:00+00' where id = 'prod_rules';
update public.product_variants set manage_inventory = true, inventory_quantity = 3 where id = 'var_rules';
select isnt((select updated_at from public.products where id = 'prod_rules'), '2026-01-15 09:00:00+00'::timestamptz,
  'a variant''s change moves its product''s updated_at');
select * from finish();
rollback;
