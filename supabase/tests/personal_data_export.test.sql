-- export_my_data(): the caller's own data as one JSON document (RGPD art. 15 and 20). Anon is
-- refused; Alice gets her account, profile, order with its lines, checkouts, downloads, chat both
-- ways, the contact message sent from her address, her crash report, the credit note of her order
-- and the payment filed under her e-mail that no checkout claimed, and nothing of Bruno's; an
-- administrator gets their own data, not the customers'.
begin;
\ir helpers/setup.psql
select plan(27);

select tests.create_user('export-alice@example.test', 'Alice Martin');
select tests.create_user('export-bruno@example.test', 'Bruno Petit');
select tests.create_user('export-admin@example.test', 'Xavier Admin');
select tests.make_admin('export-admin@example.test');

insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values
  ('cs_export_alice', tests.user_id('export-alice@example.test'),
   '[{"variant_id": "v1", "product_id": "p1", "product_title": "L''Éveil du Cœur", "variant_title": "PDF", "quantity": 1, "unit_price_cents": 2900},
     {"variant_id": "v2", "product_id": "p2", "product_title": "Méditation de l''aube", "variant_title": "Audio", "quantity": 2, "unit_price_cents": 1500}]', 5900, 1, 'Consentement de test', now()),
  ('cs_export_bruno', tests.user_id('export-bruno@example.test'),
   '[{"variant_id": "v1", "product_id": "p1", "product_title": "L''Éveil du Cœur", "variant_title": "PDF", "quantity": 1, "unit_price_cents": 2900}]', 2900, 1, 'Consentement de test', now());
select tests.authenticate_as_service_role();
create temporary table recorded as
select 'alice' as who, public.record_order('cs_export_alice', tests.user_id('export-alice@example.test')) as order_id
union all
select 'bruno', public.record_order('cs_export_bruno', tests.user_id('export-bruno@example.test'));
reset role;
grant select on recorded to anon, authenticated;
insert into public.download_links (user_id, order_item_id, object_path)
select o.user_id, i.id, 'products/eveil.pdf' from public.order_items i join public.orders o on o.id = i.order_id
 where o.id in (select order_id from recorded) and i.variant_id = 'v1';
insert into public.user_messages (sender_id, receiver_id, content) values
  (tests.user_id('export-alice@example.test'), tests.user_id('export-admin@example.test'), 'Bonjour, une question.'),
  (tests.user_id('export-admin@example.test'), tests.user_id('export-alice@example.test'), 'Bonjour Alice.'),
  (tests.user_id('export-bruno@example.test'), tests.user_id('export-admin@example.test'), 'Bonjour, c''est Bruno.');
insert into public.contact_messages (name, email, subject, message) values
  ('Alice', 'EXPORT-alice@example.test', 'Question', 'Avant mon compte.'),
  ('Bruno', 'export-bruno@example.test', 'Question', 'Message de Bruno.');
insert into public.crash_reports (user_id, message, page_url) values
  (tests.user_id('export-alice@example.test'), 'Erreur d''Alice', 'https://shop.test/dashboard');
-- A refund of each order, by the administrator, with its credit note; a payment under each one's
-- e-mail that no checkout claimed (Alice's typed in other letters' case).
select tests.authenticate_as_service_role();
create temporary table notes as
select r.who, public.record_refund(r.order_id, 're_export_' || r.who, 'commerce', 'Geste commercial',
         jsonb_build_array(jsonb_build_object('order_item_id', i.id, 'amount_cents', 1000)),
         tests.user_id('export-admin@example.test')) ->> 'credit_note_id' as id
  from recorded r join public.order_items i on i.order_id = r.order_id and i.variant_id = 'v1';
reset role;
grant select on notes to authenticated;
insert into public.unmatched_payments (payment_id, payment_reference, customer_email, total_cents, currency, lines, paid_at) values
  ('pay_export_alice', '2001', 'Export-Alice@Example.TEST', 2900, 'eur', '[]', now()),
  ('pay_export_bruno', '2002', 'export-bruno@example.test', 2900, 'eur', '[]', now());

select has_function('public', 'export_my_data', array[]::text[], 'export_my_data() exists');
select is_definer('public', 'export_my_data', array[]::text[], 'it runs as its owner, for the caller only');
select is((select proconfig from pg_proc where oid = 'public.export_my_data()'::regprocedure), array['search_path=""'], 'its search_path is empty');
select ok(not has_function_privilege('anon', 'public.export_my_data()', 'execute'), 'anon may not execute it');

