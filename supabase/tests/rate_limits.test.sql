-- The rate-limit primitive (private.take_rate_limit): a counter per key and window that refuses
-- past its limit with PT429, starts again once the window has ended, keeps keys apart, forgets
-- ended windows; keys for anonymous writes are salted hashes, never the address; nothing of it is
-- reachable by an API role.
begin;
\ir helpers/setup.psql
select plan(20);

-- Ends every window at once, as if its time had passed.
create function pg_temp.windows_pass() returns void language sql as $$
  update private.rate_limits set window_ends = now() - interval '1 second'
$$;

select lives_ok($$ select private.take_rate_limit('t:a', 3, interval '1 minute') $$, 'a first hit is accepted');
select lives_ok($$ select private.take_rate_limit('t:a', 3, interval '1 minute') $$, 'a second hit is accepted');
select lives_ok($$ select private.take_rate_limit('t:a', 3, interval '1 minute') $$, 'the third hit, the limit, is accepted');
select throws_ok($$ select private.take_rate_limit('t:a', 3, interval '1 minute') $$, 'PT429', 'Too many requests: try again later.', 'the fourth hit in the window is refused with PT429');
select is((select hits from private.rate_limits where key = 't:a'), 3, 'a refused hit is not counted');
select ok((select window_ends between now() + interval '59 seconds' and now() + interval '1 minute' from private.rate_limits where key = 't:a'), 'the window ends one window after its first hit');
select lives_ok($$ select private.take_rate_limit('t:b', 3, interval '1 minute') $$, 'another key has its own counter');

select pg_temp.windows_pass();
select lives_ok($$ select private.take_rate_limit('t:a', 3, interval '1 minute') $$, 'once the window has ended, a hit is accepted again');
select is((select hits from private.rate_limits where key = 't:a'), 1, 'and counts from one in a new window');

select private.forget_rate_limits();
select is((select count(*)::integer from private.rate_limits where key in ('t:a', 't:b')), 1, 'forget_rate_limits deletes the ended window (t:b) and keeps the current one (t:a)');
select is((select schedule from cron.job where jobname = 'forget-rate-limits'), '*/10 * * * *', 'Supabase Cron forgets ended windows every ten minutes');

-- The client address, read from the headers the gateway sets; the key is a hash of it.
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.7, 10.0.0.1", "x-real-ip": "10.0.0.1"}', true);
select is(private.request_client_address(), '203.0.113.7', 'the address is the first entry of x-forwarded-for');
create temporary table first_key as select private.client_address_key() as key;
select set_config('request.headers', '{"cf-connecting-ip": "198.51.100.2", "x-forwarded-for": "203.0.113.7, 10.0.0.1"}', true);
select is(private.request_client_address(), '198.51.100.2', 'cf-connecting-ip (hosted, set by Cloudflare) comes first');
select isnt(private.client_address_key(), (select key from first_key), 'two addresses have two keys');
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.7"}', true);
select is(private.client_address_key(), (select key from first_key), 'one address has one key the same day');
select ok((select key ~ '^[0-9a-f]{64}$' and strpos(key, '203.0.113.7') = 0 and key <> encode(sha256(convert_to('203.0.113.7', 'UTF8')), 'hex') from first_key),
  'the key is a salted hex sha256: neither the address nor its bare hash');

select tests.clear_authentication();
select throws_ok($$ select private.take_rate_limit('t:x', 1, interval '1 minute') $$, '42501', null, 'anon cannot call the primitive');
select tests.create_user('alice@limits.test');
select tests.authenticate_as('alice@limits.test');
select throws_ok($$ select private.take_rate_limit('t:x', 1, interval '1 minute') $$, '42501', null, 'a customer cannot call the primitive');
select throws_ok($$ select * from private.rate_limits $$, '42501', null, 'a customer cannot read the counters');
select tests.authenticate_as_service_role();
select throws_ok($$ select * from private.rate_limits $$, '42501', null, 'the service role cannot read the counters');

select * from finish();
rollback;
