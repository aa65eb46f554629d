-- Refunds and disputes (issue #29): only the service role records them (an admin-only edge
-- function calls it once the commerce service confirmed); a refund is idempotent on its id and
-- never exceeds, line by line, what was paid; its credit note is numbered gapless in the same
-- transaction and is never edited or deleted, by any role, the owner included; a rolled-back
-- refund gives its number back, and a concurrent refund (a second session through dblink) waits
-- for the counter row; a refunded line, or any line of an order under an open dispute, gives its
-- buyer no link and no read of its object: access comes back when the dispute is won and goes for
-- good when it is lost; credit_note_document() answers the buyer and administrators only.
begin;
\ir helpers/setup.psql
select plan(78);

select tests.create_user('alice@refunds.test');
select tests.create_user('bob@refunds.test');
select tests.create_user('root@refunds.test');
select tests.make_admin('root@refunds.test');

insert into public.orders (id, user_id, total_amount_cents, currency, status, checkout_session_id, cgv_version, consent_text, consented_at) values
  ('70000000-0000-4000-a000-00000000000a', tests.user_id('alice@refunds.test'), 4300, 'eur', 'completed', 'cs_refund_alice', 1, 'Consentement de test', now()),
  ('70000000-0000-4000-a000-00000000000b', tests.user_id('bob@refunds.test'), 700, 'eur', 'completed', 'cs_refund_bob', 1, 'Consentement de test', now());
insert into public.order_items (id, order_id, variant_id, product_title, quantity, price_per_item_cents, file_path, file_type, stamped_path) values
  ('71000000-0000-4000-a000-0000000000a1', '70000000-0000-4000-a000-00000000000a', 'var_a', 'Enseignement', 1, 2900, 'products/a.pdf', 'pdf',
   'buyers/' || tests.user_id('alice@refunds.test') || '/71000000-0000-4000-a000-0000000000a1.pdf'),
  ('71000000-0000-4000-a000-0000000000a2', '70000000-0000-4000-a000-00000000000a', 'var_g', 'Gratitude', 2, 700, 'products/g.wav', 'audio', null),
  ('71000000-0000-4000-a000-0000000000b1', '70000000-0000-4000-a000-00000000000b', 'var_b', 'Méditation', 1, 700, 'products/b.wav', 'audio', null);
insert into storage.objects (bucket_id, name, metadata) values
  ('deliverables', 'products/a.pdf', '{"mimetype":"application/pdf"}'),
  ('deliverables', 'products/g.wav', '{"mimetype":"audio/wav"}'),
  ('deliverables', 'products/b.wav', '{"mimetype":"audio/wav"}'),
  ('deliverables', 'buyers/' || tests.user_id('alice@refunds.test') || '/71000000-0000-4000-a000-0000000000a1.pdf', '{"mimetype":"application/pdf"}');

create temporary table expected on commit drop as
select coalesce((select last_number from private.credit_note_counters
                  where year = extract(year from now() at time zone 'Europe/Paris')::integer), 0) + 1 as n,
       extract(year from now() at time zone 'Europe/Paris')::integer as year;
grant select on expected to authenticated, service_role;
create function tests.note_number(n integer) returns text language sql security definer set search_path = '' as $$
  select format('AV-%s-%s', extract(year from now() at time zone 'Europe/Paris')::integer, lpad(n::text, 6, '0'))
$$;
grant execute on function tests.note_number(integer) to authenticated, service_role;

-- Before any refund, both buyers have their links; each asks one now (its object then opens to them).
select tests.authenticate_as('alice@refunds.test');
select is(public.issue_download_link('71000000-0000-4000-a000-0000000000a2'), 'products/g.wav', 'before the refund, Alice gets a link to the audio line');
select results_eq($$ select name from storage.objects where bucket_id = 'deliverables' and name = 'products/g.wav' $$, $$ values ('products/g.wav'::text) $$,
  'and reads its object while the link is fresh');
select tests.authenticate_as('bob@refunds.test');
select is(public.issue_download_link('71000000-0000-4000-a000-0000000000b1'), 'products/b.wav', 'Bob gets a link to his line');

-- Who may record: the service role only.
select tests.clear_authentication();
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000a', 're_anon', 'commerce', 'x', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":1400}]') $$,
  '42501', null, 'anon cannot record a refund');
