-- erase_account(): the delete-account function's step in the database (RGPD art. 17). Only the
-- service role may call it (anon, the customer herself and an administrator are refused), the last
-- administrator is never erased, and erasing Alice leaves Bruno's rows as they were. Afterwards a
-- scan of every column of every table (uuid, text, JSON and arrays of them, in every schema, so
-- tables added later are covered without changing this file) finds neither her id nor her e-mail:
-- her orders and the payment issues about her stay for the accounts, detached, with her name only
-- as the invoice's buyer; the payments no checkout claimed that were paid under her e-mail (in any
-- letter case) stay, without it, and so does the checkout set aside for review, without the e-mail
-- it was started under, and the candidates of its ambiguous payment issue, hers without her
-- address (in any letter case) and another person's with theirs. Only her checkout still pending
-- keeps her e-mail, to be matched to its payment, until it settles. Deleting an account by another
-- path (GoTrue's admin API) erases alike.
begin;
\ir helpers/setup.psql
select plan(57);

-- Only this file's administrators: whoever the database already had steps down.
update public.profiles set role = 'customer' where role = 'admin';
select tests.create_user('erase-alice@example.test', 'Alice Martin');
select tests.create_user('erase-bruno@example.test', 'Bruno Petit');
select tests.create_user('erase-admin@example.test', 'Xavier Admin');
select tests.make_admin('erase-admin@example.test');
update public.seller_settings set legal_name = 'Association Lumière', address = E'1 rue de la Paix\n75002 Paris',
  siret = '12345678900011', vat_regime = 'franchise', contact_email = 'contact@example.test';

-- Alice's and Bruno's rows: a paid order each with a stamped copy and a download, a pending
-- checkout, chat messages both ways, a contact message, a crash report, rate-limit counters, and
-- payments no checkout claimed, typed under their e-mail on the provider's page (two of Alice's,
-- one in other letters' case). Alice's pending checkout and the one set aside for review (several
-- payments fitted it: one typed under her address, one under Bruno's) keep the e-mail she started
-- them under.
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, status, cgv_version, consent_text, consented_at) values
  ('cs_erase_alice_paid', tests.user_id('erase-alice@example.test'),
   '[{"variant_id": "v1", "product_id": "p1", "product_title": "L''Éveil du Cœur", "variant_title": "PDF", "quantity": 1, "unit_price_cents": 2900}]', 2900, 'pending', 1, 'Consentement de test', now()),
  ('cs_erase_alice_issue', tests.user_id('erase-alice@example.test'), '[{"variant_id": "v1", "quantity": 1}]', 2900, 'needs_review', 1, 'Consentement de test', now()),
  ('cs_erase_bruno_paid', tests.user_id('erase-bruno@example.test'),
   '[{"variant_id": "v1", "product_id": "p1", "product_title": "L''Éveil du Cœur", "variant_title": "PDF", "quantity": 1, "unit_price_cents": 2900}]', 2900, 'pending', 1, 'Consentement de test', now()),
  ('cs_erase_bruno_open', tests.user_id('erase-bruno@example.test'), '[{"variant_id": "v1", "quantity": 1}]', 2900, 'pending', 1, 'Consentement de test', now());
insert into public.checkout_sessions (id, user_id, buyer_email, items, total_amount_cents, status, cgv_version, consent_text, consented_at) values
  ('cs_erase_alice_open', tests.user_id('erase-alice@example.test'), 'erase-alice@example.test', '[{"variant_id": "v1", "quantity": 1}]', 2900, 'pending', 1, 'Consentement de test', now()),
  ('cs_erase_alice_review', tests.user_id('erase-alice@example.test'), 'erase-alice@example.test', '[{"variant_id": "v1", "quantity": 1}]', 2900, 'needs_review', 1, 'Consentement de test', now());
insert into public.payment_issues (checkout_session_id, user_id, reason, detail, handled_at, handled_by) values
  ('cs_erase_alice_issue', tests.user_id('erase-alice@example.test'), 'unknown_session', '{}', now(), tests.user_id('erase-admin@example.test')),
  ('cs_erase_alice_review', tests.user_id('erase-alice@example.test'), 'ambiguous',
   '{"candidates": [{"id": "pay_erase_twin_1", "reference": "2001", "email": "Erase-Alice@Example.TEST"},
                    {"id": "pay_erase_twin_2", "reference": "2002", "email": "erase-bruno@example.test"}]}', null, null);
