-- payment_issues (« Paiements à vérifier »): only administrators read it; nobody writes it but the
-- service role (reconcile-checkouts). A customer does not even see the issue of their own checkout.
begin;
\ir helpers/setup.psql
select plan(20);

select tests.create_user('alice@issues.test');
select tests.create_user('root@issues.test');
select tests.make_admin('root@issues.test');

insert into public.checkout_sessions (id, user_id, items, total_amount_cents, status, cgv_version, consent_text, consented_at) values
  ('cs_issue_alice', tests.user_id('alice@issues.test'), '[{"variant_id":"v1","quantity":1,"unit_price_cents":900}]', 900, 'needs_review', 1, 'Consentement de test', now()),
  ('cs_issue_alice_2', tests.user_id('alice@issues.test'), '[{"variant_id":"v2","quantity":1,"unit_price_cents":500}]', 500, 'needs_review', 1, 'Consentement de test', now());
insert into public.payment_issues (checkout_session_id, user_id, reason, detail) values
  ('cs_issue_alice', tests.user_id('alice@issues.test'), 'mismatch', '{"paid":{"total_cents":1},"priced":{"total_amount_cents":900}}');

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.payment_issues $$, '42501', null, 'as anon, reading payment issues is refused');
select throws_ok($$ insert into public.payment_issues (checkout_session_id, user_id, reason) values ('cs_issue_alice_2', tests.user_id('alice@issues.test'), 'mismatch') $$, '42501', null, 'as anon, filing an issue is refused');
select throws_ok($$ update public.payment_issues set reason = 'unknown_session' $$, '42501', null, 'as anon, editing an issue is refused');
select throws_ok($$ delete from public.payment_issues $$, '42501', null, 'as anon, deleting issues is refused');

-- the customer whose checkout it is
select tests.authenticate_as('alice@issues.test');
select is_empty($$ select 1 from public.payment_issues $$, 'as the buyer, the issue of her own checkout is not listed');
select throws_ok($$ insert into public.payment_issues (checkout_session_id, user_id, reason) values ('cs_issue_alice_2', tests.user_id('alice@issues.test'), 'mismatch') $$, '42501', null, 'as the buyer, filing an issue is refused');
select throws_ok($$ update public.payment_issues set reason = 'unknown_session' $$, '42501', null, 'as the buyer, editing an issue is refused');
select throws_ok($$ delete from public.payment_issues $$, '42501', null, 'as the buyer, deleting an issue is refused');

-- the administrator
select tests.authenticate_as('root@issues.test');
select results_eq($$ select checkout_session_id, user_id, reason, detail->'paid'->>'total_cents' from public.payment_issues $$,
  $$ values ('cs_issue_alice'::text, tests.user_id('alice@issues.test'), 'mismatch'::text, '1'::text) $$,
  'as the administrator, every issue with its reason and what the service answered');
select throws_ok($$ insert into public.payment_issues (checkout_session_id, user_id, reason) values ('cs_issue_alice_2', tests.user_id('alice@issues.test'), 'mismatch') $$, '42501', null, 'as the administrator, filing an issue through the API is refused');
select throws_ok($$ update public.payment_issues set reason = 'unknown_session' $$, '42501', null, 'as the administrator, editing an issue is refused');
select throws_ok($$ delete from public.payment_issues $$, '42501', null, 'as the administrator, deleting an issue through the API is refused');

-- the service role: reconcile-checkouts
select tests.authenticate_as_service_role();
select lives_ok($$ insert into public.payment_issues (checkout_session_id, user_id, reason) values ('cs_issue_alice_2', tests.user_id('alice@issues.test'), 'unknown_session') $$, 'the service role files an issue');
select throws_ok($$ insert into public.payment_issues (checkout_session_id, user_id, reason) values ('cs_issue_alice_2', tests.user_id('alice@issues.test'), 'mismatch') $$, '23505', null, 'one issue per checkout session');
select throws_ok($$ insert into public.payment_issues (checkout_session_id, user_id, reason) values ('cs_issue_nowhere', tests.user_id('alice@issues.test'), 'mismatch') $$, '23503', null, 'an issue names a checkout that exists');
select throws_ok($$ update public.payment_issues set reason = 'whatever' where checkout_session_id = 'cs_issue_alice' $$, '23514', null, 'an unknown reason is refused');
select lives_ok($$ delete from public.payment_issues where checkout_session_id = 'cs_issue_alice_2' $$, 'the service role deletes an issue');

-- the statuses the reconciliation sets
select lives_ok($$ update public.checkout_sessions set status = 'canceled' where id = 'cs_issue_alice_2' $$, 'a checkout may be canceled');
select lives_ok($$ update public.checkout_sessions set status = 'expired' where id = 'cs_issue_alice_2' $$, 'a checkout may be expired');
select throws_ok($$ update public.checkout_sessions set status = 'paid' where id = 'cs_issue_alice_2' $$, '23514', null, 'no other checkout status');

select * from finish();
rollback;
