-- The « Nouvelle version » e-mail (issue #28, item 5): replacing a product's files queues one mail
-- per buyer who still has access to it and per product change, not per file: Alice, who bought
-- both variants of the product, gets one mail when the administrator replaces both files; Bob,
-- whose line was refunded, Erin, whose order is disputed, and Carol, who bought something else,
-- get none; Dora's queued mail goes with her account. The mail waits five minutes after the last
-- replacement (the debounce), leaves the outbox once sent, and a later change is a new mail. Each
-- role tries to read and write the outbox and its functions.
begin;
\ir helpers/setup.psql
select plan(29);

select tests.create_user('alice@mails-versions.test', 'Alice');
select tests.create_user('bob@mails-versions.test', 'Bob');
select tests.create_user('carol@mails-versions.test', 'Carol');
select tests.create_user('dora@mails-versions.test', 'Dora');
select tests.create_user('erin@mails-versions.test', 'Erin');
select tests.create_user('root@mails-versions.test', 'Root');
select tests.make_admin('root@mails-versions.test');

insert into storage.objects (bucket_id, name, metadata) values
  ('deliverables', 'products/var_nm_pdf/1/livre.pdf', '{"mimetype":"application/pdf","eTag":"\"p1\""}'),
  ('deliverables', 'products/var_nm_pdf/2/livre.pdf', '{"mimetype":"application/pdf","eTag":"\"p2\""}'),
  ('deliverables', 'products/var_nm_pdf/3/livre.pdf', '{"mimetype":"application/pdf","eTag":"\"p3\""}'),
  ('deliverables', 'products/var_nm_audio/1/livre.ogg', '{"mimetype":"audio/ogg","eTag":"\"a1\""}'),
  ('deliverables', 'products/var_nm_audio/2/livre.ogg', '{"mimetype":"audio/ogg","eTag":"\"a2\""}'),
  ('deliverables', 'products/var_nm_other/1/chant.ogg', '{"mimetype":"audio/ogg","eTag":"\"o1\""}');
insert into public.product_files (variant_id, object_path, file_type) values
  ('var_nm_pdf', 'products/var_nm_pdf/1/livre.pdf', 'pdf'),
  ('var_nm_audio', 'products/var_nm_audio/1/livre.ogg', 'audio'),
  ('var_nm_other', 'products/var_nm_other/1/chant.ogg', 'audio');
insert into public.orders (id, user_id, total_amount_cents, currency, status, checkout_session_id, cgv_version, consent_text, consented_at, dispute_id, dispute_status, dispute_opened_at) values
  ('66000000-0000-4000-a000-00000000000a', tests.user_id('alice@mails-versions.test'), 1800, 'eur', 'completed', 'cs_mails_alice', 1, 'Consentement de test', now(), null, null, null),
  ('66000000-0000-4000-a000-00000000000b', tests.user_id('bob@mails-versions.test'), 900, 'eur', 'completed', 'cs_mails_bob', 1, 'Consentement de test', now(), null, null, null),
  ('66000000-0000-4000-a000-00000000000c', tests.user_id('carol@mails-versions.test'), 700, 'eur', 'completed', 'cs_mails_carol', 1, 'Consentement de test', now(), null, null, null),
  ('66000000-0000-4000-a000-00000000000d', tests.user_id('dora@mails-versions.test'), 900, 'eur', 'completed', 'cs_mails_dora', 1, 'Consentement de test', now(), null, null, null),
  ('66000000-0000-4000-a000-00000000000e', tests.user_id('erin@mails-versions.test'), 900, 'eur', 'completed', 'cs_mails_erin', 1, 'Consentement de test', now(), 'dp_mails_erin', 'open', now());
insert into public.order_items (order_id, variant_id, product_id, product_title, variant_title, quantity, price_per_item_cents, file_path, file_type, refunded_cents, refunded_at) values
  ('66000000-0000-4000-a000-00000000000a', 'var_nm_pdf', 'prod_nm_livre', 'Le Livre des Heures', 'PDF', 1, 900, 'products/var_nm_pdf/1/livre.pdf', 'pdf', 0, null),
  ('66000000-0000-4000-a000-00000000000a', 'var_nm_audio', 'prod_nm_livre', 'Le Livre des Heures', 'Audio', 1, 900, 'products/var_nm_audio/1/livre.ogg', 'audio', 0, null),
  ('66000000-0000-4000-a000-00000000000b', 'var_nm_pdf', 'prod_nm_livre', 'Le Livre des Heures', 'PDF', 1, 900, 'products/var_nm_pdf/1/livre.pdf', 'pdf', 900, now()),
  ('66000000-0000-4000-a000-00000000000c', 'var_nm_other', 'prod_nm_chant', 'Le Chant du Matin', null, 1, 700, 'products/var_nm_other/1/chant.ogg', 'audio', 0, null),
  ('66000000-0000-4000-a000-00000000000d', 'var_nm_pdf', 'prod_nm_livre', 'Le Livre des Heures', 'PDF', 1, 900, 'products/var_nm_pdf/1/livre.pdf', 'pdf', 0, null),
  ('66000000-0000-4000-a000-00000000000e', 'var_nm_audio', 'prod_nm_livre', 'Le Livre des Heures', 'Audio', 1, 900, 'products/var_nm_audio/1/livre.ogg', 'audio', 0, null);

create temporary view outbox as
  select m.id, u.email::text as email, m.product_id, m.product_title, m.sent_at is not null as sent
    from private.new_version_mails m join auth.users u on u.id = m.user_id;
grant select on outbox to service_role;
create temporary table due_mail (id uuid);
grant all on due_mail to public;

-- The administrator replaces both files of the book, one after the other (attach-deliverable's step, as the service role).
select tests.authenticate_as_service_role();
select lives_ok($$ select public.attach_variant_file(tests.user_id('root@mails-versions.test'), 'var_nm_pdf', 'products/var_nm_pdf/2/livre.pdf', 'pdf', 'application/pdf', '"p2"') $$, 'the PDF is replaced');
select lives_ok($$ select public.attach_variant_file(tests.user_id('root@mails-versions.test'), 'var_nm_audio', 'products/var_nm_audio/2/livre.ogg', 'audio', 'audio/ogg', '"a2"') $$, 'then the audio');
select results_eq($$ select email, product_id, product_title, sent from outbox order by email $$,
  $$ values ('alice@mails-versions.test'::text, 'prod_nm_livre'::text, 'Le Livre des Heures'::text, false),
            ('dora@mails-versions.test', 'prod_nm_livre', 'Le Livre des Heures', false) $$,
  'one mail per buyer and product: Alice once for two files; none for refunded Bob, disputed Erin, or Carol who bought another product');
select results_eq($$ select email from outbox where product_id = 'prod_nm_chant' $$, $$ select null::text where false $$, 'nothing about a product whose file did not change');
select is_empty($$ select * from public.pending_new_version_mails(100) $$, 'the mails wait for the debounce: nothing is due right after the change');

-- Dora erases her account: her queued mail goes with it.
select lives_ok($$ select public.erase_account(tests.user_id('dora@mails-versions.test')) $$, 'Dora erases her account');
select results_eq($$ select email from outbox $$, $$ values ('alice@mails-versions.test'::text) $$, 'her queued mail is gone; Alice''s stays');

-- Five minutes later, the mail is due.
reset role;
update private.new_version_mails set due_at = now() - interval '1 second';
select tests.authenticate_as_service_role();
select results_eq($$ select count(*)::integer from public.pending_new_version_mails(100) $$, $$ values (1) $$, 'one mail is due');
select results_eq($$ select m->>'product_title', m->>'email', m->>'full_name' from public.pending_new_version_mails(100) p(id), public.new_version_mail(p.id) m $$,
  $$ values ('Le Livre des Heures'::text, 'alice@mails-versions.test'::text, 'Alice'::text) $$, 'it names the product and its buyer');
insert into due_mail select id from public.pending_new_version_mails(100) p(id);
select lives_ok($$ select public.mark_new_version_mailed((select id from due_mail)) $$, 'sent and marked');
select lives_ok($$ select public.mark_new_version_mailed((select id from due_mail)) $$, 'a retried mark changes nothing');
select is(public.new_version_mail((select id from due_mail)), null, 'once sent there is nothing more to say');
select is_empty($$ select * from public.pending_new_version_mails(100) $$, 'and it left the outbox: a retried drain sends nothing');

-- A later change is a new mail.
select lives_ok($$ select public.attach_variant_file(tests.user_id('root@mails-versions.test'), 'var_nm_pdf', 'products/var_nm_pdf/3/livre.pdf', 'pdf', 'application/pdf', '"p3"') $$, 'the PDF is replaced again');
select results_eq($$ select sent, count(*)::integer from outbox group by sent order by sent $$, $$ values (false, 1), (true, 1) $$,
  'Alice has a new mail to receive beside the one sent');

-- A buyer who loses the product before the mail leaves is not mailed.
reset role;
update private.new_version_mails set due_at = now() - interval '1 second' where sent_at is null;
update public.order_items set refunded_cents = 900, refunded_at = now() where order_id = '66000000-0000-4000-a000-00000000000a';
select tests.authenticate_as_service_role();
select is_empty($$ select * from public.pending_new_version_mails(100) $$, 'Alice, refunded since, is not mailed');
select is((select public.new_version_mail(o.id) from outbox o where not o.sent), null, 'nor is the mail''s content given');

-- anon, the customer, the administrator
select tests.clear_authentication();
select throws_ok($$ select * from private.new_version_mails $$, '42501', null, 'anon cannot read the outbox');
select throws_ok($$ select * from public.pending_new_version_mails(10) $$, '42501', null, 'nor list the mails to send');
select tests.authenticate_as('alice@mails-versions.test');
select throws_ok($$ select * from private.new_version_mails $$, '42501', null, 'a buyer cannot read the outbox');
select throws_ok($$ insert into private.new_version_mails (user_id, product_id, product_title, due_at) values (auth.uid(), 'prod_nm_chant', 'x', now()) $$, '42501', null, 'nor queue a mail');
select throws_ok($$ update private.new_version_mails set sent_at = now() $$, '42501', null, 'nor mark one sent');
select throws_ok($$ delete from private.new_version_mails $$, '42501', null, 'nor delete one');
select throws_ok($$ select public.new_version_mail((select id from due_mail)) $$, '42501', null, 'nor read what her mail says');
select throws_ok($$ select public.mark_new_version_mailed(gen_random_uuid()) $$, '42501', null, 'nor mark through the function');
select tests.authenticate_as('root@mails-versions.test');
select throws_ok($$ select * from private.new_version_mails $$, '42501', null, 'the administrator cannot read the outbox');
select throws_ok($$ select * from public.pending_new_version_mails(10) $$, '42501', null, 'nor list the mails to send');
select throws_ok($$ update private.new_version_mails set due_at = now() $$, '42501', null, 'nor change one');
select tests.authenticate_as_service_role();
select throws_ok($$ select * from private.new_version_mails $$, '42501', null, 'the service role goes through the functions only');

select * from finish();
rollback;