select tests.authenticate_as_service_role();
create temporary table recorded as
select 'alice' as who, public.record_order('cs_erase_alice_paid', tests.user_id('erase-alice@example.test')) as order_id
union all
select 'bruno', public.record_order('cs_erase_bruno_paid', tests.user_id('erase-bruno@example.test'));
reset role;
grant select on recorded to anon, authenticated, service_role;
update public.order_items i set stamped_path = 'buyers/' || o.user_id || '/' || i.id || '.pdf'
  from public.orders o where o.id = i.order_id and o.id in (select order_id from recorded);
insert into public.download_links (user_id, order_item_id, object_path)
select o.user_id, i.id, i.stamped_path from public.order_items i join public.orders o on o.id = i.order_id
 where o.id in (select order_id from recorded);
insert into public.user_messages (sender_id, receiver_id, content) values
  (tests.user_id('erase-alice@example.test'), tests.user_id('erase-admin@example.test'), 'Bonjour, une question sur ma commande.'),
  (tests.user_id('erase-admin@example.test'), tests.user_id('erase-alice@example.test'), 'Bonjour Alice, avec plaisir.'),
  (tests.user_id('erase-bruno@example.test'), tests.user_id('erase-admin@example.test'), 'Bonjour, c''est Bruno.');
insert into public.contact_messages (name, email, subject, message) values
  ('Alice', 'Erase-Alice@Example.test', 'Question', 'Envoyé avant de créer mon compte.'),
  ('Bruno', 'erase-bruno@example.test', 'Question', 'Message de Bruno.');
insert into public.crash_reports (user_id, message, page_url) values
  (tests.user_id('erase-alice@example.test'), 'Erreur', 'https://shop.test/dashboard'),
  (tests.user_id('erase-bruno@example.test'), 'Erreur', 'https://shop.test/dashboard');
insert into private.rate_limits (key, window_ends, hits) values
  ('chat:' || tests.user_id('erase-alice@example.test'), now() + interval '5 minutes', 1),
  ('chat:' || tests.user_id('erase-bruno@example.test'), now() + interval '5 minutes', 1);
insert into public.unmatched_payments (payment_id, payment_reference, customer_email, total_cents, currency, lines, paid_at) values
  ('pay_erase_alice', '1001', 'erase-alice@example.test', 2900, 'eur', '[]', now()),
  ('pay_erase_alice_case', '1002', 'Erase-Alice@EXAMPLE.test', 1500, 'eur', '[]', now()),
  ('pay_erase_bruno', '1003', 'erase-bruno@example.test', 2900, 'eur', '[]', now());

-- Role history about Alice and made by Alice: the administrator makes her one, she makes Bruno
-- one and takes it back, then steps down.
select tests.authenticate_as('erase-admin@example.test');
select public.admin_set_role(tests.user_id('erase-alice@example.test'), 'admin');
select tests.authenticate_as('erase-alice@example.test');
select public.admin_set_role(tests.user_id('erase-bruno@example.test'), 'admin');
select public.admin_set_role(tests.user_id('erase-bruno@example.test'), 'customer');
select public.admin_set_role(tests.user_id('erase-alice@example.test'), 'customer');
reset role;

create temporary table alice as
select u.id, u.email::text as email from auth.users u where u.email = 'erase-alice@example.test';
create temporary table bruno_before as
select (select count(*) from public.orders where user_id = b.id) as orders,
       (select count(*) from public.checkout_sessions where user_id = b.id) as checkouts,
       (select count(*) from public.download_links where user_id = b.id) as downloads,
       (select count(*) from public.user_messages where sender_id = b.id) as messages,
       (select count(*) from public.contact_messages where email = 'erase-bruno@example.test') as contacts,
       (select count(*) from public.crash_reports where user_id = b.id) as crashes,
       (select count(*) from private.rate_limits where key = 'chat:' || b.id) as counters,
       (select count(*) from public.admin_role_changes where user_id = b.id) as role_changes,
       (select count(*) from public.order_items i join public.orders o on o.id = i.order_id where o.user_id = b.id and i.stamped_path like 'buyers/' || b.id || '/%') as copies
  from auth.users b where b.email = 'erase-bruno@example.test';
create temporary table history_before as select count(*) as n from public.admin_role_changes;
grant select on alice, bruno_before, history_before to anon, authenticated, service_role;
select is((select count(*)::integer from private.columns_holding((select id::text from alice))) > 5, true,
  'before: the scan finds Alice''s id in many places (it works)');
