-- Each door refuses past its limit with PT429 and accepts again once its window has ended: the
-- contact form per client address (anon and signed-in alike), the chat per sender (a customer's
-- burst and ten-minute limits, an administrator's wider one), checkouts per customer (a count in
-- ten minutes and the pending checkouts open at once). The service role is not limited.
begin;
\ir helpers/setup.psql
select plan(28);

select tests.create_user('admin@doors.test');
select tests.make_admin('admin@doors.test');
select tests.create_user('alice@doors.test');
select tests.create_user('bob@doors.test');

create function pg_temp.windows_pass() returns void language sql as $$
  update private.rate_limits set window_ends = now() - interval '1 second'
$$;
create function pg_temp.from_address(address text) returns void language sql as $$
  select set_config('request.headers', json_build_object('x-forwarded-for', address || ', 10.0.0.1')::text, true)
$$;
create function pg_temp.contact(times integer) returns void language plpgsql as $$
begin
  for i in 1..times loop
    perform public.send_contact_message('Visiteur', 'visiteur@doors.test', 'Question', 'Bonjour ' || i, tests.ripe_contact_token());
  end loop;
end $$;
create function pg_temp.chat(receiver text, times integer) returns void language plpgsql as $$
begin
  for i in 1..times loop
    insert into public.user_messages (sender_id, receiver_id, content) values (auth.uid(), tests.user_id(receiver), 'Message ' || i);
  end loop;
end $$;
grant execute on function pg_temp.contact(integer), pg_temp.chat(text, integer), pg_temp.from_address(text) to anon, authenticated, service_role;

-- The contact form: 5 per address in ten minutes.
select tests.clear_authentication();
select pg_temp.from_address('203.0.113.1');
select lives_ok($$ select pg_temp.contact(5) $$, 'anon: five contact messages from one address are accepted');
select throws_ok($$ select pg_temp.contact(1) $$, 'PT429', null, 'anon: the sixth from that address is refused with PT429');
select pg_temp.from_address('203.0.113.2');
select lives_ok($$ select pg_temp.contact(1) $$, 'anon: another address is not held back by the first');
select tests.authenticate_as('alice@doors.test');
select pg_temp.from_address('203.0.113.1');
select throws_ok($$ select pg_temp.contact(1) $$, 'PT429', null, 'a signed-in customer from the same address is refused too');
reset role;
select pg_temp.windows_pass();
select tests.clear_authentication();
select lives_ok($$ select pg_temp.contact(1) $$, 'anon: once the ten minutes have passed the address may send again');
reset role;
select is((select count(*)::integer from public.contact_messages where email = 'visiteur@doors.test'), 7, 'exactly the seven accepted contact messages were stored');
select tests.authenticate_as_service_role();
select lives_ok($$ select pg_temp.contact(8) $$, 'the service role is not limited');

-- The chat, a customer: a burst of 10 in a minute, 30 in ten minutes.
reset role;
update private.rate_limits set window_ends = now() - interval '1 second';
select tests.authenticate_as('alice@doors.test');
select lives_ok($$ select pg_temp.chat('admin@doors.test', 10) $$, 'a customer sends a burst of ten messages');
select throws_ok($$ select pg_temp.chat('admin@doors.test', 1) $$, 'PT429', null, 'the eleventh in the minute is refused with PT429');
select tests.authenticate_as('bob@doors.test');
select lives_ok($$ select pg_temp.chat('admin@doors.test', 10) $$, 'another customer has his own burst');
reset role;
update private.rate_limits set window_ends = now() - interval '1 second' where key like 'chat-burst:%';
select tests.authenticate_as('alice@doors.test');
select lives_ok($$ select pg_temp.chat('admin@doors.test', 10) $$, 'a minute later the customer sends ten more');
reset role;
update private.rate_limits set window_ends = now() - interval '1 second' where key like 'chat-burst:%';
select tests.authenticate_as('alice@doors.test');
select lives_ok($$ select pg_temp.chat('admin@doors.test', 10) $$, 'and ten more the minute after: thirty in ten minutes');
reset role;
update private.rate_limits set window_ends = now() - interval '1 second' where key like 'chat-burst:%';
select tests.authenticate_as('alice@doors.test');
select throws_ok($$ select pg_temp.chat('admin@doors.test', 1) $$, 'PT429', null, 'the thirty-first in ten minutes is refused even after a quiet minute');
reset role;
select pg_temp.windows_pass();
select tests.authenticate_as('alice@doors.test');
select lives_ok($$ select pg_temp.chat('admin@doors.test', 1) $$, 'once the ten minutes have passed the customer writes again');
reset role;
select is((select count(*)::integer from public.user_messages where sender_id = tests.user_id('alice@doors.test')), 31, 'exactly the customer''s 31 accepted messages were stored');

