-- Invoice numbers: record_order gives each new order the next number of its year in the same
-- transaction, from a locked counter row: consecutive, never consumed by a repeated or failed
-- call, given back by a rolled-back transaction, reset every 1 January (Paris time), and a second
-- transaction (another session, through dblink) waits for the first's counter row rather than
-- taking a number beside it.
begin;
\ir helpers/setup.psql
select plan(15);

select tests.create_user('numbering-buyer@example.test');
select tests.create_user('numbering-other@example.test');
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, cgv_version, consent_text, consented_at) values
  ('cs_numbering_1', tests.user_id('numbering-buyer@example.test'),
   '[{"variant_id": "v1", "product_id": "p1", "product_title": "Enseignement", "variant_title": "PDF", "quantity": 1, "unit_price_cents": 2900}]', 2900, 'eur', 1, 'Consentement de test', now()),
  ('cs_numbering_2', tests.user_id('numbering-buyer@example.test'),
   '[{"variant_id": "v2", "product_id": "p2", "product_title": "Méditation", "variant_title": "Audio", "quantity": 2, "unit_price_cents": 1500}]', 3000, 'eur', 1, 'Consentement de test', now());

-- The number the next order of this year must get.
create temporary table expected as
select coalesce((select last_number from private.invoice_counters
                  where year = extract(year from now() at time zone 'Europe/Paris')::integer), 0) + 1 as n,
       extract(year from now() at time zone 'Europe/Paris')::integer as year;
create function pg_temp.number_of(n integer) returns text language sql as $$
  select format('FA-%s-%s', (select year from expected), lpad(n::text, 6, '0'))
$$;

select tests.authenticate_as_service_role();
select public.record_order('cs_numbering_1', tests.user_id('numbering-buyer@example.test'));
select public.record_order('cs_numbering_1', tests.user_id('numbering-buyer@example.test'));
select throws_ok($$ select public.record_order('cs_numbering_2', tests.user_id('numbering-other@example.test')) $$,
  'P0002', null, 'a call for someone else''s checkout fails');
select public.record_order('cs_numbering_2', tests.user_id('numbering-buyer@example.test'));
reset role;

select is((select invoice_number from public.orders where checkout_session_id = 'cs_numbering_1'), pg_temp.number_of((select n from expected)),
  'the first order takes the next number of the year, FA-<year>-<six digits>');
select is((select invoice_number from public.orders where checkout_session_id = 'cs_numbering_2'), pg_temp.number_of((select n from expected) + 1),
  'the next order takes the number after it: neither the repeated call nor the failed one consumed a number');
select is((select last_number from private.invoice_counters where year = (select year from expected)), (select n from expected) + 1,
  'the counter stands at the last number given');

-- A transaction that fails after taking a number gives it back.
select throws_ok($$
  do $do$ begin
    perform private.next_invoice_number(now());
    raise exception 'payment record failed' using errcode = 'P0001';
  end $do$ $$, 'P0001', 'payment record failed', 'a transaction fails after taking a number');
select is(private.next_invoice_number(now()), pg_temp.number_of((select n from expected) + 2),
  'the failed transaction''s number is given to the next one: no gap');

-- Yearly reset, by the calendar of Paris.
select is(private.next_invoice_number('2098-12-31 22:30:00+00'), 'FA-2098-000001', 'the first invoice of a year is number 1');
select is(private.next_invoice_number('2098-12-31 23:30:00+00'), 'FA-2099-000001', '00:30 on 1 January in Paris starts the new year''s series');
select is(private.next_invoice_number('2099-03-01 12:00:00+00'), 'FA-2099-000002', 'the new year goes on from 1');
select is(private.next_invoice_number('2098-06-01 12:00:00+00'), 'FA-2098-000002', 'each year keeps its own series');

-- Concurrency: another session asking for a number of a year whose counter row this transaction
-- holds waits for it (here it gives up after 300 ms) rather than taking one beside it.
create extension if not exists dblink with schema extensions;
select extensions.dblink_connect('numbering_other_session',
  format('host=127.0.0.1 port=%s dbname=%s user=postgres password=postgres', current_setting('port'), current_database()));
select extensions.dblink_exec('numbering_other_session', 'set lock_timeout = ''300ms''');
select throws_ok($$
  select * from extensions.dblink('numbering_other_session', 'select private.next_invoice_number(''2099-05-01 12:00:00+00'')') as t(number text)
$$, '55P03', null, 'a concurrent transaction waits for the counter row this one holds');
select extensions.dblink_exec('numbering_other_session', 'rollback');
select is((select * from extensions.dblink('numbering_other_session', 'select count(*) from private.invoice_counters where year = 2099') as t(n bigint)), 0::bigint,
  'the other session did not take a number of its own meanwhile');
select extensions.dblink_disconnect('numbering_other_session');

-- Nobody but the database numbers: the API roles cannot reach the counter or the function.
select tests.authenticate_as('numbering-other@example.test');
select throws_ok($$ select private.next_invoice_number(now()) $$, '42501', null, 'a customer cannot take a number');
select throws_ok($$ update public.orders set invoice_number = 'FA-2026-999999' where checkout_session_id = 'cs_numbering_1' $$,
  '42501', null, 'a customer cannot renumber an order');
select tests.authenticate_as('numbering-buyer@example.test');
select throws_ok($$ update public.orders set invoice_number = 'FA-2026-999999' where checkout_session_id = 'cs_numbering_1' $$,
  '42501', null, 'not even the buyer may renumber their own order');
reset role;

select * from finish();
rollback;