select ok('public.contact_messages.email' in (select private.columns_holding('erase-alice@example.test')),
  'before: and her e-mail in her contact message, whatever its case');
select ok('public.unmatched_payments.customer_email' in (select private.columns_holding('erase-alice@example.test')),
  'before: and in the payments filed under it');
select ok('public.checkout_sessions.buyer_email' in (select private.columns_holding('erase-alice@example.test')),
  'before: and in her checkouts, the one set aside for review included');
select ok('public.payment_issues.detail' in (select private.columns_holding('erase-alice@example.test')),
  'before: and among the candidates of its ambiguous payment issue');

-- The contract.
select has_function('public', 'erase_account', array['uuid'], 'erase_account(uuid) exists');
select is_definer('public', 'erase_account', array['uuid'], 'it runs as its owner');
select is((select proconfig from pg_proc where oid = 'public.erase_account(uuid)'::regprocedure), array['search_path=""'], 'its search_path is empty');
select ok(not has_function_privilege('anon', 'public.erase_account(uuid)', 'execute'), 'anon may not execute it');
select ok(not has_function_privilege('authenticated', 'public.erase_account(uuid)', 'execute'), 'nor a signed-in user, administrator or not');
select ok(has_function_privilege('service_role', 'public.erase_account(uuid)', 'execute'), 'the service role (delete-account) may');
select is_empty($$ select r from unnest(array['anon', 'authenticated', 'service_role']) r where has_function_privilege(r, 'private.columns_holding(text)', 'execute') $$,
  'no API role may run the scan of every column');
select ok(to_regprocedure('private.forget_erased_account_in_unmatched_payments()') is not null
          and not exists (select 1 from unnest(array['anon', 'authenticated', 'service_role']) r
                           where has_function_privilege(r, to_regprocedure('private.forget_erased_account_in_unmatched_payments()'), 'execute')),
  'nor the trigger function that takes an erased e-mail out of the unmatched payments');
select ok(to_regprocedure('private.forget_erased_account_in_payment_issues()') is not null
          and not exists (select 1 from unnest(array['anon', 'authenticated', 'service_role']) r
                           where has_function_privilege(r, to_regprocedure('private.forget_erased_account_in_payment_issues()'), 'execute')),
  'nor the one that takes it out of the payment issues'' candidates');

-- Refused: anon, Alice herself without delete-account, Bruno, the administrator.
select tests.clear_authentication();
select throws_ok($$ select public.erase_account((select id from alice)) $$, '42501', null, 'as anon, erasing Alice is refused');
select tests.authenticate_as('erase-alice@example.test');
select throws_ok($$ select public.erase_account((select id from alice)) $$, '42501', null,
  'Alice cannot erase herself by the API without delete-account''s password check');
select throws_ok($$ delete from auth.users $$, '42501', null, 'nor delete her auth row');
select tests.authenticate_as('erase-bruno@example.test');
select throws_ok($$ select public.erase_account((select id from alice)) $$, '42501', null, 'another customer cannot erase Alice');
select tests.authenticate_as('erase-admin@example.test');
select throws_ok($$ select public.erase_account((select id from alice)) $$, '42501', null, 'an administrator cannot erase Alice through it');
select throws_ok($$ delete from public.profiles where id = (select id from alice) $$, '42501', null, 'nor delete her profile');
reset role;
select is((select count(*)::integer from auth.users where id = (select id from alice)), 1, 'after all that, Alice''s account is still there');

-- The last administrator, and an unknown account.
select tests.authenticate_as_service_role();
select throws_ok($$ select public.erase_account(tests.user_id('erase-admin@example.test')) $$, 'PT409',
  'Impossible de supprimer ce compte : la boutique doit garder au moins un administrateur.', 'the last administrator is never erased');
select throws_ok($$ select public.erase_account(gen_random_uuid()) $$, 'PT404', 'Compte introuvable.', 'an unknown account is reported');

-- Alice is erased; her stamped copy is named for delete-account to remove.
select is(public.erase_account((select id from alice)),
  (select array_agg(i.stamped_path) from public.order_items i where i.order_id = (select order_id from recorded where who = 'alice')),
  'erasing Alice returns her stamped copies'' paths');
reset role;

