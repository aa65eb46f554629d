-- record_page_view(): the one way in for visits. Callable by everyone; bounded input refused
-- with 22023; no IP address, cookie or identifier stored; unique visitors by a daily-salted hash;
-- at most 20 counted views per visitor and minute; the salt rotates and takes the day's hashes
-- with it; none of the visit tables readable by an API role.
begin;
\ir helpers/setup.psql
select plan(38);

select tests.create_user('admin@visits.test');
select tests.make_admin('admin@visits.test');
select tests.create_user('alice@visits.test');

create function pg_temp.as_browser(address text, agent text) returns void language sql as $$
  select set_config('request.headers', json_build_object('host', 'shop.test', 'x-forwarded-for', address || ', 10.0.0.1',
    'user-agent', agent, 'cookie', 'sb-session=secret')::text, true)
$$;
create temporary table visits_before as select coalesce(sum(page_views), 0) as views, coalesce(sum(visitors), 0) as visitors
  from private.daily_visits where day = private.paris_today();
create function pg_temp.counted(out views bigint, out visitors bigint) language sql as $$
  select coalesce(sum(d.page_views), 0) - (select b.views from visits_before b), coalesce(sum(d.visitors), 0) - (select b.visitors from visits_before b)
  from private.daily_visits d where d.day = private.paris_today()
$$;
grant execute on function pg_temp.as_browser(text, text) to anon, authenticated;

-- Shape and rights.
select has_function('public', 'record_page_view', array['text', 'text'], 'record_page_view(path, referrer host) exists');
select is_definer('public', 'record_page_view', array['text', 'text'], 'it runs as its owner: the visit tables stay closed');
select ok(has_function_privilege('anon', 'public.record_page_view(text, text)', 'execute'), 'anon may call it');
select ok(has_function_privilege('authenticated', 'public.record_page_view(text, text)', 'execute'), 'signed-in users may call it');
select columns_are('private', 'page_views', array['id', 'created_at', 'path', 'referrer_host'],
  'a page view keeps its time, path and referrer host: no address, cookie, agent or visitor hash');
select columns_are('private', 'daily_visits', array['day', 'page_views', 'visitors'], 'a past day keeps only its totals');

-- As anon, as a customer, as the administrator: each view counts.
select tests.clear_authentication();
select pg_temp.as_browser('203.0.113.7', 'Firefox');
select ok(public.record_page_view('/store', 'www.qwant.com'), 'anon''s page view is counted');
select tests.authenticate_as('alice@visits.test');
select pg_temp.as_browser('203.0.113.8', 'Safari');
select ok(public.record_page_view('/product/123', null), 'a customer''s page view is counted');
select tests.authenticate_as('admin@visits.test');
select pg_temp.as_browser('203.0.113.9', 'Chrome');
select ok(public.record_page_view('/', ''), 'the administrator''s page view is counted (an empty referrer is none)');
reset role;
select results_eq($$ select path, referrer_host from private.page_views order by id desc limit 3 $$,
  $$ values ('/'::text, null::text), ('/product/123', null), ('/store', 'www.qwant.com') $$, 'each view keeps its path and referrer host, nothing else');
select is((select views from pg_temp.counted()), 3::bigint, 'three views counted for today');
select is((select visitors from pg_temp.counted()), 3::bigint, 'three different browsers are three visitors');

-- The same browser again is the same visitor; another agent at the same address is another.
select tests.clear_authentication();
select pg_temp.as_browser('203.0.113.7', 'Firefox');
select ok(public.record_page_view('/about', 'WWW.Qwant.com'), 'the same browser''s second view is counted');
select pg_temp.as_browser('203.0.113.7', 'Firefox Mobile');
select ok(public.record_page_view('/about', null), 'another browser at that address is counted');
reset role;
select is((select visitors from pg_temp.counted()), 4::bigint, 'the same browser counts once a day, another agent at the same address apart');
select is((select referrer_host from private.page_views order by id desc offset 1 limit 1), 'www.qwant.com', 'the referrer host is kept in lower case');
select is((select count(*)::integer from private.daily_visitors where day = private.paris_today()) >= 4, true, 'today''s visitors are hashes');
select is((select min(octet_length(visitor_hash)) from private.daily_visitors), 32, 'each a sha256, from which no address can be read back');