select tests.clear_authentication();
select throws_ok($$ select public.export_my_data() $$, '42501', null, 'as anon, the export is refused');

select tests.authenticate_as('export-alice@example.test');
create temporary table alice_export as select public.export_my_data() as doc;
select is((select doc -> 'account' ->> 'email' from alice_export), 'export-alice@example.test', 'Alice''s export holds her account');
select is((select doc -> 'profile' ->> 'full_name' from alice_export), 'Alice Martin', 'and her profile');
select is((select jsonb_array_length(doc -> 'orders') from alice_export), 1, 'one order: hers');
select is((select doc -> 'orders' -> 0 ->> 'id' from alice_export), (select order_id::text from recorded where who = 'alice'), 'the order she paid');
select is((select doc -> 'orders' -> 0 ->> 'invoice_number' from alice_export) ~ '^FA-', true, 'as a whole row (its invoice number included)');
select is((select jsonb_array_length(doc -> 'orders' -> 0 -> 'items') from alice_export), 2, 'with its two lines');
select is((select jsonb_array_length(doc -> 'checkout_sessions') from alice_export), 1, 'her checkout');
select is((select jsonb_array_length(doc -> 'downloads') from alice_export), 1, 'her download history');
select is((select array_agg(m ->> 'content' order by m ->> 'content') from alice_export, jsonb_array_elements(doc -> 'chat_messages') m),
  array['Bonjour Alice.', 'Bonjour, une question.'],
  'her chat, both ways, and not Bruno''s');
select is((select jsonb_path_query_array(doc -> 'contact_messages', '$[*].message') from alice_export), '["Avant mon compte."]'::jsonb,
  'the contact message sent from her address, whatever its case');
select is((select jsonb_path_query_array(doc -> 'crash_reports', '$[*].message') from alice_export), '["Erreur d''Alice"]'::jsonb, 'her crash report');
select is((select jsonb_path_query_array(doc -> 'credit_notes', '$[*].id') from alice_export), (select jsonb_agg(id) from notes where who = 'alice'),
  'the credit note of her order, and not Bruno''s');
select ok((select doc -> 'credit_notes' -> 0 ->> 'number' ~ '^AV-' and (doc -> 'credit_notes' -> 0 ->> 'amount_cents')::integer = 1000
                  and not (doc -> 'credit_notes' -> 0 ? 'created_by') from alice_export),
  'as a whole row (its number and amount), without the administrator who refunded');
select is((select jsonb_path_query_array(doc -> 'unmatched_payments', '$[*].payment_id') from alice_export), '["pay_export_alice"]'::jsonb,
  'the payment filed under her e-mail, whatever its case, and not Bruno''s');
select ok((select doc -> 'unmatched_payments' -> 0 ->> 'customer_email' = 'Export-Alice@Example.TEST'
                  and not (doc -> 'unmatched_payments' -> 0 ? 'attached_by') from alice_export),
  'as filed, without the administrator who would attach it');
select ok((select doc::text from alice_export) !~ 'export-bruno|Bruno', 'nothing of Bruno''s');

select tests.authenticate_as('export-bruno@example.test');
select is((select public.export_my_data() -> 'orders' -> 0 ->> 'id'), (select order_id::text from recorded where who = 'bruno'), 'Bruno''s export holds his order only');
select is((select jsonb_path_query_array(public.export_my_data() -> 'credit_notes', '$[*].id')), (select jsonb_agg(id) from notes where who = 'bruno'),
  'his credit note only');
select is((select jsonb_path_query_array(public.export_my_data() -> 'unmatched_payments', '$[*].payment_id')), '["pay_export_bruno"]'::jsonb,
  'and the payment under his e-mail only');

select tests.authenticate_as('export-admin@example.test');
select is((select jsonb_array_length(public.export_my_data() -> 'orders')), 0, 'an administrator''s export holds their own orders: none, not the customers''');
select is((select (jsonb_array_length(e -> 'credit_notes'), jsonb_array_length(e -> 'unmatched_payments'))::text from (select public.export_my_data() as e) x), '(0,0)',
  'nor their credit notes or unmatched payments, though they refunded them');
select is((select public.export_my_data() -> 'account' ->> 'email'), 'export-admin@example.test', 'and their own account');

select * from finish();
rollback;
