begin;
\ir helpers/setup.psql
select plan(12);

select tests.create_user('alice@checkout.test');
select tests.create_user('bob@checkout.test');
select tests.create_user('root@checkout.test');
select tests.make_admin('root@checkout.test');

insert into public.checkout_sessions (id, user_id, items, total_amount_cents) values
  ('cs_checkout_alice', tests.user_id('alice@checkout.test'), '[{"variant_id":"v","quantity":1,"unit_price_cents":900}]', 900);
insert into public.product_files (variant_id, digital_file_url, file_type) values ('var_test_file', 'http://files.test/x.pdf', 'pdf');

select tests.clear_authentication();
select throws_ok($$ select * from public.checkout_sessions $$, '42501', null, 'anon cannot read checkouts');
select throws_ok($$ select * from public.product_files $$, '42501', null, 'anon cannot read product files');

select tests.authenticate_as('alice@checkout.test');
select results_eq($$ select id from public.checkout_sessions $$, $$ values ('cs_checkout_alice') $$, 'Alice reads her own checkout');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents) values ('cs_forged', tests.user_id('alice@checkout.test'), '[{}]', 0) $$, '42501', null, 'Alice cannot record a checkout');
select throws_ok($$ update public.checkout_sessions set total_amount_cents = 1 $$, '42501', null, 'Alice cannot reprice her checkout');
select is_empty($$ select 1 from public.product_files $$, 'a customer cannot list the file map');
select throws_ok($$ insert into public.product_files (variant_id, digital_file_url, file_type) values ('v', 'http://x.test/f', 'pdf') $$, '42501', null, 'a customer cannot change the file map');

select tests.authenticate_as('bob@checkout.test');
select is_empty($$ select 1 from public.checkout_sessions $$, 'Bob cannot see Alice''s checkout');

select tests.authenticate_as('root@checkout.test');
select is((select count(*)::int from public.product_files where variant_id = 'var_test_file'), 1, 'the administrator reads the file map');

select tests.authenticate_as_service_role();
select lives_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents) values ('cs_checkout_bob', tests.user_id('bob@checkout.test'), '[{"variant_id":"v","quantity":1}]', 100) $$, 'the service role records a checkout');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents) values ('cs_empty', tests.user_id('bob@checkout.test'), '[]', 0) $$, '23514', null, 'a checkout without lines is refused');
select throws_ok($$ insert into public.product_files (variant_id, digital_file_url, file_type) values ('v2', 'ftp://x.test/f', 'pdf') $$, '23514', null, 'a file URL must be http(s)');

select * from finish();
rollback;
