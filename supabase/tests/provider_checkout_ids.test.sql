-- checkout_sessions.provider_checkout_id: the provider's own id of a checkout (a Stripe Checkout
-- Session id), which create-checkout records beside the shop's id and the webhook looks checkouts up
-- by. As each role: anon reads none; the buyer reads their own, and not another's even by that id;
-- no customer nor administrator sets, changes or clears it (a forged id would hand a buyer another
-- checkout's payment); the service role writes it. One provider checkout is one shop checkout
-- (unique), and a provider that gives no id (Hostinger) leaves it null on as many checkouts as it opens.
begin;
\ir helpers/setup.psql
select plan(20);

select tests.create_user('pcid-alice@example.test', 'Alice');
select tests.create_user('pcid-bob@example.test', 'Bob');
select tests.create_user('pcid-root@example.test', 'Root');
select tests.make_admin('pcid-root@example.test');

insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at, provider_checkout_id) values
  ('pcid_alice', tests.user_id('pcid-alice@example.test'), '[{"variant_id":"v1","quantity":1,"unit_price_cents":900}]', 900, 1, 'Consentement de test', now(), 'cs_test_alice'),
  ('pcid_bob', tests.user_id('pcid-bob@example.test'), '[{"variant_id":"v2","quantity":1,"unit_price_cents":1500}]', 1500, 1, 'Consentement de test', now(), 'cs_test_bob'),
  ('pcid_bob_hostinger', tests.user_id('pcid-bob@example.test'), '[{"variant_id":"v2","quantity":1,"unit_price_cents":1500}]', 1500, 1, 'Consentement de test', now(), null);

select col_is_unique('public', 'checkout_sessions', 'provider_checkout_id', 'one provider checkout is one shop checkout');
select col_is_null('public', 'checkout_sessions', 'provider_checkout_id', 'a provider that gives no id leaves it null');

-- anon
select tests.clear_authentication();
select throws_ok($$ select provider_checkout_id from public.checkout_sessions $$, '42501', null, 'as anon, reading provider checkout ids is refused');
select throws_ok($$ update public.checkout_sessions set provider_checkout_id = 'cs_test_forged' $$, '42501', null, 'as anon, setting one is refused');

-- the buyer
select tests.authenticate_as('pcid-alice@example.test');
select results_eq(
  $$ select id, provider_checkout_id from public.checkout_sessions where id like 'pcid_%' $$,
  $$ values ('pcid_alice'::text, 'cs_test_alice'::text) $$,
  'as Alice, exactly her own checkout''s provider id');
select is_empty($$ select 1 from public.checkout_sessions where provider_checkout_id = 'cs_test_bob' $$, 'as Alice, Bob''s checkout is invisible, even by its provider id');
select throws_ok($$ update public.checkout_sessions set provider_checkout_id = 'cs_test_bob_paid' where id = 'pcid_alice' $$, '42501', null, 'as Alice, changing her checkout''s provider id is refused');
select throws_ok($$ update public.checkout_sessions set provider_checkout_id = null where id = 'pcid_alice' $$, '42501', null, 'as Alice, clearing it is refused');
select throws_ok(
  $$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at, provider_checkout_id)
     values ('pcid_forged', tests.user_id('pcid-alice@example.test'), '[{"variant_id":"v2","quantity":1,"unit_price_cents":1}]', 1, 1, 'Consentement de test', now(), 'cs_test_bob') $$,
  '42501', null, 'as Alice, recording a checkout under Bob''s provider id is refused');

-- another customer
select tests.authenticate_as('pcid-bob@example.test');
select results_eq(
  $$ select id, provider_checkout_id from public.checkout_sessions where id like 'pcid_%' order by id $$,
  $$ values ('pcid_bob'::text, 'cs_test_bob'::text), ('pcid_bob_hostinger', null) $$,
  'as Bob, his own two checkouts, one without a provider id');
select throws_ok($$ update public.checkout_sessions set provider_checkout_id = 'cs_test_alice' where id = 'pcid_bob' $$, '42501', null, 'as Bob, taking Alice''s provider id is refused');

-- the administrator: checkouts are the buyer's business
select tests.authenticate_as('pcid-root@example.test');
select is_empty($$ select 1 from public.checkout_sessions where id like 'pcid_%' $$, 'as the administrator, no customer''s provider checkout id is listed');
select throws_ok($$ update public.checkout_sessions set provider_checkout_id = 'cs_test_admin' where id = 'pcid_alice' $$, '42501', null, 'as the administrator, setting one is refused');

-- the service role: create-checkout records it, the webhook reads by it
select tests.authenticate_as_service_role();
select is((select id from public.checkout_sessions where provider_checkout_id = 'cs_test_bob'), 'pcid_bob', 'the service role finds a checkout by its provider id');
select lives_ok(
  $$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at, provider_checkout_id)
     values ('pcid_alice_2', tests.user_id('pcid-alice@example.test'), '[{"variant_id":"v1","quantity":1,"unit_price_cents":900}]', 900, 1, 'Consentement de test', now(), 'cs_test_alice_2') $$,
  'the service role records a checkout with its provider id');
select throws_ok(
  $$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at, provider_checkout_id)
     values ('pcid_alice_3', tests.user_id('pcid-alice@example.test'), '[{"variant_id":"v1","quantity":1,"unit_price_cents":900}]', 900, 1, 'Consentement de test', now(), 'cs_test_alice') $$,
  '23505', null, 'a provider checkout already recorded for another checkout is refused, even to the service role');
select lives_ok(
  $$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at)
     values ('pcid_bob_hostinger_2', tests.user_id('pcid-bob@example.test'), '[{"variant_id":"v2","quantity":1,"unit_price_cents":1500}]', 1500, 1, 'Consentement de test', now()) $$,
  'a second checkout without a provider id is recorded');
select throws_ok($$ update public.checkout_sessions set provider_checkout_id = '' where id = 'pcid_bob_hostinger' $$, '23514', null, 'an empty provider id is refused');
select throws_ok($$ update public.checkout_sessions set provider_checkout_id = repeat('x', 256) where id = 'pcid_bob_hostinger' $$, '23514', null, 'a provider id over 255 characters is refused');
select is((select count(*)::integer from public.checkout_sessions where id like 'pcid_%' and provider_checkout_id is null), 2, 'two checkouts without a provider id stand side by side');

select * from finish();
rollback;
