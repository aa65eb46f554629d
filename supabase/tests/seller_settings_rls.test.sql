-- seller_settings: administrators read and update the shop's one row; customers and anon neither
-- read nor write it; nobody creates or deletes a row through the API; who saved last is the
-- database's to set.
begin;
\ir helpers/setup.psql
select plan(13);

select tests.create_user('settings-customer@example.test');
select tests.create_user('settings-admin@example.test');
select tests.make_admin('settings-admin@example.test');
update public.seller_settings set legal_name = 'Association Témoin';

select tests.clear_authentication();
select throws_ok($$ select * from public.seller_settings $$, '42501', null, 'anon cannot read the settings');
select throws_ok($$ update public.seller_settings set legal_name = 'Anonyme' $$, '42501', null, 'anon cannot write them');

select tests.authenticate_as('settings-customer@example.test');
select is_empty($$ select * from public.seller_settings $$, 'a customer sees no settings');
select is_empty($$ update public.seller_settings set legal_name = 'Client' returning 1 $$, 'a customer''s update touches no row');
select throws_ok($$ insert into public.seller_settings (id) values (true) $$, '42501', null, 'a customer cannot create settings');

select tests.authenticate_as('settings-admin@example.test');
select is((select legal_name from public.seller_settings), 'Association Témoin', 'an administrator reads the settings');
select results_eq($$
  update public.seller_settings
     set legal_name = 'Association Lumière', address = E'1 rue de la Paix\n75002 Paris', siret = '12345678900011',
         vat_regime = 'franchise', contact_email = 'contact@example.test'
  returning legal_name, siret, updated_by $$,
  $$ values ('Association Lumière'::text, '12345678900011'::text, tests.user_id('settings-admin@example.test')) $$,
  'an administrator updates them, and the database records who did');
select throws_ok($$ update public.seller_settings set updated_by = null $$, '42501', null, 'not the record of who saved last');
select throws_ok($$ update public.seller_settings set siret = '1234' $$, '23514', null, 'a SIRET is 14 digits (or a SIREN 9)');
select throws_ok($$ insert into public.seller_settings (id) values (true) $$, '42501', null, 'an administrator creates no second row');
select throws_ok($$ delete from public.seller_settings $$, '42501', null, 'nor deletes the row');

select tests.authenticate_as_service_role();
select is((select legal_name from public.seller_settings), 'Association Lumière', 'the service role reads what the administrator saved');
reset role;
select is((select count(*)::integer from public.seller_settings), 1, 'the shop has one settings row');

select * from finish();
rollback;
