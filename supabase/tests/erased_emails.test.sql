-- An erased address stays erased: once Alice's account is erased, whoever files a payment typed
-- under her address afterwards (the reconciliation's schedule, a detached checkout's ambiguous
-- issue, any writer), in any letter case and with spaces around, the database stores it without
-- her e-mail: the unmatched payment with a null one, the issue's candidate with its id and
-- reference. Bruno's address is kept as it is. The shop remembers her address only as a keyed
-- hash (not its bare sha256), in a table no API role reads or writes, for 30 days; an address
-- that becomes an account's again is held again.
begin;
\ir helpers/setup.psql
select plan(21);

update public.profiles set role = 'customer' where role = 'admin';
select tests.create_user('gone-alice@example.test', 'Alice Martin');
select tests.create_user('gone-carol@example.test', 'Carole Durand');
select tests.create_user('stay-bruno@example.test', 'Bruno Petit');
select tests.create_user('gone-admin@example.test', 'Xavier Admin');
select tests.make_admin('gone-admin@example.test');
insert into public.checkout_sessions (id, user_id, buyer_email, items, total_amount_cents, status, cgv_version, consent_text, consented_at) values
  ('cs_gone_twins', tests.user_id('stay-bruno@example.test'), 'stay-bruno@example.test',
   '[{"variant_id": "v1", "quantity": 1}]', 2900, 'needs_review', 1, 'Consentement de test', now()),
  ('cs_gone_later', tests.user_id('stay-bruno@example.test'), 'stay-bruno@example.test',
   '[{"variant_id": "v1", "quantity": 1}]', 2900, 'needs_review', 1, 'Consentement de test', now());
insert into public.unmatched_payments (payment_id, payment_reference, customer_email, total_cents, currency, lines, paid_at) values
  ('pay_gone_bruno_first', '3001', 'stay-bruno@example.test', 2900, 'eur', '[]', now());

-- Alice and Carole erase their accounts, as delete-account does.
select tests.authenticate_as_service_role();
select public.erase_account(tests.user_id('gone-alice@example.test'));
select public.erase_account(tests.user_id('gone-carol@example.test'));

-- Then the reconciliation files payments typed under her address, and Bruno's.
insert into public.unmatched_payments (payment_id, payment_reference, customer_email, total_cents, currency, lines, paid_at) values
  ('pay_gone_alice', '3002', 'gone-alice@example.test', 2900, 'eur', '[]', now()),
  ('pay_gone_alice_case', '3003', '  Gone-Alice@EXAMPLE.test ', 2900, 'eur', '[]', now()),
  ('pay_gone_bruno', '3004', 'stay-bruno@example.test', 2900, 'eur', '[]', now());
select results_eq($$ select payment_id, customer_email from public.unmatched_payments where payment_id like 'pay_gone_%' order by payment_id $$,
  $$ values ('pay_gone_alice', null::text), ('pay_gone_alice_case', null), ('pay_gone_bruno', 'stay-bruno@example.test'),
            ('pay_gone_bruno_first', 'stay-bruno@example.test') $$,
  'an unmatched payment filed under an erased address, in any case and with spaces around, stores no e-mail; Bruno''s keeps his');
update public.unmatched_payments set customer_email = ' GONE-ALICE@example.test' where payment_id = 'pay_gone_bruno_first';
select is((select customer_email from public.unmatched_payments where payment_id = 'pay_gone_bruno_first'), null,
  'nor does an update that writes it');
insert into public.unmatched_payments (payment_id, payment_reference, customer_email, total_cents, currency, lines, paid_at) values
  ('pay_gone_alice', '3002', 'gone-alice@example.test', 2900, 'eur', '[]', now())
on conflict (payment_id) do update set customer_email = excluded.customer_email;
select is((select customer_email from public.unmatched_payments where payment_id = 'pay_gone_alice'), null,
  'nor an upsert that files the same payment again');

insert into public.payment_issues (checkout_session_id, user_id, reason, detail) values
  ('cs_gone_twins', tests.user_id('stay-bruno@example.test'), 'ambiguous',
   '{"candidates": [{"id": "pay_gone_twin_1", "reference": "3101", "email": " Gone-Alice@Example.TEST"},
                    {"id": "pay_gone_twin_2", "reference": "3102", "email": "stay-bruno@example.test"},
                    {"id": "pay_gone_twin_3", "reference": "3103", "email": "gone-carol@example.test"}]}');
select is((select detail from public.payment_issues where checkout_session_id = 'cs_gone_twins'),
  '{"candidates": [{"id": "pay_gone_twin_1", "reference": "3101", "email": null},
                   {"id": "pay_gone_twin_2", "reference": "3102", "email": "stay-bruno@example.test"},
                   {"id": "pay_gone_twin_3", "reference": "3103", "email": null}]}'::jsonb,
  'a payment issue naming erased addresses keeps those candidates without their e-mail, and Bruno''s with his');
