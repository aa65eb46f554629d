-- A product's description is HTML the storefront shows as it is: the database refuses (23514)
-- whatever is outside the editor's canonical form (products_description_allow_list), whoever writes
-- it: the administrator through the API, the service role (the import), the owner (an operator's
-- SQL). Anon and customers write no description at all. A description of every allowed token, and
-- none, are kept as written.
begin;
\ir helpers/setup.psql
select plan(62);

select tests.create_user('alice@description.test', 'Alice');
select tests.create_user('bob@description.test', 'Bob');
select tests.create_user('root@description.test', 'Root');
select tests.make_admin('root@description.test');

insert into public.products (id, title, status, description)
values ('prod_d', 'Éveil', 'published', '<p>Avant</p>');

create table pg_temp.hostile (html text);
insert into pg_temp.hostile values
  ('<script>alert(1)</script>'),
  ('<p>Paix</p><SCRIPT>alert(1)</SCRIPT>'),
  ('<p onclick="alert(1)">Paix</p>'),
  ('<img src="x" onerror="alert(1)">'),
  ('<a href="javascript:alert(1)">lien</a>'),
  ('<a href="https://ok.test" onclick="alert(1)">lien</a>'),
  ('<a href="java&#x09;script:alert(1)">lien</a>'),
  ('<a href="https://ok.test&#34; onclick=&#34;alert(1)">lien</a>'),
  ('<a href="http://ok.test">lien</a>'),
  ('<p style="color:red">Paix</p>'),
  ('<iframe src="https://evil.test"></iframe>'),
  ('<!-- <script>alert(1)</script> --><p>Paix</p>'),
  ('&#60;script&#62;alert(1)&#60;/script&#62;'),
  ('<svg onload=alert(1)>'),
  ('<P>Paix</P>');
grant select on pg_temp.hostile to anon, authenticated, service_role;

-- Each hostile description, written by the role the session is now: refused with 23514.
create function pg_temp.refused_for(who text) returns setof text language plpgsql as $$
declare
  html text;
begin
  for html in select h.html from pg_temp.hostile h loop
    return next throws_ok(format('update public.products set description = %L where id = %L', html, 'prod_d'),
      '23514', null, format('%s: %s is refused', who, html));
  end loop;
end;
$$;
grant execute on function pg_temp.refused_for(text) to anon, authenticated, service_role;

-- Every token the editor writes, a link's address with an escaped ampersand, a non-breaking space.
create function pg_temp.good() returns text language sql immutable as $$
  select '<h2>L’éveil</h2><p>Un <strong>enseignement</strong> <em>simple</em> &amp; profond' || chr(160)
    || ': <a href="https://lumiere.test/a?x=1&amp;y=2">lire</a>, 1 &lt; 2 &gt; 0.<br>Ligne</p>'
    || '<ul><li>Un</li></ul><ol><li>Deux</li></ol><h3>Contact</h3><p><a href="mailto:paix@lumiere.test">écrire</a></p>'
$$;
grant execute on function pg_temp.good() to anon, authenticated, service_role;

-- The administrator, through the API's roles.
select tests.authenticate_as('root@description.test');
select * from pg_temp.refused_for('the administrator');
select throws_ok($$ update public.products set description = '<script>alert(1)</script>' where id = 'prod_d' $$,
  '23514', 'description: ''<script>'' is outside the editor''s allowed HTML', 'the refusal names the first token at fault');
select throws_ok($$ insert into public.products (title, description) values ('Nouveau', '<p onclick="alert(1)">x</p>') $$,
  '23514', null, 'the administrator cannot insert one either');
select lives_ok($$ update public.products set description = pg_temp.good() where id = 'prod_d' $$, 'the administrator writes a good one');
select is((select description from public.products where id = 'prod_d'), pg_temp.good(), 'kept as written');
select lives_ok($$ insert into public.products (id, title, description) values ('prod_d2', 'Nouveau', '<p>Paix</p>') $$,
  'the administrator inserts a product with a good one');
select lives_ok($$ update public.products set description = null where id = 'prod_d2' $$, 'and may leave it without any');

-- The service role: the import, the tests' fixtures.
select tests.authenticate_as_service_role();
select * from pg_temp.refused_for('the service role');
select throws_ok($$ insert into public.products (title, description) values ('Importé', '<iframe src="https://evil.test"></iframe>') $$,
  '23514', null, 'the service role cannot insert one either');
select lives_ok($$ update public.products set description = '<p>Par l''import</p>' where id = 'prod_d' $$, 'the service role writes a good one');
select is((select description from public.products where id = 'prod_d'), '<p>Par l''import</p>', 'kept as written');

-- The owner: an operator's SQL.
reset role;
select * from pg_temp.refused_for('the owner');
select throws_ok($$ insert into public.products (title, description) values ('Opérateur', '<a href="javascript:alert(1)">x</a>') $$,
  '23514', null, 'the owner cannot insert one either');
select lives_ok($$ update public.products set description = pg_temp.good() where id = 'prod_d' $$, 'the owner writes a good one');
select is((select description from public.products where id = 'prod_d'), pg_temp.good(), 'kept as written');

-- Anon and customers write none, good or hostile.
select tests.clear_authentication();
select throws_ok($$ update public.products set description = '<p>Paix</p>' where id = 'prod_d' $$, '42501', null, 'anon cannot write a description');
select throws_ok($$ insert into public.products (title, description) values ('Anon', '<p>Paix</p>') $$, '42501', null, 'anon cannot insert a product');
select tests.authenticate_as('alice@description.test');
update public.products set description = '<script>alert(1)</script>' where id = 'prod_d';
select throws_ok($$ insert into public.products (title, description) values ('Alice', '<p>Paix</p>') $$, '42501', null, 'a customer cannot insert a product');
select tests.authenticate_as('bob@description.test');
update public.products set description = '<p>Par Bob</p>' where id = 'prod_d';
select throws_ok($$ insert into public.products (title, description) values ('Bob', '<p>Paix</p>') $$, '42501', null, 'another customer cannot either');
reset role;
select is((select description from public.products where id = 'prod_d'), pg_temp.good(), 'the customers'' updates changed nothing');

select * from finish();
rollback;