-- The chat, an administrator: 60 a minute, to many customers.
select tests.authenticate_as('admin@doors.test');
select lives_ok($$ select pg_temp.chat('alice@doors.test', 30), pg_temp.chat('bob@doors.test', 30) $$, 'an administrator answers sixty messages in a minute');
select throws_ok($$ select pg_temp.chat('bob@doors.test', 1) $$, 'PT429', null, 'the sixty-first in the minute is refused with PT429');
reset role;
select pg_temp.windows_pass();
select tests.authenticate_as('admin@doors.test');
select lives_ok($$ select pg_temp.chat('bob@doors.test', 1) $$, 'a minute later the administrator writes again');

-- Checkouts: 5 in ten minutes, and 3 pending at once.
select tests.clear_authentication();
select throws_ok($$ select public.claim_checkout() $$, '42501', null, 'anon cannot claim a checkout');
select tests.authenticate_as('alice@doors.test');
select lives_ok($$ select public.claim_checkout(), public.claim_checkout(), public.claim_checkout(), public.claim_checkout(), public.claim_checkout() $$,
  'a customer claims five checkouts in ten minutes');
select throws_ok($$ select public.claim_checkout() $$, 'PT429', 'Too many requests: try again later.', 'the sixth is refused with PT429');
select tests.authenticate_as('bob@doors.test');
select lives_ok($$ select public.claim_checkout() $$, 'another customer is not held back');
reset role;
select pg_temp.windows_pass();
select tests.authenticate_as('alice@doors.test');
select lives_ok($$ select public.claim_checkout() $$, 'once the ten minutes have passed the customer may check out again');
reset role;
insert into public.checkout_sessions (id, user_id, items, total_amount_cents, cgv_version, consent_text, consented_at) values
  ('cs_doors_1', tests.user_id('alice@doors.test'), '[{}]', 100, 1, 'Consentement de test', now()),
  ('cs_doors_2', tests.user_id('alice@doors.test'), '[{}]', 100, 1, 'Consentement de test', now()),
  ('cs_doors_3', tests.user_id('alice@doors.test'), '[{}]', 100, 1, 'Consentement de test', now());
select tests.authenticate_as('alice@doors.test');
select throws_ok($$ select public.claim_checkout() $$, 'PT429', 'Too many checkouts are open: finish or abandon one first.', 'with three pending checkouts open, a fourth is refused with PT429');
reset role;
update public.checkout_sessions set created_at = now() - interval '25 hours' where id = 'cs_doors_1';
select tests.authenticate_as('alice@doors.test');
select lives_ok($$ select public.claim_checkout() $$, 'a pending checkout older than a day no longer counts');
reset role;
update public.checkout_sessions set status = 'completed' where id = 'cs_doors_2';
update public.checkout_sessions set created_at = now() where id = 'cs_doors_1';
select tests.authenticate_as('alice@doors.test');
select lives_ok($$ select public.claim_checkout() $$, 'a completed checkout no longer counts');
reset role;
select is((select hits from private.rate_limits where key = 'checkout:' || tests.user_id('alice@doors.test')), 3, 'refused claims are not counted');
select ok(not exists (select 1 from private.rate_limits where key ~ '203\.0\.113'), 'no counter key holds an address');

select * from finish();
rollback;
