-- « Ruptures de stock »: an administrator marks a shortfall handled with their decision (delivered
-- anyway, refunded); the database stamps who and when. Nobody else decides, nobody changes the
-- shortfall's facts, and a decision stands. admin_stock_shortfalls() lists them for administrators only.
begin;
\ir helpers/setup.psql
select plan(26);

select tests.create_user('buyer@shortfall.test', 'Acheteuse');
select tests.create_user('other@shortfall.test', 'Autre');
select tests.create_user('root@shortfall.test', 'Racine');
select tests.make_admin('root@shortfall.test');

insert into public.products (id, title, status) values ('prod_shortfall', 'Dernier exemplaire', 'published');
insert into public.product_variants (id, product_id, title, price_in_cents, manage_inventory, inventory_quantity)
values ('var_shortfall', 'prod_shortfall', 'Numérotée', 1500, true, 1);
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, cgv_version, consent_text, consented_at)
select 'cs_shortfall_' || n, tests.user_id('buyer@shortfall.test'),
       '[{"variant_id": "var_shortfall", "product_id": "prod_shortfall", "product_title": "Dernier exemplaire", "variant_title": "Numérotée", "quantity": 1, "unit_price_cents": 1500}]',
       1500, 'eur', 1, 'Consentement de test', now()
from generate_series(1, 3) n;
select tests.authenticate_as_service_role();
select public.record_order('cs_shortfall_' || n, tests.user_id('buyer@shortfall.test')) from generate_series(1, 3) n;
reset role;
create temporary table shortfall_orders as
select o.checkout_session_id as session, s.order_item_id as item
from public.stock_shortfalls s join public.orders o on o.id = s.order_id;
grant select on shortfall_orders to authenticated, anon;
select is((select count(*)::integer from shortfall_orders), 2, 'two payments found the last unit gone');

-- anon
select tests.clear_authentication();
select throws_ok($$ update public.stock_shortfalls set resolution = 'refunded' $$, '42501', null, 'as anon, deciding is refused');
select throws_ok($$ select * from public.admin_stock_shortfalls() $$, '42501', null, 'as anon, the list is refused');

-- the buyer, and another customer
select tests.authenticate_as('buyer@shortfall.test');
select is_empty($$ update public.stock_shortfalls set resolution = 'refunded' returning 1 $$, 'as the buyer, deciding changes nothing (no row is hers to see)');
select throws_ok($$ update public.stock_shortfalls set handled_at = now() $$, '42501', null, 'as the buyer, stamping a decision is refused');
select throws_ok($$ select * from public.admin_stock_shortfalls() $$, '42501', null, 'as the buyer, the list is refused');
select tests.authenticate_as('other@shortfall.test');
select is_empty($$ update public.stock_shortfalls set resolution = 'delivered' returning 1 $$, 'as another customer, deciding changes nothing');
select throws_ok($$ select * from public.admin_stock_shortfalls() $$, '42501', null, 'as another customer, the list is refused');
reset role;
select is((select count(*)::integer from public.stock_shortfalls where resolution is not null), 0, 'no customer decided anything');

-- the administrator
select tests.authenticate_as('root@shortfall.test');
select results_eq($$ select product_title, variant_title, variant_id, wanted, taken, buyer_email, buyer_id, resolution from public.admin_stock_shortfalls() $$,
  $$ values ('Dernier exemplaire'::text, 'Numérotée'::text, 'var_shortfall'::text, 1, 0, 'buyer@shortfall.test'::text, tests.user_id('buyer@shortfall.test'), null::text),
            ('Dernier exemplaire'::text, 'Numérotée'::text, 'var_shortfall'::text, 1, 0, 'buyer@shortfall.test'::text, tests.user_id('buyer@shortfall.test'), null::text) $$,
  'as the administrator, the list names the item, what was wanted and taken, and the buyer');
select throws_ok($$ update public.stock_shortfalls set taken = 1 $$, '42501', null, 'the facts cannot be changed by an administrator');
select throws_ok($$ update public.stock_shortfalls set handled_at = now(), resolution = 'refunded' $$, '42501', null, 'nor who decided, or when');
select throws_ok($$ update public.stock_shortfalls set resolution = 'lost' where order_item_id = (select item from shortfall_orders where session = 'cs_shortfall_2') $$,
  '23514', null, 'a decision is delivered or refunded');
with decided as (update public.stock_shortfalls set resolution = 'delivered'
                 where order_item_id = (select item from shortfall_orders where session = 'cs_shortfall_2') returning 1)
select is((select count(*)::integer from decided), 1, 'as the administrator, a shortfall is marked delivered anyway');
select results_eq($$ select resolution, handled_by_email, handled_by_name, handled_at is not null from public.admin_stock_shortfalls() where resolution is not null $$,
  $$ values ('delivered'::text, 'root@shortfall.test'::text, 'Racine'::text, true) $$, 'the database stamps who decided, and when');
select is((select resolution from public.admin_stock_shortfalls() limit 1), null, 'what is still to decide comes first');
select is((select count(*)::integer from public.stock_shortfalls where resolution is null), 1, 'the other one is still to decide');
with decided_again as (update public.stock_shortfalls set resolution = 'refunded'
                       where order_item_id = (select item from shortfall_orders where session = 'cs_shortfall_2') returning 1)
select is((select count(*)::integer from decided_again), 0, 'a decision stands: deciding again changes nothing');
select throws_ok($$ update public.stock_shortfalls set resolution = null $$, '42501', null, 'nor can it be undone');
select throws_ok($$ select * from public.admin_stock_shortfalls(0) $$, '22023', null, 'the page size is bounded');
select throws_ok($$ delete from public.stock_shortfalls $$, '42501', null, 'a shortfall cannot be removed');

-- every other role, the owner included
reset role;
select throws_ok($$ update public.stock_shortfalls set taken = 1 $$, '42501', null, 'the owner cannot change the facts either');
select throws_ok($$ update public.stock_shortfalls set resolution = 'refunded' where resolution = 'delivered' $$, '42501', null,
  'nor change a decision');
select throws_ok($$ update public.stock_shortfalls set handled_at = now() - interval '1 day' where resolution = 'delivered' $$, '42501', null,
  'nor when it was made');
select tests.authenticate_as_service_role();
select throws_ok($$ update public.stock_shortfalls set resolution = 'refunded' $$, '42501', null, 'the service role does not decide');
reset role;

-- the administrator's account erased: the decision stays, without them
delete from auth.users where id = tests.user_id('root@shortfall.test');
select results_eq($$ select resolution, handled_by, handled_at is not null from public.stock_shortfalls where resolution is not null $$,
  $$ values ('delivered'::text, null::uuid, true) $$, 'an erased administrator''s decision stays, who is forgotten');

select * from finish();
rollback;
