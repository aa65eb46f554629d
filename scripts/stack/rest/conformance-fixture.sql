-- The REST conformance fixture: a small chat schema of its own (not the shop's), loaded into a
-- throwaway database, exercising each PostgREST feature the conformance tests check. Every
-- object is open to anon: the tests are about PostgREST's protocol, not about access rules.
create table users (id int primary key, username text not null unique, age int);
create table channels (id int primary key, name text not null, owner_id int references users (id));
create table messages (
  id serial primary key,
  channel_id int not null references channels (id),
  sender_id int not null references users (id),
  body text not null,
  likes int not null default 0
);
-- users ↔ channels, many-to-many: the junction's foreign-key columns make up its primary key.
create table memberships (
  user_id int references users (id),
  channel_id int references channels (id),
  role text not null default 'member',
  primary key (user_id, channel_id)
);
-- Two foreign keys to the same table: embedding `users` from here is ambiguous.
create table reports (
  id int primary key,
  reporter_id int not null references users (id),
  reported_id int not null references users (id),
  reason text
);
-- A view over messages: its channel_id and sender_id keep the base table's foreign keys.
create view message_view as select id as message_id, channel_id, sender_id as author_id, body from messages;

-- Defaults for Prefer: missing=default, a sequence among them.
create sequence ticket_codes;
create table tickets (
  id int primary key,
  code int not null default nextval('ticket_codes'),
  label text not null default 'sans titre'
);
-- Writes that a `Prefer: tx=rollback` must leave out.
create table notes (id int primary key, body text not null);

-- Computed field: a function taking the table's row type.
create function blurb_message(messages) returns text language sql stable as $$ select left($1.body, 5) || '…' $$;
-- Computed relationships: set-returning (to-many) and single-row (to-one) functions of a row.
create function get_messages(channels) returns setof messages language sql stable rows 10 as $$
  select * from messages where channel_id = $1.id order by id
$$;
create function owner_of(channels) returns users language sql stable as $$
  select * from users where id = $1.owner_id
$$;

-- RPC: a table's rows, which embeds follow from.
create function channel_messages(channel int) returns setof messages language sql stable as $$
  select * from messages where channel_id = channel order by id
$$;
-- RPC with one unnamed parameter: the body as it is sent.
create function echo_text(text) returns text language sql immutable as $$ select 'text:' || $1 $$;
create function echo_bytes(bytea) returns int language sql immutable as $$ select length($1) $$;
create function echo_json(json) returns json language sql immutable as $$ select json_build_object('got', $1) $$;
-- RPC that writes: Prefer: max-affected counts the rows it returns.
create function like_all(channel int) returns setof messages language sql volatile as $$
  update messages set likes = likes + 1 where channel_id = channel returning *
$$;
-- Overloads that only their argument types tell apart: PGRST203.
create function describe(value int) returns text language sql immutable as $$ select 'int' $$;
create function describe(value text) returns text language sql immutable as $$ select 'text' $$;

insert into users values (1, 'ada', 36), (2, 'brahim', 24), (3, 'chloe', 30);
insert into channels values (10, 'general', 1), (20, 'random', 2), (30, 'empty', null);
insert into messages (channel_id, sender_id, body, likes) values
  (10, 1, 'bonjour à tous', 3), (10, 2, 'salut ada', 1), (20, 2, 'un lien amusant', 5), (20, 3, 'merci', 0);
insert into memberships (user_id, channel_id, role) values (1, 10, 'owner'), (2, 10, 'member'), (2, 20, 'owner'), (3, 20, 'member');
insert into reports values (1, 2, 3, 'spam');
insert into notes values (1, 'existing');

grant usage on schema public to anon, authenticated, service_role;
grant all on all tables in schema public to anon, authenticated, service_role;
grant all on all sequences in schema public to anon, authenticated, service_role;
grant execute on all functions in schema public to anon, authenticated, service_role;

-- A second exposed schema, reached with Accept-Profile / Content-Profile.
create schema archive;
create table archive.old_messages (id int primary key, body text not null);
create function archive.count_old() returns bigint language sql stable as $$ select count(*) from archive.old_messages $$;
insert into archive.old_messages values (1, 'archivé');
grant usage on schema archive to anon, authenticated, service_role;
grant all on all tables in schema archive to anon, authenticated, service_role;
grant execute on all functions in schema archive to anon, authenticated, service_role;
