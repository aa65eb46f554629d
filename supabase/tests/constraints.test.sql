-- The checks of spec §5 that hold whoever writes: even the service role (which bypasses RLS)
-- cannot store a quantity below 1, a negative price, a malformed currency, an unknown file type,
-- a blank or over-long text, a malformed e-mail or a second order for one checkout.
begin;
\ir helpers/setup.psql
select plan(52);

select tests.create_user('alice@constraints.test', 'Alice');
select tests.create_user('root@constraints.test', 'Root');
select tests.make_admin('root@constraints.test');
insert into public.orders (id, user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at)
values ('60000000-0000-4000-a000-00000000000a', tests.user_id('alice@constraints.test'), 1000, 'cs_constraints_a', 1, 'Consentement de test', now());

select tests.authenticate_as_service_role();

-- orders
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('alice@constraints.test'), 1000, 'cs_constraints_a', 1, 'Consentement de test', now()) $$, '23505', null, 'orders: a second order for the same checkout session is refused');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('alice@constraints.test'), -1, 'cs_c_neg', 1, 'Consentement de test', now()) $$, '23514', null, 'orders: a negative total is refused');
select lives_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('alice@constraints.test'), 0, 'cs_c_free', 1, 'Consentement de test', now()) $$, 'orders: a total of zero (a free item) is accepted');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, currency, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('alice@constraints.test'), 1, 'EUR', 'cs_c_upper', 1, 'Consentement de test', now()) $$, '23514', null, 'orders: an upper-case currency is refused');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, currency, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('alice@constraints.test'), 1, 'euro', 'cs_c_four', 1, 'Consentement de test', now()) $$, '23514', null, 'orders: a four-letter currency is refused');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, currency, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('alice@constraints.test'), 1, 'e1r', 'cs_c_digit', 1, 'Consentement de test', now()) $$, '23514', null, 'orders: a currency with a digit is refused');
select lives_ok($$ insert into public.orders (user_id, total_amount_cents, currency, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('alice@constraints.test'), 1, 'chf', 'cs_c_chf', 1, 'Consentement de test', now()) $$, 'orders: another three-letter currency is accepted');
select is((select currency from public.orders where checkout_session_id = 'cs_c_free'), 'eur', 'orders: the currency defaults to eur');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, status, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('alice@constraints.test'), 1, 'shipped', 'cs_c_status', 1, 'Consentement de test', now()) $$, '23514', null, 'orders: an unknown status is refused');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values (tests.user_id('alice@constraints.test'), 1, '', 1, 'Consentement de test', now()) $$, '23514', null, 'orders: an empty checkout session id is refused');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, cgv_version, consent_text, consented_at) values (tests.user_id('alice@constraints.test'), 1, 1, 'Consentement de test', now()) $$, '23502', null, 'orders: the checkout session id is required');
select throws_ok($$ insert into public.orders (user_id, total_amount_cents, checkout_session_id, cgv_version, consent_text, consented_at) values ('61000000-0000-4000-a000-000000000000', 1, 'cs_c_nobody', 1, 'Consentement de test', now()) $$, '23503', null, 'orders: the buyer must be an account');

-- order_items
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('60000000-0000-4000-a000-00000000000a', 'v', 'p', 0, 100) $$, '23514', null, 'order_items: a quantity of 0 is refused');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('60000000-0000-4000-a000-00000000000a', 'v', 'p', -2, 100) $$, '23514', null, 'order_items: a negative quantity is refused');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('60000000-0000-4000-a000-00000000000a', 'v', 'p', 1, -1) $$, '23514', null, 'order_items: a negative price is refused');
select lives_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('60000000-0000-4000-a000-00000000000a', 'v_free', 'p', 1, 0) $$, 'order_items: quantity 1 at price 0 is accepted');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents, file_type) values ('60000000-0000-4000-a000-00000000000a', 'v', 'p', 1, 5, 'docx') $$, '23514', null, 'order_items: an unknown file type is refused');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents, file_type) values ('60000000-0000-4000-a000-00000000000a', 'v', 'p', 1, 5, 'PDF') $$, '23514', null, 'order_items: file types are lower-case');
select lives_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents, file_type) values
  ('60000000-0000-4000-a000-00000000000a', 'v_pdf', 'p', 1, 5, 'pdf'), ('60000000-0000-4000-a000-00000000000a', 'v_video', 'p', 1, 5, 'video'),
  ('60000000-0000-4000-a000-00000000000a', 'v_audio', 'p', 1, 5, 'audio'), ('60000000-0000-4000-a000-00000000000a', 'v_other', 'p', 1, 5, 'other'),
  ('60000000-0000-4000-a000-00000000000a', 'v_physical', 'p', 1, 5, null) $$, 'order_items: pdf, video, audio, other, and none (not digital) are accepted');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('60000000-0000-4000-a000-00000000000a', '', 'p', 1, 5) $$, '23514', null, 'order_items: an empty variant id is refused');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('60000000-0000-4000-a000-00000000000a', 'v', '', 1, 5) $$, '23514', null, 'order_items: an empty product title is refused');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents) values ('61000000-0000-4000-a000-000000000000', 'v', 'p', 1, 5) $$, '23503', null, 'order_items: an item belongs to an existing order');

