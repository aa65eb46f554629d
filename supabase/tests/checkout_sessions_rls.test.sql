-- checkout_sessions: what create-checkout priced for a buyer. The buyer reads their own pending
-- checkout; nobody but the service role writes one, so a client can never set a price.
begin;
\ir helpers/setup.psql
select plan(25);

select tests.create_user('alice@checkout.test', 'Alice');
select tests.create_user('bob@checkout.test', 'Bob');
select tests.create_user('root@checkout.test', 'Root');
select tests.make_admin('root@checkout.test');

insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values
  ('cs_checkout_alice', tests.user_id('alice@checkout.test'), '[{"variant_id":"v1","quantity":1,"unit_price_cents":900}]', 900, 1, 'Consentement de test', now()),
  ('cs_checkout_bob', tests.user_id('bob@checkout.test'), '[{"variant_id":"v2","quantity":2,"unit_price_cents":1500}]', 3000, 1, 'Consentement de test', now());

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.checkout_sessions $$, '42501', null, 'as anon, reading checkouts is refused');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values ('cs_anon', tests.user_id('alice@checkout.test'), '[{}]', 0, 1, 'Consentement de test', now()) $$, '42501', null, 'as anon, recording a checkout is refused');
select throws_ok($$ update public.checkout_sessions set total_amount_cents = 0 $$, '42501', null, 'as anon, repricing a checkout is refused');
select throws_ok($$ delete from public.checkout_sessions $$, '42501', null, 'as anon, deleting checkouts is refused');

-- customer A
select tests.authenticate_as('alice@checkout.test');
select results_eq(
  $$ select id, total_amount_cents, status from public.checkout_sessions where id in ('cs_checkout_alice', 'cs_checkout_bob') $$,
  $$ values ('cs_checkout_alice'::text, 900, 'pending'::text) $$,
  'as Alice, exactly her own checkout');
select is_empty($$ select 1 from public.checkout_sessions where id = 'cs_checkout_bob' $$, 'as Alice, Bob''s checkout is invisible, even by id');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values ('cs_forged', tests.user_id('alice@checkout.test'), '[{"variant_id":"v1","quantity":1,"unit_price_cents":1}]', 1, 1, 'Consentement de test', now()) $$, '42501', null, 'as Alice, recording her own checkout at her own price is refused');
select throws_ok($$ update public.checkout_sessions set total_amount_cents = 1 where id = 'cs_checkout_alice' $$, '42501', null, 'as Alice, repricing her checkout is refused');
select throws_ok($$ update public.checkout_sessions set status = 'completed' where id = 'cs_checkout_alice' $$, '42501', null, 'as Alice, completing her checkout is refused');
select throws_ok($$ delete from public.checkout_sessions where id = 'cs_checkout_alice' $$, '42501', null, 'as Alice, deleting her checkout is refused');

-- customer B
select tests.authenticate_as('bob@checkout.test');
select results_eq($$ select id from public.checkout_sessions where id in ('cs_checkout_alice', 'cs_checkout_bob') $$, $$ values ('cs_checkout_bob'::text) $$, 'as Bob, exactly his own checkout');
select throws_ok($$ update public.checkout_sessions set user_id = tests.user_id('bob@checkout.test') where id = 'cs_checkout_alice' $$, '42501', null, 'as Bob, taking over Alice''s checkout is refused');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values ('cs_for_alice', tests.user_id('alice@checkout.test'), '[{}]', 0, 1, 'Consentement de test', now()) $$, '42501', null, 'as Bob, recording a checkout for Alice is refused');
select throws_ok($$ delete from public.checkout_sessions $$, '42501', null, 'as Bob, deleting checkouts is refused');

-- admin: checkouts are the buyer's business; administrators see orders instead.
select tests.authenticate_as('root@checkout.test');
select is_empty($$ select 1 from public.checkout_sessions where id in ('cs_checkout_alice', 'cs_checkout_bob') $$, 'as the administrator, customers'' checkouts are not listed');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values ('cs_admin', tests.user_id('root@checkout.test'), '[{}]', 0, 1, 'Consentement de test', now()) $$, '42501', null, 'as the administrator, recording a checkout is refused');
select throws_ok($$ update public.checkout_sessions set total_amount_cents = 0 $$, '42501', null, 'as the administrator, repricing is refused');
select throws_ok($$ delete from public.checkout_sessions $$, '42501', null, 'as the administrator, deleting is refused');

-- service role: create-checkout and record-order
select tests.authenticate_as_service_role();
select is((select count(*)::integer from public.checkout_sessions where id in ('cs_checkout_alice', 'cs_checkout_bob')), 2, 'the service role reads every checkout');
select lives_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values ('cs_checkout_bob_2', tests.user_id('bob@checkout.test'), '[{"variant_id":"v3","quantity":1,"unit_price_cents":100}]', 100, 1, 'Consentement de test', now()) $$, 'the service role records a checkout');
select is((select status from public.checkout_sessions where id = 'cs_checkout_bob_2'), 'pending', 'a new checkout is pending');
select lives_ok($$ update public.checkout_sessions set status = 'completed' where id = 'cs_checkout_bob_2' $$, 'the service role completes it');
select is((select status from public.checkout_sessions where id = 'cs_checkout_bob_2'), 'completed', 'it is completed');
select lives_ok($$ delete from public.checkout_sessions where id = 'cs_checkout_bob_2' $$, 'the service role deletes a checkout');
select is_empty($$ select 1 from public.checkout_sessions where id = 'cs_checkout_bob_2' $$, 'it is gone');

select * from finish();
rollback;
