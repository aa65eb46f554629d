-- The buyer's consent at checkout (issue #22): no checkout and no order without the CGV version,
-- the consent's wording and its time; record_order copies them onto the order, once; they are
-- immutable for every role; only a checkout older than the requirement (as its migration
-- backfilled them) may become an order without them; checkout_terms tells anyone the CGV version
-- in force and the two sentences to tick.
begin;
\ir helpers/setup.psql
select plan(27);

select tests.create_user('consent-alice@example.test');
select tests.create_user('consent-bob@example.test');
select tests.create_user('consent-admin@example.test');
select tests.make_admin('consent-admin@example.test');
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values
  ('cs_consent_alice', tests.user_id('consent-alice@example.test'), '[{"variant_id":"v1","product_title":"Enseignement","quantity":1,"unit_price_cents":900}]', 900,
   3, E'J''ai lu et j''accepte les conditions générales de vente (version 3).\nJe demande l''accès immédiat.', '2026-11-27 10:00:00+00');

select tests.authenticate_as_service_role();
-- no checkout without consent
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents) values ('cs_no_consent', tests.user_id('consent-alice@example.test'), '[{}]', 1) $$,
  '23514', null, 'a checkout without consent is refused');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text) values ('cs_half', tests.user_id('consent-alice@example.test'), '[{}]', 1, 1, 'Oui') $$,
  '23514', null, 'a checkout without the consent''s time is refused');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, consent_required) values ('cs_exempt', tests.user_id('consent-alice@example.test'), '[{}]', 1, false) $$,
  '23514', 'a checkout needs the buyer''s consent', 'a new checkout cannot declare itself exempt');
-- no order without consent
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id) values (tests.user_id('consent-alice@example.test'), 1, 'cs_order_no_consent') $$,
  '23514', null, 'an order without consent is refused');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text) values (tests.user_id('consent-alice@example.test'), 1, 'cs_order_half', 1, 'Oui') $$,
  '23514', null, 'an order without the consent''s time is refused');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, consent_required) values (tests.user_id('consent-alice@example.test'), 1, 'cs_consent_alice', false) $$,
  '23514', 'an order needs the buyer''s consent', 'an order of a consented checkout cannot declare itself exempt');

-- record_order carries the consent, once
select ok(public.record_order('cs_consent_alice', tests.user_id('consent-alice@example.test')) is not null, 'record_order records the consented checkout');
select results_eq($$ select cgv_version, consent_text, consented_at, consent_required from public.orders where checkout_session_id = 'cs_consent_alice' $$,
  $$ values (3, E'J''ai lu et j''accepte les conditions générales de vente (version 3).\nJe demande l''accès immédiat.', '2026-11-27 10:00:00+00'::timestamptz, true) $$,
  'the order holds the checkout''s CGV version, wording and time');
select is(public.record_order('cs_consent_alice', tests.user_id('consent-alice@example.test')),
  (select id from public.orders where checkout_session_id = 'cs_consent_alice'), 'a replay returns the same order');
select is((select count(*)::integer from public.orders where checkout_session_id = 'cs_consent_alice'), 1, 'and records no second one');

-- immutable, for every role
select throws_ok($$ update public.orders set consent_text = 'Autre chose' where checkout_session_id = 'cs_consent_alice' $$, '42501', null, 'the service role cannot rewrite an order''s consent');
select throws_ok($$ update public.orders set cgv_version = null, consent_text = null, consented_at = null, consent_required = false where checkout_session_id = 'cs_consent_alice' $$,
  '42501', null, 'nor remove it');
select throws_ok($$ update public.checkout_sessions set consented_at = now() where id = 'cs_consent_alice' $$, '42501', null, 'nor a checkout''s');
select lives_ok($$ update public.orders set confirmation_sent_at = now() where checkout_session_id = 'cs_consent_alice' $$, 'the order''s other columns still change as before');
select tests.authenticate_as('consent-alice@example.test');
select throws_ok($$ update public.orders set consent_text = 'Autre' $$, '42501', null, 'the buyer cannot rewrite her consent');
select throws_ok($$ delete from public.orders $$, '42501', null, 'nor delete her order');
select throws_ok($$ update public.checkout_sessions set cgv_version = 1 $$, '42501', null, 'nor her checkout''s consent');
select tests.authenticate_as('consent-admin@example.test');
select throws_ok($$ update public.orders set consent_text = 'Autre' $$, '42501', null, 'an administrator cannot rewrite a consent');
select throws_ok($$ delete from public.orders $$, '42501', null, 'nor delete an order');
select tests.clear_authentication();
select throws_ok($$ update public.orders set consent_text = 'Autre' $$, '42501', null, 'anon cannot rewrite a consent');
reset role;
select throws_ok($$ update public.orders set consent_text = 'Autre' where checkout_session_id = 'cs_consent_alice' $$, '42501', null, 'nor can the owner');

-- A checkout older than the requirement (as the migration backfilled it: no consent, exempt) is
-- still recorded, exempt too; that is the only way to an order without consent.
alter table public.checkout_sessions disable trigger checkout_sessions_consent_guard;
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, consent_required) values
  ('cs_before_consent', tests.user_id('consent-bob@example.test'), '[{"variant_id":"v1","product_title":"Enseignement","quantity":1,"unit_price_cents":900}]', 900, false);
alter table public.checkout_sessions enable trigger checkout_sessions_consent_guard;
select tests.authenticate_as_service_role();
select lives_ok($$ select public.record_order('cs_before_consent', tests.user_id('consent-bob@example.test')) $$, 'a checkout from before the requirement is still recorded');
select results_eq($$ select consent_required, cgv_version from public.orders where checkout_session_id = 'cs_before_consent' $$, $$ values (false, null::integer) $$,
  'its order is marked as made before the requirement');

-- checkout_terms: the CGV version in force, for anyone
reset role;
update public.seller_settings set legal_name = 'Association Témoin', address = '1 rue de la Paix, 75002 Paris', siret = '12345678900011',
  vat_regime = 'franchise', contact_email = 'contact@example.test';
update public.legal_documents set draft_markdown = '# CGV de test {{vendeur.nom}}' where kind = 'cgv';
select tests.clear_authentication();
select throws_ok($$ select public.publish_legal_document('cgv') $$, '42501', null, 'anon cannot publish a CGV');
select tests.authenticate_as('consent-admin@example.test');
select ok(public.publish_legal_document('cgv') >= 1, 'an administrator publishes a CGV');
select tests.clear_authentication();
select is((public.checkout_terms() ->> 'cgv_version')::integer, (select max(version) from public.legal_document_versions where kind = 'cgv'),
  'anon reads the CGV version in force');
select is(public.checkout_terms() ->> 'immediate_access_label',
  'Je demande l''accès immédiat à mes contenus numériques et je reconnais perdre mon droit de rétractation dès leur mise à disposition.',
  'and the wording of the immediate access and the loss of the withdrawal right');

select * from finish();
rollback;