select is_empty($$ select private.columns_holding((select id::text from alice)) $$, 'no column of any table holds Alice''s id any more');
-- Her pending checkout keeps her e-mail while its hosted page may still be paid (its payment is
-- matched under it), and only that checkout.
select results_eq($$ select private.columns_holding((select email from alice)) $$, $$ values ('public.checkout_sessions.buyer_email'::text) $$,
  'her e-mail is left in one column only');
select results_eq($$ select id, user_id, invoice_buyer, buyer_email, status from public.checkout_sessions where lower(buyer_email) = (select email from alice) $$,
  $$ values ('cs_erase_alice_open'::text, null::uuid, '{"full_name": "Alice Martin"}'::jsonb, 'erase-alice@example.test'::text, 'pending'::text) $$,
  'of her open checkout, which stays while it may still be paid, detached, naming her (erased_buyer_checkout.test.sql)');
-- Unpaid after the week, the reconciliation expires it (markPending in reconcile-checkouts.ts).
select tests.authenticate_as_service_role();
update public.checkout_sessions set status = 'expired' where id = 'cs_erase_alice_open' and status = 'pending';
reset role;
select results_eq($$ select user_id, invoice_buyer, buyer_email, status from public.checkout_sessions where id = 'cs_erase_alice_open' $$,
  $$ values (null::uuid, null::jsonb, null::text, 'expired'::text) $$, 'settled, it forgets her name and e-mail');
select is_empty($$ select private.columns_holding((select email from alice)) $$, 'then no column of any table holds her e-mail');
select is((select count(*)::integer from public.profiles where id = (select id from alice)), 0, 'her profile is gone');
select is((select count(*)::integer from public.user_messages where content in ('Bonjour, une question sur ma commande.', 'Bonjour Alice, avec plaisir.')), 0,
  'her chat, both ways, is gone');
select is((select count(*)::integer from public.contact_messages where name = 'Alice'), 0, 'her contact message is gone');
select is((select count(*)::integer from public.checkout_sessions where id = 'cs_erase_alice_paid'), 0,
  'her paid checkout is gone (its order stays)');
select is((select count(*)::integer from public.download_links l join public.order_items i on i.id = l.order_item_id
            where i.order_id = (select order_id from recorded where who = 'alice')), 0, 'her download history is gone');

-- What accounting keeps, detached from her.
select results_eq($$ select user_id, invoice_buyer from public.orders where id = (select order_id from recorded where who = 'alice') $$,
  $$ values (null::uuid, '{"full_name": "Alice Martin"}'::jsonb) $$, 'her order stays, without user id, her name kept for the invoice');
select results_eq($$ select count(*)::integer, count(stamped_path)::integer from public.order_items where order_id = (select order_id from recorded where who = 'alice') $$,
  $$ values (1, 0) $$, 'with its lines, the stamped copy''s path cleared');
select results_eq($$ select i.user_id, c.user_id, i.handled_at is not null from public.payment_issues i join public.checkout_sessions c on c.id = i.checkout_session_id
                     where i.checkout_session_id = 'cs_erase_alice_issue' $$,
  $$ values (null::uuid, null::uuid, true) $$, 'the payment issue about her stays with its checkout, without user id');
select results_eq($$ select user_id, invoice_buyer, buyer_email, status from public.checkout_sessions where id = 'cs_erase_alice_review' $$,
  $$ values (null::uuid, null::jsonb, null::text, 'needs_review'::text) $$,
  'the checkout set aside for review stays, without user id or the e-mail she started it under');
select results_eq($$ select user_id, reason, detail from public.payment_issues where checkout_session_id = 'cs_erase_alice_review' $$,
  $$ values (null::uuid, 'ambiguous'::text,
             '{"candidates": [{"id": "pay_erase_twin_1", "reference": "2001", "email": null},
                              {"id": "pay_erase_twin_2", "reference": "2002", "email": "erase-bruno@example.test"}]}'::jsonb) $$,
  'its ambiguous issue stays with both candidates, hers without her address, Bruno''s with his');
select results_eq($$ select payment_id, customer_email, total_cents from public.unmatched_payments where payment_id like 'pay_erase_alice%' order by payment_id $$,
  $$ values ('pay_erase_alice'::text, null::text, 2900), ('pay_erase_alice_case', null, 1500) $$,
  'both payments filed under her e-mail, whatever its case, stay for the accounts, without it');
select results_eq($$ select customer_email from public.unmatched_payments where payment_id = 'pay_erase_bruno' $$,
  $$ values ('erase-bruno@example.test'::text) $$, 'Bruno''s payment keeps his');
