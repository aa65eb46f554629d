-- admin_payment_issues() and mark_payment_issue_handled(): « Paiements à vérifier » for the
-- administrator only. Anon, the buyer and another customer are refused both; the administrator
-- reads the issues newest first with the buyer's e-mail and amounts, and marks one handled (the
-- first mark stands). Rows are this file's: the list is read for its own sessions only.
begin;
\ir helpers/setup.psql
select plan(24);

select tests.create_user('alice@paycheck.test');
select tests.create_user('bruno@paycheck.test');
select tests.create_user('root@paycheck.test');
select tests.create_user('second@paycheck.test');
select tests.make_admin('root@paycheck.test');
select tests.make_admin('second@paycheck.test');

insert into public.checkout_sessions (id, user_id, items, total_amount_cents, status, cgv_version, consent_text, consented_at) values
  ('cs_paycheck_old', tests.user_id('alice@paycheck.test'), '[{"variant_id":"v1","quantity":1,"unit_price_cents":900}]', 900, 'needs_review', 1, 'Consentement de test', now()),
  ('cs_paycheck_new', tests.user_id('bruno@paycheck.test'), '[{"variant_id":"v2","quantity":2,"unit_price_cents":500}]', 1000, 'needs_review', 1, 'Consentement de test', now());
insert into public.payment_issues (checkout_session_id, user_id, reason, detail, detected_at) values
  ('cs_paycheck_old', tests.user_id('alice@paycheck.test'), 'mismatch', '{"paid":{"status":"paid","total_cents":901},"priced":{"total_amount_cents":900}}', now() - interval '2 days'),
  ('cs_paycheck_new', tests.user_id('bruno@paycheck.test'), 'unknown_session', '{}', now() - interval '1 hour');

select is_definer('public', 'admin_payment_issues', array['integer'], 'admin_payment_issues runs as its owner, behind its own check');
select is_definer('public', 'mark_payment_issue_handled', array['text'], 'mark_payment_issue_handled too');
select ok(not has_function_privilege('anon', 'public.admin_payment_issues(integer)', 'execute'), 'anon may not execute the list');
select ok(not has_function_privilege('anon', 'public.mark_payment_issue_handled(text)', 'execute'), 'nor the mark');

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.admin_payment_issues() $$, '42501', null, 'as anon, the list is refused');
select throws_ok($$ select public.mark_payment_issue_handled('cs_paycheck_old') $$, '42501', null, 'as anon, marking is refused');

-- the buyer of an issue, and another customer
select tests.authenticate_as('alice@paycheck.test');
select throws_ok($$ select * from public.admin_payment_issues() $$, '42501', 'admin_payment_issues is reserved to administrators', 'as the buyer, the list is refused');
select throws_ok($$ select public.mark_payment_issue_handled('cs_paycheck_old') $$, '42501', 'mark_payment_issue_handled is reserved to administrators',
  'as the buyer, marking her own issue is refused');
select throws_ok($$ update public.payment_issues set handled_at = now() $$, '42501', null, 'as the buyer, writing handled_at directly is refused');
select tests.authenticate_as('bruno@paycheck.test');
select throws_ok($$ select * from public.admin_payment_issues() $$, '42501', null, 'as another customer, the list is refused');
select throws_ok($$ select public.mark_payment_issue_handled('cs_paycheck_old') $$, '42501', null, 'as another customer, marking is refused');

-- the administrator
select tests.authenticate_as('root@paycheck.test');
select results_eq(
  $$ select checkout_session_id, customer_email, reason, priced_amount_cents, paid_amount_cents, currency, handled_at
     from public.admin_payment_issues() where checkout_session_id like 'cs_paycheck_%' $$,
  $$ values ('cs_paycheck_new'::text, 'bruno@paycheck.test'::text, 'unknown_session'::text, 1000, null::integer, 'eur'::text, null::timestamptz),
            ('cs_paycheck_old', 'alice@paycheck.test', 'mismatch', 900, 901, 'eur', null) $$,
  'as the administrator, the issues newest first, with the buyer''s e-mail, reason and both amounts');
select throws_ok($$ select * from public.admin_payment_issues(0) $$, '22023', null, 'a page of no rows is refused');
select throws_ok($$ select * from public.admin_payment_issues(1001) $$, '22023', null, 'as is one over 1000');
select throws_ok($$ update public.payment_issues set handled_at = now() $$, '42501', null, 'the administrator does not write the table directly either');
select isnt(public.mark_payment_issue_handled('cs_paycheck_old'), null, 'the administrator marks an issue handled');
select results_eq(
  $$ select handled_by_email, handled_at is not null from public.admin_payment_issues() where checkout_session_id = 'cs_paycheck_old' $$,
  $$ values ('root@paycheck.test'::text, true) $$, 'the list says who handled it');
select is((select handled_at from public.admin_payment_issues() where checkout_session_id = 'cs_paycheck_new'), null, 'the other issue is untouched');
select throws_ok($$ select public.mark_payment_issue_handled('cs_paycheck_nowhere') $$, 'P0002', null, 'a session with no issue is P0002');

-- a second administrator marking again keeps the first mark
reset role;
update public.payment_issues set handled_at = handled_at - interval '1 minute' where checkout_session_id = 'cs_paycheck_old';
select tests.authenticate_as('second@paycheck.test');
select is(public.mark_payment_issue_handled('cs_paycheck_old'),
  (select handled_at from public.admin_payment_issues() where checkout_session_id = 'cs_paycheck_old'),
  'marking a handled issue again returns the first mark');
select results_eq(
  $$ select handled_by_email from public.admin_payment_issues() where checkout_session_id = 'cs_paycheck_old' $$,
  $$ values ('root@paycheck.test'::text) $$, 'and keeps who handled it first');
select is((select count(*)::int from public.admin_payment_issues(1)), 1, 'max_rows bounds the page');

-- the service role (reconcile-checkouts) has no business here either
select tests.authenticate_as_service_role();
select throws_ok($$ select * from public.admin_payment_issues() $$, '42501', null, 'the service role is not an administrator');
select throws_ok($$ select public.mark_payment_issue_handled('cs_paycheck_new') $$, '42501', null, 'nor marks issues');

select * from finish();
rollback;
