-- The contact form's optional captcha (20261127150000_contact_form_captcha.sql): off by default, a
-- message needs no pass; once the operator requires it, only a pass the service role issued,
-- unexpired and unused, lets one message through the usual path (the rate limit per client
-- address still applies, and a refused message leaves its pass unspent). Nobody but the service
-- role issues passes, and no API role can read them or turn the setting.
begin;
\ir helpers/setup.psql
select plan(27);

select tests.create_user('alice@captcha.test');
select tests.create_user('admin@captcha.test');
select tests.make_admin('admin@captcha.test');

create function pg_temp.stored(subject text) returns integer language sql security definer as $$
  select count(*)::integer from public.contact_messages where email = 'visiteur@captcha.test' and contact_messages.subject = stored.subject
$$;
create function pg_temp.from_address(address text) returns void language sql as $$
  select set_config('request.headers', json_build_object('x-forwarded-for', address)::text, true)
$$;
create function pg_temp.send(subject text, pass text) returns void language sql as $$
  select public.send_contact_message('Visiteur', 'visiteur@captcha.test', subject, 'Bonjour', tests.ripe_contact_token(), '', pass)
$$;
create function pg_temp.issue_pass() returns text language plpgsql as $$
declare
  pass text;
begin
  perform tests.authenticate_as_service_role();
  pass := public.issue_contact_captcha_pass();
  perform tests.clear_authentication();
  return pass;
end $$;
grant execute on function pg_temp.stored(text), pg_temp.from_address(text), pg_temp.send(text, text), pg_temp.issue_pass() to anon, authenticated, service_role;

-- Off by default: today's path, no pass needed.
select tests.clear_authentication();
select pg_temp.from_address('198.51.100.1');
select lives_ok($$ select pg_temp.send('Sans captcha', null) $$, 'captcha off: anon sends without a pass');
reset role;
select is(pg_temp.stored('Sans captcha'), 1, 'captcha off: the message is stored');
select is((select captcha_required from private.contact_form_settings), false, 'the captcha is off by default');

-- Only the service role issues passes; no API role reads them or turns the setting.
select tests.clear_authentication();
select throws_ok($$ select public.issue_contact_captcha_pass() $$, '42501', null, 'anon cannot issue a pass');
select throws_ok($$ update private.contact_form_settings set captcha_required = false $$, '42501', null, 'anon cannot turn the setting');
select tests.authenticate_as('alice@captcha.test');
select throws_ok($$ select public.issue_contact_captcha_pass() $$, '42501', null, 'a customer cannot issue a pass');
select tests.authenticate_as('admin@captcha.test');
select throws_ok($$ select public.issue_contact_captcha_pass() $$, '42501', null, 'an administrator cannot issue a pass either');
select throws_ok($$ select * from private.contact_captcha_passes $$, '42501', null, 'an administrator cannot read the passes');
select tests.authenticate_as_service_role();
select ok(public.issue_contact_captcha_pass() ~ '^[0-9a-f]{64}$', 'the service role issues a pass');
select throws_ok($$ select * from private.contact_captcha_passes $$, '42501', null, 'the service role cannot read the passes');
select throws_ok($$ update private.contact_form_settings set captcha_required = false $$, '42501', null, 'the service role cannot turn the setting');

-- The operator turns it on.
reset role;
update private.contact_form_settings set captcha_required = true;

select tests.clear_authentication();
select pg_temp.from_address('198.51.100.2');
select throws_ok($$ select pg_temp.send('Sans laissez-passer', null) $$, 'PT403', 'Captcha verification required.', 'captcha on: anon without a pass is refused with PT403');
select throws_ok($$ select pg_temp.send('Laissez-passer inventé', repeat('ab', 32)) $$, 'PT403', null, 'a made-up pass is refused');
select lives_ok($$ select pg_temp.send('Avec laissez-passer', pg_temp.issue_pass()) $$, 'anon with a pass the service role issued sends');
select tests.authenticate_as('alice@captcha.test');
select lives_ok($$ select pg_temp.send('Cliente avec laissez-passer', pg_temp.issue_pass()) $$, 'a customer with a pass sends');
select throws_ok($$ select pg_temp.send('Cliente sans laissez-passer', '') $$, 'PT403', null, 'a customer without one is refused');
select tests.authenticate_as('admin@captcha.test');
select throws_ok($$ select pg_temp.send('Admin sans laissez-passer', null) $$, 'PT403', null, 'an administrator without one is refused too');

-- Single use, five minutes.
select tests.clear_authentication();
create temporary table pass as select pg_temp.issue_pass() as value;
grant select on pass to anon, authenticated;
select lives_ok($$ select pg_temp.send('Premier envoi', (select value from pass)) $$, 'a pass sends one message');
select throws_ok($$ select pg_temp.send('Second envoi', (select value from pass)) $$, 'PT403', null, 'the same pass does not send a second');
reset role;
truncate pass;
insert into pass select pg_temp.issue_pass();
reset role;
update private.contact_captcha_passes set expires_at = now() - interval '1 second';
select tests.clear_authentication();
select throws_ok($$ select pg_temp.send('Laissez-passer périmé', (select value from pass)) $$, 'PT403', null, 'an expired pass is refused');

-- A bot is still refused quietly, and spends nothing.
reset role;
truncate pass;
insert into pass select pg_temp.issue_pass();
select tests.clear_authentication();
select lives_ok($$ select public.send_contact_message('Robot', 'visiteur@captcha.test', 'Pot de miel', 'Achetez', tests.ripe_contact_token(), 'https://spam.test', (select value from pass)) $$,
  'a filled honeypot is still answered like success');

-- The rate limit per client address still holds with passes: four more from 198.51.100.2 reach
-- its five, the sixth is refused with PT429 and its pass stays unspent for later.
select pg_temp.from_address('198.51.100.3');
select lives_ok($$ select pg_temp.send('Rafale', pg_temp.issue_pass()) from generate_series(1, 5) $$, 'five messages with passes from one address are accepted');
select throws_ok($$ select pg_temp.send('Rafale', (select value from pass)) $$, 'PT429', null, 'the sixth from that address is refused with PT429, pass or not');
reset role;
select is((select count(*)::integer from private.contact_captcha_passes where pass_hash = sha256(convert_to((select value from pass), 'UTF8'))), 1, 'the refused message left its pass unspent');

select is(pg_temp.stored('Avec laissez-passer') + pg_temp.stored('Cliente avec laissez-passer') + pg_temp.stored('Premier envoi'), 3, 'the messages with a pass are stored');
select is((select count(*)::integer from public.contact_messages where email = 'visiteur@captcha.test' and subject in
  ('Sans laissez-passer', 'Laissez-passer inventé', 'Cliente sans laissez-passer', 'Admin sans laissez-passer', 'Second envoi', 'Laissez-passer périmé', 'Pot de miel')), 0,
  'nothing refused is stored');
select is(pg_temp.stored('Rafale'), 5, 'the burst stored its five');

select * from finish();
rollback;
