-- The contact form's limits, at their exact boundaries, as the visitor who sends it: each field
-- accepts its maximum and refuses one more character, whitespace padding counts towards the limit
-- (what is stored is what is measured), and a field of whitespace alone is blank.
begin;
\ir helpers/setup.psql
select plan(17);

select tests.clear_authentication();

-- Inserts one message as the current identity; defaults stand for the fields a case leaves alone.
create function pg_temp.send(name text = 'Visiteur', email text = 'visiteur@limits.test', subject text = 'Question', message text = 'Bonjour')
returns void language sql as $$
  select public.send_contact_message(name, email, subject, message, tests.ripe_contact_token())
$$;
grant execute on function pg_temp.send(text, text, text, text) to anon;

select lives_ok($$ select pg_temp.send(name => repeat('n', 200)) $$, 'a name of 200 characters is accepted');
select throws_ok($$ select pg_temp.send(name => repeat('n', 201)) $$, '23514', null, 'a name of 201 characters is refused');
select throws_ok($$ select pg_temp.send(name => 'Ève' || repeat(' ', 300)) $$, '23514', null, 'a short name padded with spaces past 200 characters is refused');
select throws_ok($$ select pg_temp.send(name => e'\n\u00a0\t') $$, '23514', null, 'a name of newlines, tabs and no-break spaces is blank');

select lives_ok($$ select pg_temp.send(email => repeat('a', 307) || '@example.test') $$, 'an e-mail of 320 characters is accepted');
select throws_ok($$ select pg_temp.send(email => repeat('a', 308) || '@example.test') $$, '23514', null, 'an e-mail of 321 characters is refused');
select throws_ok($$ select pg_temp.send(email => 'a@b@example.test') $$, '23514', null, 'an e-mail with two @ is refused');
select throws_ok($$ select pg_temp.send(email => '@example.test') $$, '23514', null, 'an e-mail without a local part is refused');
select throws_ok($$ select pg_temp.send(email => '') $$, '23514', null, 'an empty e-mail is refused');

select lives_ok($$ select pg_temp.send(subject => repeat('s', 300)) $$, 'a subject of 300 characters is accepted');
select throws_ok($$ select pg_temp.send(subject => repeat('s', 301)) $$, '23514', null, 'a subject of 301 characters is refused');
select throws_ok($$ select pg_temp.send(subject => 'Retraite' || repeat(e'\n', 300)) $$, '23514', null, 'a short subject padded with newlines past 300 characters is refused');

select lives_ok($$ select pg_temp.send(message => repeat('m', 10000)) $$, 'a message of 10,000 characters is accepted');
select throws_ok($$ select pg_temp.send(message => repeat('m', 10001)) $$, '23514', null, 'a message of 10,001 characters is refused');
select throws_ok($$ select pg_temp.send(message => 'x' || repeat(' ', 20000)) $$, '23514', null, 'a one-letter message padded with spaces past 10,000 characters is refused');
select throws_ok($$ select pg_temp.send(message => null) $$, '23502', null, 'a message is required');

-- What was accepted is stored as sent, neither trimmed nor cut.
reset role;
select results_eq(
  $$ select char_length(name), char_length(email), char_length(subject), char_length(message) from public.contact_messages
      where email = 'visiteur@limits.test' or (email like '%@example.test' and char_length(email) = 320) order by 1, 2, 3, 4 $$,
  $$ values (8, 20, 8, 10000), (8, 20, 300, 7), (8, 320, 8, 7), (200, 20, 8, 7) $$,
  'exactly the four accepted messages were stored, each as long as it was sent');

select * from finish();
rollback;