-- checkout_sessions
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values ('cs_c_empty', tests.user_id('alice@constraints.test'), '[]', 0, 1, 'Consentement de test', now()) $$, '23514', null, 'checkout_sessions: a checkout without lines is refused');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values ('cs_c_object', tests.user_id('alice@constraints.test'), '{"variant_id":"v"}', 0, 1, 'Consentement de test', now()) $$, '23514', null, 'checkout_sessions: items must be an array');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values ('cs_c_neg', tests.user_id('alice@constraints.test'), '[{}]', -5, 1, 'Consentement de test', now()) $$, '23514', null, 'checkout_sessions: a negative total is refused');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, currency, cgv_version, consent_text, consented_at) values ('cs_c_cur', tests.user_id('alice@constraints.test'), '[{}]', 5, 'EUR', 1, 'Consentement de test', now()) $$, '23514', null, 'checkout_sessions: a malformed currency is refused');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, status, cgv_version, consent_text, consented_at) values ('cs_c_paid', tests.user_id('alice@constraints.test'), '[{}]', 5, 'paid', 1, 'Consentement de test', now()) $$, '23514', null, 'checkout_sessions: status is pending or completed');
select lives_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values ('cs_c_ok', tests.user_id('alice@constraints.test'), '[{}]', 5, 1, 'Consentement de test', now()) $$, 'checkout_sessions: a well-formed checkout is accepted');
select throws_ok($$ insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values ('cs_c_ok', tests.user_id('alice@constraints.test'), '[{}]', 5, 1, 'Consentement de test', now()) $$, '23505', null, 'checkout_sessions: a session id is recorded once');

-- product_files
select throws_ok($$ insert into public.product_files (variant_id, object_path, file_type) values ('v_url', 'https://files.test/f.pdf', 'pdf') $$, '23514', null, 'product_files: a file is an object path, never a URL');
select throws_ok($$ insert into public.product_files (variant_id, object_path, file_type) values ('v_outside', 'buyers/x.pdf', 'pdf') $$, '23514', null, 'product_files: an original lives under products/');
select throws_ok($$ insert into public.product_files (variant_id, object_path, file_type) values ('v_zip', 'products/f.zip', 'zip') $$, '23514', null, 'product_files: an unknown file type is refused');
select throws_ok($$ insert into public.product_files (variant_id, object_path) values ('v_none', 'products/f') $$, '23502', null, 'product_files: the file type is required');
select throws_ok($$ insert into public.product_files (variant_id, object_path, file_type) values ('v_dots', 'products/../buyers/x.pdf', 'pdf') $$, '23514', null, 'product_files: a path that would climb out of products/ is refused');
select throws_ok($$ insert into public.order_items (order_id, variant_id, product_title, quantity, price_per_item_cents, file_path) values (gen_random_uuid(), 'v', 'x', 1, 0, 'products/../buyers/x.pdf') $$, '23514', null, 'order_items: a file path cannot climb with ..');

-- profiles
select throws_ok($$ update public.profiles set role = 'superadmin' where id = tests.user_id('alice@constraints.test') $$, '23514', null, 'profiles: a role is customer or admin');
select throws_ok($$ update public.profiles set full_name = repeat('n', 201) where id = tests.user_id('alice@constraints.test') $$, '23514', null, 'profiles: a full name is at most 200 characters');

-- contact_messages, as the visitor who fills in the form
select tests.clear_authentication();
select lives_ok($$ select public.send_contact_message('Visiteur', 'visiteur@constraints.test', 'Question', 'Bonjour', tests.ripe_contact_token()) $$, 'contact: a well-formed message is accepted');
select throws_ok($$ select public.send_contact_message('V', 'pas-un-email', 'S', 'M', tests.ripe_contact_token()) $$, '23514', null, 'contact: an e-mail without @ is refused');
select throws_ok($$ select public.send_contact_message('V', 'v@localhost', 'S', 'M', tests.ripe_contact_token()) $$, '23514', null, 'contact: an e-mail without a domain dot is refused');
select throws_ok($$ select public.send_contact_message('V', 'v w@example.test', 'S', 'M', tests.ripe_contact_token()) $$, '23514', null, 'contact: an e-mail with a space is refused');
select throws_ok($$ select public.send_contact_message('V', repeat('a', 310) || '@example.test', 'S', 'M', tests.ripe_contact_token()) $$, '23514', null, 'contact: an e-mail over 320 characters is refused');
select throws_ok($$ select public.send_contact_message(repeat('n', 201), 'v@example.test', 'S', 'M', tests.ripe_contact_token()) $$, '23514', null, 'contact: a name over 200 characters is refused');
select throws_ok($$ select public.send_contact_message('V', 'v@example.test', '  ', 'M', tests.ripe_contact_token()) $$, '23514', null, 'contact: a blank subject is refused');
select throws_ok($$ select public.send_contact_message('V', 'v@example.test', 'S', e' \n\t ', tests.ripe_contact_token()) $$, '23514', null, 'contact: a blank message is refused');
select throws_ok($$ select public.send_contact_message('V', 'v@example.test', 'S', null, tests.ripe_contact_token()) $$, '23502', null, 'contact: the message is required');

-- user_messages, as the customer and the administrator who chat
select tests.authenticate_as('alice@constraints.test');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@constraints.test'), tests.user_id('root@constraints.test'), '') $$, '23514', null, 'chat: an empty message is refused');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@constraints.test'), tests.user_id('root@constraints.test'), e' \n\t ') $$, '23514', null, 'chat: a whitespace-only message is refused');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@constraints.test'), tests.user_id('root@constraints.test'), repeat('é', 4001)) $$, '23514', null, 'chat: 4,001 characters are refused');
select lives_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@constraints.test'), tests.user_id('root@constraints.test'), repeat('é', 4000)) $$, 'chat: 4,000 characters are accepted');
select tests.authenticate_as('root@constraints.test');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('root@constraints.test'), tests.user_id('root@constraints.test'), 'Note à moi-même') $$, '23514', null, 'chat: nobody writes to themselves');
select throws_ok($$ insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('root@constraints.test'), '61000000-0000-4000-a000-000000000000', 'Bonjour') $$, '23503', null, 'chat: the receiver must have a profile');

select * from finish();
rollback;
