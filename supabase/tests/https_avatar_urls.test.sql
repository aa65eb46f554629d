-- profiles.avatar_url holds an https URL of at most 2,048 characters or nothing (migration
-- 20261128110000_https_avatar_urls.sql): what a customer may write to their own row is refused
-- with 23514 otherwise, and the service role is held to the same rule, so admin_conversations
-- never hands an administrator anything else.
begin;
\ir helpers/setup.psql
select plan(26);

select tests.create_user('alice@avatar.test', 'Alice');
select tests.create_user('root@avatar.test', 'Root');
select tests.make_admin('root@avatar.test');

select has_function('private', 'is_https_url', array['text'], 'private.is_https_url(text) exists');
select ok(not has_function_privilege('anon', 'private.is_https_url(text)', 'execute'), 'anon may not execute it');

-- What the customer may not store as her avatar.
select tests.authenticate_as('alice@avatar.test');
create temporary table refused (label text, url text);
insert into refused values
  ('a javascript: URL', 'javascript:alert(1)'),
  ('an http URL', 'http://img.test/alice.png'),
  ('a data: URL', 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+'),
  ('an https URL after a space', ' https://img.test/alice.png'),
  ('an https URL before a space', 'https://img.test/alice.png '),
  ('an https URL with a space inside', 'https://img.test/ali ce.png'),
  ('an https URL with a line break', E'https://img.test/alice.png\njavascript:alert(1)'),
  ('an https URL with a quote', 'https://img.test/a.png"onerror="alert(1)'),
  ('an https URL with credentials', 'https://user:secret@img.test/alice.png'),
  ('an https scheme without a host', 'https:///alice.png'),
  ('a relative path', '/alice.png'),
  ('a protocol-relative URL', '//img.test/alice.png'),
  ('an https URL of 2,049 characters', 'https://img.test/' || repeat('a', 2049 - 17));
select throws_ok(format('update public.profiles set avatar_url = %L where id = tests.user_id(%L)', url, 'alice@avatar.test'), '23514', null, 'Alice cannot store ' || label)
  from refused order by label;

select lives_ok($$ update public.profiles set avatar_url = 'https://img.test/alice.png?size=128#top' where id = tests.user_id('alice@avatar.test') $$, 'Alice stores an https URL');
select is((select avatar_url from public.profiles where id = tests.user_id('alice@avatar.test')), 'https://img.test/alice.png?size=128#top', 'and it is her avatar');
select lives_ok($$ update public.profiles set avatar_url = 'https://img.test/' || repeat('a', 2048 - 17) where id = tests.user_id('alice@avatar.test') $$, 'an https URL of exactly 2,048 characters is accepted');
select lives_ok($$ update public.profiles set avatar_url = null where id = tests.user_id('alice@avatar.test') $$, 'Alice removes her avatar');
select lives_ok($$ update public.profiles set avatar_url = 'https://img.test:8443/alice.png' where id = tests.user_id('alice@avatar.test') $$, 'an https URL with a port is accepted');
insert into public.user_messages (sender_id, receiver_id, content) values (tests.user_id('alice@avatar.test'), tests.user_id('root@avatar.test'), 'Bonjour');

-- The rule is the table's, not a policy's: the service role meets it too.
select tests.authenticate_as_service_role();
select throws_ok($$ update public.profiles set avatar_url = 'javascript:alert(1)' where id = tests.user_id('alice@avatar.test') $$, '23514', null, 'the service role cannot store a javascript: URL either');
select throws_ok($$ update public.profiles set avatar_url = 'http://img.test/alice.png' where id = tests.user_id('alice@avatar.test') $$, '23514', null, 'nor an http URL');

-- What the administrator's inbox hands out.
select tests.authenticate_as('root@avatar.test');
select throws_ok($$ update public.profiles set avatar_url = 'javascript:alert(1)' where id = tests.user_id('root@avatar.test') $$, '23514', null, 'the administrator cannot store a javascript: URL as his own avatar');
select is((select avatar_url from public.admin_conversations(200) where customer_id = tests.user_id('alice@avatar.test')), 'https://img.test:8443/alice.png', 'admin_conversations gives Alice''s https avatar');
select is_empty($$ select 1 from public.admin_conversations(200) where avatar_url is not null and not private.is_https_url(avatar_url) $$, 'admin_conversations carries no avatar that is not an https URL');
select is_empty($$ select 1 from public.profiles where avatar_url is not null and not private.is_https_url(avatar_url) $$, 'no profile holds one');

select * from finish();
rollback;
