-- Payments matched to checkouts (issue 41): one payment pays for one checkout only, by a unique
-- column; the payments no checkout claimed wait in unmatched_payments, which only the
-- administrator reads (through admin_unmatched_payments(), with the checkouts each may have paid)
-- and attaches by hand (attach_payment()), which records the order and says who did it. Anon, the
-- buyer and another customer are refused each path; the service role files payments but is no
-- administrator.
begin;
\ir helpers/setup.psql
select plan(36);

select tests.create_user('alice@unmatched.test');
select tests.create_user('bruno@unmatched.test');
select tests.create_user('root@unmatched.test');
select tests.make_admin('root@unmatched.test');

insert into public.checkout_sessions (id, user_id, buyer_email, items, total_amount_cents, status, cgv_version, consent_text, consented_at, created_at) values
  ('chk_unmatched_alice', tests.user_id('alice@unmatched.test'), 'alice@unmatched.test',
   '[{"variant_id":"var_a","product_id":"p_a","product_title":"A","variant_title":"PDF","quantity":1,"unit_price_cents":2900}]', 2900, 'pending', 1, 'Consentement de test', now(), now() - interval '1 hour'),
  ('chk_unmatched_alice_other', tests.user_id('alice@unmatched.test'), 'alice@unmatched.test',
   '[{"variant_id":"var_b","product_id":"p_b","product_title":"B","variant_title":"MP3","quantity":2,"unit_price_cents":700}]', 1400, 'pending', 1, 'Consentement de test', now(), now() - interval '2 hours'),
  ('chk_unmatched_bruno', tests.user_id('bruno@unmatched.test'), 'bruno@unmatched.test',
   '[{"variant_id":"var_a","product_id":"p_a","product_title":"A","variant_title":"PDF","quantity":1,"unit_price_cents":2900}]', 2900, 'pending', 1, 'Consentement de test', now(), now() - interval '3 hours'),
  ('chk_unmatched_old', tests.user_id('bruno@unmatched.test'), 'bruno@unmatched.test',
   '[{"variant_id":"var_a","product_id":"p_a","product_title":"A","variant_title":"PDF","quantity":1,"unit_price_cents":2900}]', 2900, 'expired', 1, 'Consentement de test', now(), now() - interval '9 days');
insert into public.payment_issues (checkout_session_id, user_id, reason, detail) values
  ('chk_unmatched_alice', tests.user_id('alice@unmatched.test'), 'ambiguous', '{"candidates":["order_twin_1","order_twin_2"]}');

-- The payment paid under an e-mail no account has, for alice's cart.
insert into public.unmatched_payments (payment_id, payment_reference, customer_email, total_cents, currency, lines, paid_at) values
  ('order_unmatched_1', '1042', 'alice.perso@example.test', 2900, 'eur',
   '[{"variant_id":"var_a","title":"A / PDF","quantity":1,"unit_price_cents":2900}]', now() - interval '50 minutes');

-- one payment, one checkout: the database's rule
select tests.authenticate_as_service_role();
select lives_ok($$ select public.record_order('chk_unmatched_alice_other', tests.user_id('alice@unmatched.test'), 'order_taken', '1001') $$,
  'the service role records an order naming its payment');
select is((select payment_id || ' #' || payment_reference from public.orders where checkout_session_id = 'chk_unmatched_alice_other'), 'order_taken #1001',
  'the order names the payment and its number');
select throws_ok($$ select public.record_order('chk_unmatched_bruno', tests.user_id('bruno@unmatched.test'), 'order_taken', '1001') $$,
  '23505', null, 'the same payment cannot record a second checkout');
select is((select status from public.checkout_sessions where id = 'chk_unmatched_bruno'), 'pending', 'and nothing of that call is kept');
select is(public.record_order('chk_unmatched_alice_other', tests.user_id('alice@unmatched.test'), 'order_other', '1002'),
  (select id from public.orders where checkout_session_id = 'chk_unmatched_alice_other'), 'a repeated call answers the order already recorded');
select is((select payment_id from public.orders where checkout_session_id = 'chk_unmatched_alice_other'), 'order_taken', 'as it was');
select ok(not has_function_privilege('authenticated', 'public.record_order(text, uuid, text, text)', 'execute'), 'customers may not record orders');
select ok(not has_function_privilege('authenticated', 'public.record_paid_order(text, uuid, text, text)', 'execute'), 'nor through record_paid_order');
select throws_ok($$ select * from public.admin_unmatched_payments() $$, '42501', null, 'the service role is no administrator: the list is refused');
select throws_ok($$ select public.attach_payment('order_unmatched_1', 'chk_unmatched_alice') $$, '42501', null, 'and so is attaching');

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.admin_unmatched_payments() $$, '42501', null, 'as anon, the list is refused');
select throws_ok($$ select public.attach_payment('order_unmatched_1', 'chk_unmatched_alice') $$, '42501', null, 'as anon, attaching is refused');
select throws_ok($$ select * from public.unmatched_payments $$, '42501', null, 'as anon, the table is closed');

