-- A checkout still open when its buyer erases their account: kept, detached, with the buyer's name
-- frozen, so that a payment made afterwards on the hosted page still becomes an order (no lost
-- order), detached and naming them for the invoice, with the consent they gave; only a null user id
-- records it, and no confirmation is queued for it. Settled in any other way, it forgets the name.
begin;
\ir helpers/setup.psql
select plan(15);

select tests.create_user('detached-rose@example.test', 'Rose Lefèvre');
select tests.create_user('detached-paul@example.test', 'Paul Girard');
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values
  ('cs_detached_rose_open', tests.user_id('detached-rose@example.test'),
   '[{"variant_id": "v1", "product_id": "p1", "product_title": "Rituel de la Pleine Lune", "variant_title": "PDF", "quantity": 1, "unit_price_cents": 1900}]',
   1900, 1, 'Je demande l''accès immédiat.', '2026-11-20 10:00+01'),
  ('cs_detached_rose_later', tests.user_id('detached-rose@example.test'), '[{"variant_id": "v1", "quantity": 1, "unit_price_cents": 1900}]',
   1900, 1, 'Je demande l''accès immédiat.', now()),
  ('cs_detached_paul_open', tests.user_id('detached-paul@example.test'), '[{"variant_id": "v1", "quantity": 1, "unit_price_cents": 1900}]',
   1900, 1, 'Je demande l''accès immédiat.', now());
create temporary table rose as select id from auth.users where email = 'detached-rose@example.test';
grant select on rose to service_role;

-- Rose erases her account with both checkouts open.
delete from auth.users where id = (select id from rose);
select results_eq($$ select id, user_id, invoice_buyer, status from public.checkout_sessions where id like 'cs_detached_rose%' order by id $$,
  $$ values ('cs_detached_rose_later'::text, null::uuid, '{"full_name": "Rose Lefèvre"}'::jsonb, 'pending'::text),
            ('cs_detached_rose_open', null, '{"full_name": "Rose Lefèvre"}', 'pending') $$,
  'her open checkouts stay pending, detached, naming her');
select is_empty($$ select private.columns_holding((select id::text from rose)) $$, 'and no column holds her id');

-- Only the service role (reconcile-checkouts) records, and a null user id matches only a detached checkout.
select tests.authenticate_as('detached-paul@example.test');
select throws_ok($$ select public.record_order('cs_detached_rose_open', null) $$, '42501', null, 'a customer cannot record it');
select tests.authenticate_as_service_role();
select throws_ok($$ select public.record_order('cs_detached_rose_open', tests.user_id('detached-paul@example.test')) $$, 'P0002', null,
  'another account''s id does not match it');
select throws_ok($$ select public.record_order('cs_detached_paul_open', null) $$, 'P0002', null,
  'a null id does not match a living buyer''s checkout');

-- Paid after the erasure: the order, detached, naming her, with her consent.
create temporary table recorded as select public.record_order('cs_detached_rose_open', null) as id;
select results_eq($$ select user_id, invoice_buyer, total_amount_cents, status, consent_required, cgv_version, consent_text, consented_at
                       from public.orders where id = (select id from recorded) $$,
  $$ values (null::uuid, '{"full_name": "Rose Lefèvre"}'::jsonb, 1900, 'completed'::text, true, 1, 'Je demande l''accès immédiat.'::text, '2026-11-20 10:00+01'::timestamptz) $$,
  'the payment becomes her order: detached, naming her, with the consent she gave');
select results_eq($$ select product_title, quantity, price_per_item_cents from public.order_items where order_id = (select id from recorded) $$,
  $$ values ('Rituel de la Pleine Lune'::text, 1, 1900) $$, 'with its line');
select ok((select invoice_number from public.orders where id = (select id from recorded)) ~ '^FA-\d{4}-\d{6}$', 'and an invoice number');
select is(public.record_order('cs_detached_rose_open', null), (select id from recorded), 'recording it again gives the same order');
select results_eq($$ select status, invoice_buyer from public.checkout_sessions where id = 'cs_detached_rose_open' $$,
  $$ values ('completed'::text, null::jsonb) $$, 'the settled checkout forgets her name (the order keeps it)');
select ok((select id from recorded) not in (select public.pending_confirmations(1000)), 'no confirmation is queued: there is no address');

-- Expired instead: the name goes too.
update public.checkout_sessions set status = 'expired' where id = 'cs_detached_rose_later';
select results_eq($$ select status, invoice_buyer from public.checkout_sessions where id = 'cs_detached_rose_later' $$,
  $$ values ('expired'::text, null::jsonb) $$, 'an expired one forgets her name');
reset role;

-- A detached pending checkout must name its buyer; a living buyer's never carries a frozen name.
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at)
                    values ('cs_detached_nameless', null, '[{"variant_id": "v1", "quantity": 1}]', 1900, 1, 'Consentement', now()) $$,
  '23514', null, 'a pending checkout with neither buyer nor frozen name is refused');
select results_eq($$ select user_id is not null, invoice_buyer from public.checkout_sessions where id = 'cs_detached_paul_open' $$,
  $$ values (true, null::jsonb) $$, 'Paul''s checkout is untouched');
select ok(not has_column_privilege('authenticated', 'public.checkout_sessions', 'invoice_buyer', 'update'), 'no customer may write the frozen name');

select * from finish();
rollback;