-- Cloudflare's header, where hosted Supabase has it, names the client before X-Forwarded-For.
select set_config('request.headers', '{"host":"shop.test","cf-connecting-ip":"198.51.100.1","x-forwarded-for":"203.0.113.7","user-agent":"Firefox"}', true);
select tests.clear_authentication();
select ok(public.record_page_view('/', null), 'a view through Cloudflare is counted');
reset role;
select is((select visitors from pg_temp.counted()), 5::bigint, 'its client is cf-connecting-ip, not the forwarded address');

-- Bounds.
select tests.clear_authentication();
select throws_ok($$ select public.record_page_view(null, null) $$, '22023', 'record_page_view: the path must be given and at most 512 characters long', 'a missing path is refused');
select throws_ok($$ select public.record_page_view('/' || repeat('a', 512), null) $$, '22023', 'record_page_view: the path must be given and at most 512 characters long', 'a path over 512 characters is refused');
select ok(public.record_page_view('/' || repeat('a', 511), null), 'a path of exactly 512 characters is counted');
select throws_ok($$ select public.record_page_view('store', null) $$, '22023', 'record_page_view: the path must start with / and contain only URL path characters', 'a path not starting with / is refused');
select throws_ok($$ select public.record_page_view(E'/store\n<script>', null) $$, '22023', 'record_page_view: the path must start with / and contain only URL path characters', 'a path with spaces or markup is refused');
select throws_ok($$ select public.record_page_view('/', 'https://evil.test/x') $$, '22023', 'record_page_view: the referrer must be a host name (at most 261 characters)', 'a referrer that is a URL, not a host, is refused');
select throws_ok($$ select public.record_page_view('/', repeat('a', 60) || '.' || repeat('b', 60) || '.' || repeat('c', 60) || '.' || repeat('d', 60) || '.' || repeat('e', 60) || '.example') $$,
  '22023', 'record_page_view: the referrer must be a host name (at most 261 characters)', 'a referrer over 261 characters is refused');
select ok(public.record_page_view('/', '127.0.0.1:5173'), 'a referrer host with a port is counted');

-- The rate limit: a new browser gets 20 counted views this minute, then none.
select pg_temp.as_browser('192.0.2.50', 'Robot');
select is((select count(*)::integer from generate_series(1, 25) where public.record_page_view('/store', null)), 20,
  'one visitor counts at most 20 views a minute');
select is(public.record_page_view('/store', null), false, 'the 26th view this minute is not counted, and says so');
select pg_temp.as_browser('192.0.2.51', 'Robot');
select ok(public.record_page_view('/store', null), 'another visitor is still counted');

-- Out of every API role's reach, administrators included.
select tests.clear_authentication();
select throws_ok($$ select * from private.page_views $$, '42501', null, 'anon cannot read the page views');
select tests.authenticate_as('alice@visits.test');
select throws_ok($$ select * from private.visit_salts $$, '42501', null, 'a customer cannot read the salts');
select tests.authenticate_as('admin@visits.test');
select throws_ok($$ select * from private.daily_visitors $$, '42501', null, 'the administrator cannot read the visitors'' hashes');
select throws_ok($$ select private.rotate_visit_salt() $$, '42501', null, 'nor rotate the salt');
reset role;

-- Rotation: a day's salt and hashes are gone once the next day's salt exists.
delete from private.visit_salts where day = private.paris_today();
insert into private.visit_salts (day, salt) values (private.paris_today() - 1, extensions.gen_random_bytes(32));
insert into private.daily_visitors (visitor_hash, day, minute_start, views_in_minute) values (extensions.gen_random_bytes(32), private.paris_today() - 1, now() - interval '1 day', 1);
select private.rotate_visit_salt();
select results_eq($$ select day from private.visit_salts $$, $$ values (private.paris_today()) $$, 'after the rotation only today''s salt is left');
select is((select count(*)::integer from private.daily_visitors where day < private.paris_today()), 0, 'and yesterday''s visitor hashes are deleted with yesterday''s salt');
select is((select schedule from cron.job where jobname = 'rotate-visit-salt'), '7 * * * *', 'Supabase Cron rotates the salt every hour, visitors or not');

select * from finish();
rollback;
