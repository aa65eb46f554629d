-- The contact form's anti-spam: a bot's message (honeypot filled, no token, a forged, too recent
-- or expired token) is answered like a sent one and nothing is stored; a person's is stored. The
-- token is signed by the database; nobody but it can sign one.
begin;
\ir helpers/setup.psql
select plan(16);

select tests.create_user('alice@antispam.test');

-- A token for a form shown `seconds` before this transaction's time.
create function pg_temp.shown_ago(seconds integer) returns text language sql security definer as $$
  select private.sign_contact_form(floor(extract(epoch from now()))::bigint - seconds)
$$;
grant execute on function pg_temp.shown_ago(integer) to anon, authenticated;
create function pg_temp.stored(subject text) returns integer language sql security definer as $$
  select count(*)::integer from public.contact_messages where email = 'visiteur@antispam.test' and contact_messages.subject = stored.subject
$$;

select tests.clear_authentication();
select ok(public.contact_form_token() ~ '^[0-9]+\.[0-9a-f]{64}$', 'anon gets a token when the form is shown');
select throws_ok($$ select private.sign_contact_form(1) $$, '42501', null, 'anon cannot sign a token');

select lives_ok($$ select public.send_contact_message('Visiteur', 'visiteur@antispam.test', 'Personne', 'Bonjour', pg_temp.shown_ago(20)) $$, 'a person''s message is answered');
select lives_ok($$ select public.send_contact_message('Robot', 'visiteur@antispam.test', 'Pot de miel', 'Achetez', pg_temp.shown_ago(20), 'https://spam.test') $$, 'a filled honeypot is answered like success');
select lives_ok($$ select public.send_contact_message('Robot', 'visiteur@antispam.test', 'Trop vite', 'Achetez', public.contact_form_token()) $$, 'a form sent at once is answered like success');
select lives_ok($$ select public.send_contact_message('Robot', 'visiteur@antispam.test', 'Deux secondes', 'Achetez', pg_temp.shown_ago(2)) $$, 'a form sent after two seconds is answered like success');
select lives_ok($$ select public.send_contact_message('Visiteur', 'visiteur@antispam.test', 'Trois secondes', 'Bonjour', pg_temp.shown_ago(3)) $$, 'a form sent after three seconds is answered');
select lives_ok($$ select public.send_contact_message('Robot', 'visiteur@antispam.test', 'Sans jeton', 'Achetez', null) $$, 'a message without a token is answered like success');
select lives_ok($$ select public.send_contact_message('Robot', 'visiteur@antispam.test', 'Jeton forgé', 'Achetez', '1700000000.' || repeat('ab', 32)) $$, 'a forged token is answered like success');
select lives_ok($$ select public.send_contact_message('Robot', 'visiteur@antispam.test', 'Jeton périmé', 'Achetez', pg_temp.shown_ago(86401)) $$, 'a token older than a day is answered like success');
select tests.authenticate_as('alice@antispam.test');
select lives_ok($$ select public.send_contact_message('Alice', 'visiteur@antispam.test', 'Cliente', 'Bonjour', pg_temp.shown_ago(60)) $$, 'a signed-in customer sends the form too');

reset role;
select is(pg_temp.stored('Personne'), 1, 'a person''s message is stored');
select is(pg_temp.stored('Trois secondes'), 1, 'a form sent after three seconds is stored');
select is(pg_temp.stored('Cliente'), 1, 'a signed-in customer''s message is stored');
select is((select count(*)::integer from public.contact_messages where email = 'visiteur@antispam.test'), 3, 'nothing of the bots is stored');
select ok(not exists (select 1 from private.rate_limits r where r.hits > 3), 'the bots'' messages were not counted against the address either');

select * from finish();
rollback;