select throws_ok($$ select public.record_dispute('70000000-0000-4000-a000-00000000000a', 'dp_anon', 'open') $$, '42501', null, 'anon cannot record a dispute');
select throws_ok($$ select * from public.credit_notes $$, '42501', null, 'anon cannot read credit notes');
select tests.authenticate_as('alice@refunds.test');
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000a', 're_self', 'commerce', 'x', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":1400}]') $$,
  '42501', null, 'the buyer cannot refund herself');
select throws_ok($$ update public.order_items set refunded_cents = 1400, refunded_at = now() where id = '71000000-0000-4000-a000-0000000000a2' $$,
  '42501', null, 'the buyer cannot mark her line refunded');
select tests.authenticate_as('bob@refunds.test');
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000a', 're_bob', 'commerce', 'x', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":1400}]') $$,
  '42501', null, 'another customer cannot refund her order');
select tests.authenticate_as('root@refunds.test');
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000a', 're_root', 'commerce', 'x', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":1400}]') $$,
  '42501', null, 'an administrator cannot record a refund the commerce service has not confirmed (only through the function)');
select throws_ok($$ select public.record_dispute('70000000-0000-4000-a000-00000000000b', 'dp_root', 'open') $$, '42501', null, 'nor a dispute');
select throws_ok($$ update public.orders set refunded_amount_cents = 700 where id = '70000000-0000-4000-a000-00000000000b' $$, '42501', null, 'nor edit an order''s refunded amount');

-- The service role refunds Alice's audio line.
select tests.authenticate_as_service_role();
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000a', 're_over', 'commerce', 'Geste', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":1401}]') $$,
  '23514', 'Remboursement supérieur au montant payé', 'a line cannot be refunded past what was paid for it (2 × 7,00 €)');
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000a', 're_foreign', 'commerce', 'Geste', '[{"order_item_id":"71000000-0000-4000-a000-0000000000b1","amount_cents":700}]') $$,
  '22023', null, 'a line of another order is refused');
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000a', 're_twice', 'commerce', 'Geste', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":700},{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":700}]') $$,
  '22023', null, 'a line named twice in one refund is refused');
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000a', 're_none', 'commerce', 'Geste', '[]') $$, '22023', null, 'a refund of no line is refused');
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000a', 're_neg', 'commerce', 'Geste', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":-5}]') $$, '22023', null, 'a negative amount is refused');
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000a', 're_noreason', 'commerce', '  ', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":1400}]') $$, '23514', null, 'a refund needs a reason');
select is(public.record_refund('70000000-0000-4000-a000-00000000000a', 're_1', 'commerce', 'Achat en double', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":1400}]') - 'credit_note_id',
  jsonb_build_object('number', tests.note_number((select n from expected)), 'repeated', false, 'stamped_paths', '[]'::jsonb),
  'the refund is recorded with the next credit-note number of the year; the audio line had no stamped copy');
select is(public.record_refund('70000000-0000-4000-a000-00000000000a', 're_1', 'commerce', 'Achat en double', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":1400}]') - 'credit_note_id',
  jsonb_build_object('number', tests.note_number((select n from expected)), 'repeated', true, 'stamped_paths', '[]'::jsonb),
  'the same refund id again (a retry, a double click) answers the same credit note');
select is((select count(*)::integer from public.credit_notes where order_id = '70000000-0000-4000-a000-00000000000a'), 1, 'and refunds once');
select is((select (refunded_amount_cents, payment_status) from public.orders where id = '70000000-0000-4000-a000-00000000000a'), (1400, 'partially_refunded'::text),
  'the order is partially refunded');
select is((select (refunded_cents, refunded_at is not null) from public.order_items where id = '71000000-0000-4000-a000-0000000000a2'), (1400, true), 'the line is refunded');
select is((select (amount_cents, source, reason, lines->0->>'product_title', (lines->0->>'amount_cents')::integer) from public.credit_notes where refund_id = 're_1'),
  (1400, 'commerce'::text, 'Achat en double'::text, 'Gratitude'::text, 1400), 'the credit note carries the amount, the reason and the line');
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000a', 're_again', 'commerce', 'Geste', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a2","amount_cents":1}]') $$,
  '23514', null, 'a refunded line cannot be refunded once more, not even by a cent');