select is((select count(*)::integer from public.admin_role_changes), (select n::integer from history_before), 'the role history keeps every row');
select is((select count(*)::integer from public.admin_role_changes where user_id = '00000000-0000-0000-0000-000000000000'), 2,
  'the two changes of her role now name an erased account');
select is((select count(*)::integer from public.admin_role_changes where changed_by = '00000000-0000-0000-0000-000000000000'
            and user_id = tests.user_id('erase-bruno@example.test')), 2, 'and the two she made to Bruno''s role are by an erased account');

-- The administrator sees « Client supprimé » and still issues the invoice, naming her.
select tests.authenticate_as('erase-admin@example.test');
select results_eq($$ select customer_email, customer_name from public.admin_orders_export(7) where order_id = (select order_id from recorded where who = 'alice') $$,
  $$ values (null::text, 'Client supprimé'::text) $$, 'the orders export shows « Client supprimé »');
select is(public.invoice_document((select order_id from recorded where who = 'alice')) -> 'buyer', '{"email": null, "full_name": "Alice Martin"}'::jsonb,
  'the invoice names her, without e-mail');
select results_eq($$ select customer_email from public.admin_payment_issues() where checkout_session_id = 'cs_erase_alice_issue' $$,
  $$ values (null::text) $$, 'the payment issue has no customer e-mail');

-- Bruno's rows are as they were.
reset role;
select results_eq($$
  select (select count(*) from public.orders where user_id = b.id),
         (select count(*) from public.checkout_sessions where user_id = b.id),
         (select count(*) from public.download_links where user_id = b.id),
         (select count(*) from public.user_messages where sender_id = b.id),
         (select count(*) from public.contact_messages where email = 'erase-bruno@example.test'),
         (select count(*) from public.crash_reports where user_id = b.id),
         (select count(*) from private.rate_limits where key = 'chat:' || b.id),
         (select count(*) from public.admin_role_changes where user_id = b.id),
         (select count(*) from public.order_items i join public.orders o on o.id = i.order_id where o.user_id = b.id and i.stamped_path like 'buyers/' || b.id || '/%')
    from auth.users b where b.email = 'erase-bruno@example.test' $$,
  $$ select * from bruno_before $$, 'Bruno''s order, copy, checkouts, downloads, messages, contact message, crash report, counter and role history are untouched');
select is((select full_name from public.profiles where id = tests.user_id('erase-bruno@example.test')), 'Bruno Petit', 'and his profile');

-- The history is still append-only: only an erased account's id may be replaced.
select throws_ok($$ update public.admin_role_changes set user_id = '00000000-0000-0000-0000-000000000000' where user_id = tests.user_id('erase-bruno@example.test') $$,
  '42501', null, 'an existing account''s id cannot be blanked out of the history');
select throws_ok($$ update public.admin_role_changes set changed_at = changed_at - interval '1 day' where user_id = '00000000-0000-0000-0000-000000000000' $$,
  '42501', null, 'nor any other column of an erased account''s rows');
select throws_ok($$ delete from public.admin_role_changes where user_id = '00000000-0000-0000-0000-000000000000' $$,
  '42501', null, 'nor its rows deleted');

-- Deleting an account by another path (GoTrue's DELETE /admin/users/{id}) erases alike.
create temporary table bruno as select u.id, u.email::text as email from auth.users u where u.email = 'erase-bruno@example.test';
delete from auth.users where id = (select id from bruno);
select results_eq($$ select user_id, invoice_buyer from public.orders where id = (select order_id from recorded where who = 'bruno') $$,
  $$ values (null::uuid, '{"full_name": "Bruno Petit"}'::jsonb) $$, 'an account deleted by GoTrue keeps its order too, detached');
select is_empty($$ select private.columns_holding((select id::text from bruno)) $$, 'and leaves its id nowhere');
select is_empty($$ select private.columns_holding((select email from bruno)) $$, 'nor its e-mail');
select is((select detail -> 'candidates' from public.payment_issues where checkout_session_id = 'cs_erase_alice_review'),
  '[{"id": "pay_erase_twin_1", "reference": "2001", "email": null}, {"id": "pay_erase_twin_2", "reference": "2002", "email": null}]'::jsonb,
  'not even as the candidate of another person''s payment issue');
select ok(exists (select 1 from public.profiles where id = tests.user_id('erase-admin@example.test') and role = 'admin'), 'the administrator is still one');

select * from finish();
rollback;
