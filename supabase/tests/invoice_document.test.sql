-- invoice_document(): the buyer of an order and an administrator get its invoice, with the number
-- record_order gave and the recorded figures, the same on every call; another customer and anon
-- get nothing; nobody gets one while the seller's identity misses a required mention; once issued,
-- the invoice keeps the seller's identity it was issued with.
begin;
\ir helpers/setup.psql
select plan(15);

select tests.create_user('invoice-buyer@example.test', 'Jeanne Martin');
select tests.create_user('invoice-other@example.test');
select tests.create_user('invoice-admin@example.test');
select tests.make_admin('invoice-admin@example.test');
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, cgv_version, consent_text, consented_at) values
  ('cs_invoice_document', tests.user_id('invoice-buyer@example.test'),
   '[{"variant_id": "v1", "product_id": "p1", "product_title": "L''Éveil du Cœur", "variant_title": "PDF", "quantity": 2, "unit_price_cents": 2900},
     {"variant_id": "v2", "product_id": "p2", "product_title": "Méditation de l''aube", "variant_title": "Audio", "quantity": 1, "unit_price_cents": 1500}]',
   7300, 'eur', 1, 'Consentement de test', now());
update public.seller_settings set legal_name = null, address = null, siret = null, vat_regime = null, vat_number = null,
  vat_rate_basis_points = null, contact_email = null;

select tests.authenticate_as_service_role();
create temporary table recorded as
select public.record_order('cs_invoice_document', tests.user_id('invoice-buyer@example.test')) as id;
reset role;
grant select on recorded to authenticated, anon;

-- While the seller's identity is incomplete, nobody gets an invoice.
select tests.authenticate_as('invoice-buyer@example.test');
select throws_ok($$ select public.invoice_document((select id from recorded)) $$, 'PT409', 'Facture indisponible',
  'the buyer is refused while the seller settings are empty');
select tests.authenticate_as('invoice-admin@example.test');
update public.seller_settings set legal_name = 'Association Lumière', address = E'1 rue de la Paix\n75002 Paris',
  siret = '12345678900011', vat_regime = 'vat', contact_email = 'contact@example.test';
create function pg_temp.refusal_hint() returns text language plpgsql as $$
declare h text;
begin
  perform public.invoice_document((select id from recorded));
  return null;
exception when sqlstate 'PT409' then
  get stacked diagnostics h = pg_exception_hint;
  return h;
end $$;
select is(pg_temp.refusal_hint(), 'vat_number,vat_rate_basis_points', 'the refusal names the mentions still missing (VAT number and rate under the VAT regime)');
update public.seller_settings set vat_number = 'FR40123456789', vat_rate_basis_points = 2000;

-- The buyer.
select tests.authenticate_as('invoice-buyer@example.test');
create temporary table first_document as select public.invoice_document((select id from recorded)) as doc;
select is((select doc->>'invoice_number' from first_document), (select invoice_number from public.orders where id = (select id from recorded)),
  'the buyer''s invoice carries the number record_order gave');
select is((select (doc->>'total_amount_cents')::integer from first_document), 7300, 'and the recorded total');
select is((select doc->'lines' from first_document),
  '[{"product_title": "L''Éveil du Cœur", "variant_title": "PDF", "quantity": 2, "unit_price_cents": 2900},
    {"product_title": "Méditation de l''aube", "variant_title": "Audio", "quantity": 1, "unit_price_cents": 1500}]'::jsonb,
  'and each recorded line, in a fixed order');
select is((select doc->'buyer' from first_document), '{"email": "invoice-buyer@example.test", "full_name": "Jeanne Martin"}'::jsonb,
  'and the buyer''s identity');
select is((select doc->'seller'->>'vat_number' from first_document), 'FR40123456789', 'and the seller''s');
select is(public.invoice_document((select id from recorded)), (select doc from first_document), 'a second call gives the same document');

-- Another customer, anon, a made-up order.
select tests.authenticate_as('invoice-other@example.test');
select throws_ok($$ select public.invoice_document((select id from recorded)) $$, 'PT404', 'Facture introuvable',
  'another customer cannot read the invoice');
select throws_ok($$ select public.record_order('cs_invoice_document', tests.user_id('invoice-other@example.test')) $$, '42501', null,
  'nor have an order numbered');
select throws_ok($$ select public.invoice_document(gen_random_uuid()) $$, 'PT404', 'Facture introuvable', 'a made-up order has no invoice');
select tests.clear_authentication();
select throws_ok($$ select public.invoice_document((select id from recorded)) $$, '42501', null, 'anon cannot call it');

-- An administrator.
select tests.authenticate_as('invoice-admin@example.test');
select is(public.invoice_document((select id from recorded)), (select doc from first_document), 'an administrator gets the same invoice');

-- The seller's identity changes after the invoice was issued: the issued invoice does not.
update public.seller_settings set legal_name = 'Association Renommée', siret = null;
select is(public.invoice_document((select id from recorded)), (select doc from first_document),
  'an issued invoice keeps the seller''s identity it was issued with, even once the settings are incomplete');
select tests.authenticate_as('invoice-buyer@example.test');
select is((select public.invoice_document((select id from recorded))->'seller'->>'legal_name'), 'Association Lumière', 'for its buyer too');
reset role;

select * from finish();
rollback;