select throws_ok($$ select public.record_refund('70000000-0000-4000-a000-00000000000b', 're_1', 'commerce', 'Geste', '[{"order_item_id":"71000000-0000-4000-a000-0000000000b1","amount_cents":700}]') $$,
  '23505', null, 'a refund id already used for another order is refused');

-- A refund that fails after numbering gives its number back: the next one takes it.
select throws_ok($$
  do $do$ begin
    perform public.record_refund('70000000-0000-4000-a000-00000000000a', 're_rolled_back', 'commerce', 'Geste', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a1","amount_cents":2900}]');
    raise exception 'mail failed' using errcode = 'P0001';
  end $do$ $$, 'P0001', 'mail failed', 'a transaction fails after recording a refund');
select is((select count(*)::integer from public.credit_notes where refund_id = 're_rolled_back'), 0, 'its credit note is gone with it');
select is(public.record_refund('70000000-0000-4000-a000-00000000000a', 're_2', 'offline', 'Remboursé par virement', '[{"order_item_id":"71000000-0000-4000-a000-0000000000a1","amount_cents":2900}]') - 'credit_note_id',
  jsonb_build_object('number', tests.note_number((select n from expected) + 1), 'repeated', false,
                     'stamped_paths', jsonb_build_array('buyers/' || tests.user_id('alice@refunds.test') || '/71000000-0000-4000-a000-0000000000a1.pdf')),
  'the next refund takes the number after the first (no gap), and answers the stamped copy to remove');
select is((select (refunded_amount_cents, payment_status) from public.orders where id = '70000000-0000-4000-a000-00000000000a'), (4300, 'refunded'::text),
  'every line refunded, the order is refunded');
select is((select stamped_path from public.order_items where id = '71000000-0000-4000-a000-0000000000a1'), null, 'the line no longer names the stamped copy');

-- Alice's access to her refunded lines.
select tests.authenticate_as('alice@refunds.test');
select throws_ok($$ select public.issue_download_link('71000000-0000-4000-a000-0000000000a2') $$, 'PT410', 'Contenu remboursé',
  'a refunded line gets no new link');
select is_empty($$ select name from storage.objects where bucket_id = 'deliverables' and name = 'products/g.wav' $$,
  'the link she asked before the refund no longer opens its object (nothing to read or sign)');
select is((select (refunded_at is not null, access_suspended) from public.my_library() where order_item_id = '71000000-0000-4000-a000-0000000000a2'), (true, false),
  'her library keeps the item and says it was refunded');
select results_eq($$ select number from public.credit_notes order by number $$,
  $$ values (tests.note_number((select n from expected))), (tests.note_number((select n from expected) + 1)) $$, 'she reads her two credit notes');
select throws_ok($$ update public.credit_notes set amount_cents = 0 $$, '42501', null, 'the buyer cannot edit a credit note');
select throws_ok($$ delete from public.credit_notes $$, '42501', null, 'the buyer cannot delete a credit note');

-- The avoir's document (credit_note_document): its buyer and administrators only.
reset role;
update public.seller_settings set legal_name = 'Association Lumière', address = E'1 rue de la Paix\n75002 Paris',
  siret = '12345678900012', vat_regime = 'franchise', contact_email = 'contact@lumiere.test';
create temporary table first_note on commit drop as select id from public.credit_notes where refund_id = 're_1';
grant select on first_note to anon, authenticated, service_role;
select tests.authenticate_as('alice@refunds.test');
select is((select (d->'credit_note'->>'number', d->>'invoice_number', (d->>'total_amount_cents')::integer, d->'lines'->0->>'product_title', (d->'lines'->0->>'quantity')::integer)
             from public.credit_note_document((select id from first_note)) d),
  (tests.note_number((select n from expected)), (select invoice_number from public.orders where id = '70000000-0000-4000-a000-00000000000a'), 1400, 'Gratitude'::text, 2),
  'the buyer reads her avoir: its number, the invoice it corrects, what it refunds');
select tests.authenticate_as('bob@refunds.test');
select throws_ok($$ select public.credit_note_document((select id from first_note)) $$, 'PT404', null, 'another customer cannot read her avoir');
select tests.clear_authentication();
select throws_ok($$ select public.credit_note_document((select id from first_note)) $$, '42501', null, 'anon cannot read an avoir');
select tests.authenticate_as('root@refunds.test');
select is((select d->'credit_note'->>'number' from public.credit_note_document((select id from first_note)) d), tests.note_number((select n from expected)),
  'an administrator reads every avoir');

-- The avoir's e-mail outbox: the service role's only.
select tests.authenticate_as('alice@refunds.test');
select throws_ok($$ select * from private.credit_note_mails $$, '42501', null, 'a buyer cannot read the avoirs'' mail outbox');
select throws_ok($$ select public.credit_note_mail((select id from first_note)) $$, '42501', null, 'nor read what her avoir''s mail says through it');
select tests.authenticate_as('root@refunds.test');
select throws_ok($$ select * from public.pending_credit_note_mails(10) $$, '42501', null, 'an administrator cannot list the mails to send');
select tests.authenticate_as_service_role();
select ok((select id from first_note) in (select * from public.pending_credit_note_mails(1000)), 'a new avoir is a mail to send');
select is((select public.credit_note_mail((select id from first_note))->>'number'), tests.note_number((select n from expected)), 'the mail names the avoir');
select public.mark_credit_note_mailed((select id from first_note));
select is(public.credit_note_mail((select id from first_note)), null, 'once marked sent, there is nothing more to send');
select ok((select id from first_note) not in (select * from public.pending_credit_note_mails(1000)), 'and it leaves the outbox');

-- A dispute on Bob's order: suspended, restored when won.
select tests.authenticate_as_service_role();
select throws_ok($$ select public.record_dispute('70000000-0000-4000-a000-00000000000b', 'dp_1', 'maybe') $$, '22023', null, 'an unknown dispute status is refused');
select is(public.record_dispute('70000000-0000-4000-a000-00000000000b', 'dp_1', 'open'), '{"repeated": false, "stamped_paths": []}'::jsonb, 'a dispute opens');
select is(public.record_dispute('70000000-0000-4000-a000-00000000000b', 'dp_1', 'open'), '{"repeated": true, "stamped_paths": []}'::jsonb, 'the same news again changes nothing');
select is((select payment_status from public.orders where id = '70000000-0000-4000-a000-00000000000b'), 'disputed', 'the order reads as disputed');
select tests.authenticate_as('bob@refunds.test');
select throws_ok($$ select public.issue_download_link('71000000-0000-4000-a000-0000000000b1') $$, 'PT423', 'Accès suspendu', 'an open dispute suspends new links');
select is_empty($$ select name from storage.objects where bucket_id = 'deliverables' and name = 'products/b.wav' $$, 'and the reads of the link he had');
select is((select access_suspended from public.my_library() where order_item_id = '71000000-0000-4000-a000-0000000000b1'), true, 'his library says access is suspended');
select is_empty($$ select number from public.credit_notes $$, 'Bob reads none of Alice''s credit notes');
select is_empty($$ select id from public.credit_notes where order_id = '70000000-0000-4000-a000-00000000000a' $$, 'not even by naming her order');
select tests.authenticate_as_service_role();
select is(public.record_dispute('70000000-0000-4000-a000-00000000000b', 'dp_1', 'won') - 'stamped_paths', '{"repeated": false}'::jsonb, 'the dispute is won');
select tests.authenticate_as('bob@refunds.test');
select is(public.issue_download_link('71000000-0000-4000-a000-0000000000b1'), 'products/b.wav', 'a won dispute restores access');
select is((select payment_status from public.orders where id = '70000000-0000-4000-a000-00000000000b'), 'paid', 'and the order is paid again');

-- A second dispute, lost: a refund of everything left, with its credit note.
select tests.authenticate_as_service_role();
select public.record_dispute('70000000-0000-4000-a000-00000000000b', 'dp_2', 'open');
select is(public.record_dispute('70000000-0000-4000-a000-00000000000b', 'dp_2', 'lost') - 'credit_note_id',
  jsonb_build_object('number', tests.note_number((select n from expected) + 2), 'repeated', false, 'stamped_paths', '[]'::jsonb),
  'a lost dispute is a refund of what was left, numbered next');
select is(public.record_dispute('70000000-0000-4000-a000-00000000000b', 'dp_2', 'lost'), '{"repeated": true, "stamped_paths": []}'::jsonb, 'told again, nothing more is refunded');
select throws_ok($$ select public.record_dispute('70000000-0000-4000-a000-00000000000b', 'dp_2', 'open') $$, '22023', null, 'a closed dispute does not reopen');
select is((select (source, refund_id, amount_cents) from public.credit_notes where order_id = '70000000-0000-4000-a000-00000000000b'), ('dispute'::text, 'dispute:dp_2'::text, 700),
  'its credit note says so');
select tests.authenticate_as('bob@refunds.test');
select throws_ok($$ select public.issue_download_link('71000000-0000-4000-a000-0000000000b1') $$, 'PT410', null, 'a lost dispute revokes access as a refund does');

-- The administrator reads every credit note and changes none; the export is net of refunds.
select tests.authenticate_as('root@refunds.test');
select results_eq($$ select payment_status, refunded_amount_cents, credit_notes from public.admin_orders_export(7) where order_id = '70000000-0000-4000-a000-00000000000a' $$,
  $$ values ('refunded'::text, 4300, tests.note_number((select n from expected)) || ', ' || tests.note_number((select n from expected) + 1)) $$,
  'the orders export says what was refunded and by which credit notes');
select is((select count(*)::integer from public.credit_notes where order_id in ('70000000-0000-4000-a000-00000000000a', '70000000-0000-4000-a000-00000000000b')), 3,
  'the administrator reads every credit note');
select throws_ok($$ update public.credit_notes set reason = 'autre' $$, '42501', null, 'the administrator cannot edit a credit note');
select throws_ok($$ delete from public.credit_notes $$, '42501', null, 'the administrator cannot delete a credit note');

-- Nor the service role, nor the owner of the tables: the trigger refuses them all.
select tests.authenticate_as_service_role();
select throws_ok($$ update public.credit_notes set amount_cents = 0 where refund_id = 're_1' $$, '42501', null, 'the service role cannot edit a credit note');
select throws_ok($$ delete from public.credit_notes where refund_id = 're_1' $$, '42501', null, 'the service role cannot delete a credit note');
reset role;
select throws_ok($$ update public.credit_notes set amount_cents = 0 where refund_id = 're_1' $$, '42501', 'Un avoir émis ne se modifie pas et ne se supprime pas',
  'the tables'' owner cannot edit a credit note');
select throws_ok($$ delete from public.credit_notes where refund_id = 're_1' $$, '42501', null, 'the tables'' owner cannot delete a credit note');
select throws_ok($$ truncate public.credit_notes cascade $$, '42501', null, 'nor empty the table');
select throws_ok($$ delete from public.orders where id = '70000000-0000-4000-a000-00000000000a' $$, '23503', null, 'an order with a credit note is never deleted');

-- Concurrency: a refund in another session, numbering in the year whose counter row this
-- transaction holds, waits for it (here it gives up after 300 ms) rather than taking a number
-- beside it; so concurrent refunds commit one after the other, consecutive.
create extension if not exists dblink with schema extensions;
select extensions.dblink_connect('refunds_other_session',
  format('host=127.0.0.1 port=%s dbname=%s user=postgres password=postgres', current_setting('port'), current_database()));
select extensions.dblink_exec('refunds_other_session', 'set lock_timeout = ''300ms''');
select throws_ok($$
  select * from extensions.dblink('refunds_other_session', 'select private.next_credit_note_number(now())') as t(number text)
$$, '55P03', null, 'a concurrent refund waits for the counter row this one holds');
select extensions.dblink_exec('refunds_other_session', 'rollback');
select is((select * from extensions.dblink('refunds_other_session',
  format('select coalesce(max(last_number), 0) from private.credit_note_counters where year = %s', (select year from expected))) as t(n integer)),
  (select n from expected) - 1, 'the other session took no number meanwhile');
select extensions.dblink_disconnect('refunds_other_session');

select tests.authenticate_as('bob@refunds.test');
select throws_ok($$ select private.next_credit_note_number(now()) $$, '42501', null, 'a customer cannot take a credit-note number');
reset role;

select * from finish();
rollback;
