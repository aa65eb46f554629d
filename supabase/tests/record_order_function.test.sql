-- record_order(): only the service role may run it; it records a pending checkout once, with the
-- checkout's own prices and the variants' digital files, and refuses someone else's checkout.
-- Self-contained: it makes its own users, checkout and file map, and rolls everything back.
begin;
select plan(16);

insert into auth.users (id, email) values
  ('00000000-0000-4000-8000-0000000000a1', 'record-order-buyer@example.test'),
  ('00000000-0000-4000-8000-0000000000b2', 'record-order-other@example.test');
insert into public.product_files (variant_id, object_path, file_type) values
  ('test_variant_pdf', 'products/teaching.pdf', 'pdf');
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, status, cgv_version, consent_text, consented_at) values (
  'cs_record_order_test',
  '00000000-0000-4000-8000-0000000000a1',
  '[{"variant_id": "test_variant_pdf", "product_title": "Enseignement", "variant_title": "PDF", "image_url": "http://img.test/1.png", "quantity": 2, "unit_price_cents": 1500},
    {"variant_id": "test_variant_nofile", "product_title": "Pack", "variant_title": "Standard", "image_url": null, "quantity": 1, "unit_price_cents": 990}]',
  3990, 'eur', 'pending', 1, 'Consentement de test', now());

select has_function('public', 'record_order', array['text', 'uuid'], 'record_order(text, uuid) exists');
select is_definer('public', 'record_order', array['text', 'uuid'], 'it runs as its owner, whatever the role grants');
select ok(not has_function_privilege('anon', 'public.record_order(text, uuid)', 'execute'), 'anon may not execute it');
select ok(not has_function_privilege('authenticated', 'public.record_order(text, uuid)', 'execute'), 'customers may not execute it');
select ok(has_function_privilege('service_role', 'public.record_order(text, uuid)', 'execute'), 'the service role may execute it');

-- The role switch sits inside the tested statement: the failed call's subtransaction undoes it.
select throws_ok(
  $$ set local role anon; select public.record_order('cs_record_order_test', '00000000-0000-4000-8000-0000000000a1') $$,
  '42501', null, 'as anon, calling it is refused');
select throws_ok(
  $$ set local role authenticated;
     select set_config('request.jwt.claims', '{"sub": "00000000-0000-4000-8000-0000000000a1", "role": "authenticated"}', true);
     select public.record_order('cs_record_order_test', '00000000-0000-4000-8000-0000000000a1') $$,
  '42501', null, 'as the buyer, calling it directly is refused');
select is_empty($$ select 1 from public.orders where checkout_session_id = 'cs_record_order_test' $$, 'the refused calls wrote nothing');

select throws_ok(
  $$ set local role service_role; select public.record_order('cs_record_order_test', '00000000-0000-4000-8000-0000000000b2') $$,
  'P0002', null, 'someone else''s checkout is not found');

set local role service_role;
create temporary table first_call as select public.record_order('cs_record_order_test', '00000000-0000-4000-8000-0000000000a1') as id;
reset role;

select results_eq(
  $$ select id, user_id, total_amount_cents, currency, status from public.orders where checkout_session_id = 'cs_record_order_test' $$,
  $$ select id, '00000000-0000-4000-8000-0000000000a1'::uuid, 3990, 'eur'::text, 'completed'::text from first_call $$,
  'the order is the buyer''s, with the checkout''s total and currency, completed');
select results_eq(
  $$ select variant_id, product_title, variant_title, image_url, quantity, price_per_item_cents, file_path, file_type
       from public.order_items where order_id = (select id from first_call) order by variant_id desc $$,
  $$ values ('test_variant_pdf', 'Enseignement', 'PDF', 'http://img.test/1.png', 2, 1500, 'products/teaching.pdf', 'pdf'),
            ('test_variant_nofile', 'Pack', 'Standard', null, 1, 990, null, null) $$,
  'its items carry the priced lines and the digital file of the mapped variant, with its object path in the bucket');
select is((select status from public.checkout_sessions where id = 'cs_record_order_test'), 'completed', 'the checkout is marked completed');

set local role service_role;
create temporary table second_call as select public.record_order('cs_record_order_test', '00000000-0000-4000-8000-0000000000a1') as id;
reset role;
select is((select id from second_call), (select id from first_call), 'a second call returns the same order');
select is((select count(*)::integer from public.orders where checkout_session_id = 'cs_record_order_test'), 1, 'there is still one order');
select is((select count(*)::integer from public.order_items where order_id = (select id from first_call)), 2, 'and its items were not written twice');
select throws_ok(
  $$ set local role service_role; select public.record_order('cs_made_up', '00000000-0000-4000-8000-0000000000a1') $$,
  'P0002', null, 'a made-up session is not found');

select * from finish();
rollback;