insert into public.payment_issues (checkout_session_id, user_id, reason, detail) values
  ('cs_gone_twins', tests.user_id('stay-bruno@example.test'), 'ambiguous',
   '{"candidates": [{"id": "pay_gone_twin_4", "reference": "3104", "email": "gone-alice@example.test"}]}')
on conflict (checkout_session_id) do update set detail = excluded.detail;
select is((select detail from public.payment_issues where checkout_session_id = 'cs_gone_twins'),
  '{"candidates": [{"id": "pay_gone_twin_4", "reference": "3104", "email": null}]}'::jsonb,
  'so does the reconciliation''s upsert of the issue');
insert into public.payment_issues (checkout_session_id, user_id, reason, detail) values
  ('cs_gone_later', tests.user_id('stay-bruno@example.test'), 'ambiguous', '{"candidates": ["pay_gone_old_1", "pay_gone_old_2"]}');
select is((select detail from public.payment_issues where checkout_session_id = 'cs_gone_later'),
  '{"candidates": ["pay_gone_old_1", "pay_gone_old_2"]}'::jsonb, 'an older issue''s candidates without e-mails are kept as they are');
reset role;
select is_empty($$ select private.columns_holding('gone-alice@example.test') $$,
  'after all this, her address is in no column of any table');

-- What the shop keeps: a keyed hash per erased address.
select is((select count(*)::integer from private.erased_email_hashes), 2, 'one hash per erased address');
select ok(exists (select 1 from private.erased_email_hashes where email_hash = private.erased_email_hash('gone-alice@example.test')),
  'hers is the keyed hash of her address');
select is(private.erased_email_hash(' GONE-Alice@example.TEST  '), private.erased_email_hash('gone-alice@example.test'),
  'the address is trimmed and lower-cased before hashing');
select ok(not exists (select 1 from private.erased_email_hashes
                       where email_hash in (sha256(convert_to('gone-alice@example.test', 'UTF8')),
                                            extensions.hmac(convert_to('gone-alice@example.test', 'UTF8'), ''::bytea, 'sha256'))),
  'the hash is not the bare sha256 of the address, nor an HMAC without the key');
select ok(exists (select 1 from vault.secrets where name = 'erased_email_key'), 'the key is a Vault secret');

-- Nobody of the API reads or writes it, nor calls what hashes or checks an address.
select ok(not exists (select 1 from unnest(array['anon', 'authenticated', 'service_role']) r,
                                    unnest(array['select', 'insert', 'update', 'delete', 'truncate']) p
                       where has_table_privilege(r, 'private.erased_email_hashes', p)),
  'no API role holds any right on the hashes');
select ok(not exists (select 1 from unnest(array['anon', 'authenticated', 'service_role']) r,
                                    unnest(array['private.erased_email_hash(text)', 'private.is_erased_email(text)',
                                                 'private.forget_erased_email_hashes()']) f
                       where has_function_privilege(r, f::regprocedure, 'execute')),
  'nor may call the functions that hash or check an address');
select tests.clear_authentication();
select throws_ok($$ select * from private.erased_email_hashes $$, '42501', null, 'anon cannot read them');
select tests.authenticate_as('stay-bruno@example.test');
select throws_ok($$ select * from private.erased_email_hashes $$, '42501', null, 'a customer cannot read them');
select tests.authenticate_as('gone-admin@example.test');
select throws_ok($$ select * from private.erased_email_hashes $$, '42501', null, 'nor can an administrator');
select throws_ok($$ delete from private.erased_email_hashes $$, '42501', null, 'nor delete them');
reset role;

-- Kept 30 days, by a daily job.
update private.erased_email_hashes set erased_at = now() - interval '31 days'
 where email_hash = private.erased_email_hash('gone-carol@example.test');
select private.forget_erased_email_hashes();
select is((select count(*)::integer from private.erased_email_hashes), 1, 'the daily job forgets a hash past 30 days, keeps a newer one');
select is((select schedule || ' ' || command from cron.job where jobname = 'forget-erased-emails'),
  '23 3 * * *  select private.forget_erased_email_hashes() ', 'Supabase Cron runs it daily');

-- Alice signs up again with the same address: it is an account's again, and her payments name it.
select tests.create_user('Gone-Alice@example.test', 'Alice Martin');
insert into public.unmatched_payments (payment_id, payment_reference, customer_email, total_cents, currency, lines, paid_at) values
  ('pay_gone_alice_back', '3005', 'gone-alice@example.test', 2900, 'eur', '[]', now());
select is((select customer_email from public.unmatched_payments where payment_id = 'pay_gone_alice_back'), 'gone-alice@example.test',
  'an address that becomes an account''s again is no longer erased');

select * from finish();
rollback;