-- the buyer whose cart it paid, and another customer
select tests.authenticate_as('alice@unmatched.test');
select is_empty($$ select * from public.unmatched_payments $$, 'as the buyer, no row of the table is visible');
select throws_ok($$ select * from public.admin_unmatched_payments() $$, '42501', 'admin_unmatched_payments is reserved to administrators', 'as the buyer, the list is refused');
select throws_ok($$ select public.attach_payment('order_unmatched_1', 'chk_unmatched_alice') $$, '42501', 'attach_payment is reserved to administrators',
  'as the buyer, attaching the payment to her own checkout is refused');
select throws_ok($$ update public.unmatched_payments set attached_at = now() $$, '42501', null, 'as the buyer, writing the table is refused');
select tests.authenticate_as('bruno@unmatched.test');
select is_empty($$ select * from public.unmatched_payments $$, 'as another customer, no row is visible');
select throws_ok($$ select public.attach_payment('order_unmatched_1', 'chk_unmatched_bruno') $$, '42501', null, 'as another customer, attaching is refused');

-- the administrator
select tests.authenticate_as('root@unmatched.test');
select results_eq(
  $$ select payment_reference, customer_email, total_cents, attached_at from public.admin_unmatched_payments() where payment_id = 'order_unmatched_1' $$,
  $$ values ('1042'::text, 'alice.perso@example.test'::text, 2900, null::timestamptz) $$,
  'as the administrator, the payment is listed with its number, e-mail and amount');
select results_eq(
  $$ select c->>'checkout_session_id', c->>'customer_email', (c->>'same_lines')::boolean
       from public.admin_unmatched_payments() p, jsonb_array_elements(p.candidates) c where p.payment_id = 'order_unmatched_1' $$,
  $$ values ('chk_unmatched_alice'::text, 'alice@unmatched.test'::text, true), ('chk_unmatched_bruno', 'bruno@unmatched.test', true) $$,
  'its candidates: checkouts not recorded of the same amount in the week before it, the nearest in time first; not the recorded one nor the one opened nine days before');
select is_empty($$ select * from public.admin_unmatched_payments() where payment_id = 'order_taken' $$, 'a payment that is no unmatched one is not listed');
select throws_ok($$ update public.unmatched_payments set attached_at = now() $$, '42501', null, 'the administrator does not write the table directly');
select throws_ok($$ select public.attach_payment('order_unmatched_1', 'chk_unmatched_alice_other') $$, 'PT409', null, 'a checkout already recorded is refused');
select throws_ok($$ select public.attach_payment('order_nowhere', 'chk_unmatched_alice') $$, 'P0002', null, 'an unknown payment is P0002');
select throws_ok($$ select public.attach_payment('order_unmatched_1', 'chk_nowhere') $$, 'P0002', null, 'an unknown checkout is P0002');

select isnt(public.attach_payment('order_unmatched_1', 'chk_unmatched_alice'), null, 'the administrator attaches the payment to alice''s checkout');
select results_eq(
  $$ select o.user_id, o.payment_id, o.payment_reference, o.total_amount_cents, (select count(*)::int from public.order_items i where i.order_id = o.id)
       from public.orders o where o.checkout_session_id = 'chk_unmatched_alice' $$,
  $$ values (tests.user_id('alice@unmatched.test'), 'order_unmatched_1'::text, '1042'::text, 2900, 1) $$,
  'alice''s order is recorded with its line, naming the payment');
select results_eq(
  $$ select attached_checkout_id, attached_by_email, candidates from public.admin_unmatched_payments() where payment_id = 'order_unmatched_1' $$,
  $$ values ('chk_unmatched_alice'::text, 'root@unmatched.test'::text, '[]'::jsonb) $$,
  'the payment says which checkout, and who attached it');
select isnt((select handled_at from public.payment_issues where checkout_session_id = 'chk_unmatched_alice'), null, 'the checkout''s own issue is marked handled');
select is((select handled_by from public.payment_issues where checkout_session_id = 'chk_unmatched_alice'), tests.user_id('root@unmatched.test'), 'by the same administrator');
select is(public.attach_payment('order_unmatched_1', 'chk_unmatched_alice'), (select id from public.orders where checkout_session_id = 'chk_unmatched_alice'),
  'attaching again to the same checkout answers the same order');
select throws_ok($$ select public.attach_payment('order_unmatched_1', 'chk_unmatched_bruno') $$, 'PT409', null, 'the payment cannot be attached to a second checkout');

-- a payment some order already names (a match recorded it meanwhile) cannot record another
reset role;
select is((select status from public.checkout_sessions where id = 'chk_unmatched_bruno'), 'pending', 'bruno''s checkout is untouched');
insert into public.unmatched_payments (payment_id, payment_reference, customer_email, total_cents, currency, lines, paid_at) values
  ('order_taken', '1001', 'alice@unmatched.test', 1400, 'eur', '[]', now());
select tests.authenticate_as('root@unmatched.test');
select is_empty($$ select * from public.admin_unmatched_payments() where payment_id = 'order_taken' $$, 'filed, but recorded meanwhile: not listed');
select throws_ok($$ select public.attach_payment('order_taken', 'chk_unmatched_bruno') $$, '23505', null, 'attaching it elsewhere is refused by the unique payment');

select * from finish();
rollback;
