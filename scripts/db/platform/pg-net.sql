-- pg_net's public interface (its `net` schema, the request queue and the response table, with the
-- real extension's names, columns and types). The extension is not packaged for Debian: the local
-- stack's worker (scripts/stack/pg-net/worker.ts) plays its background worker, woken by the
-- trigger at the end of this file. What differs from the real extension: scripts/stack/pg-net/README.md.
create schema if not exists net;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'net' and t.typname = 'http_method') then
    create domain net.http_method as text check (value ilike 'get' or value ilike 'post' or value ilike 'delete');
  end if;
end
$$;

-- Unlogged, as in the extension: a queued request or a response does not survive a crash.
create unlogged table if not exists net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb not null,
  body bytea,
  timeout_milliseconds integer not null
);

create unlogged table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create index if not exists _http_response_created_idx on net._http_response (created);

-- Percent-encoding of a query parameter (RFC 3986 unreserved characters kept), as the extension's
-- C helper does.
create or replace function net._urlencode_string(string varchar) returns text
language sql immutable strict set search_path = '' as $$
  select coalesce(string_agg(
    case when b < 128 and pg_catalog.chr(b) ~ '^[A-Za-z0-9._~-]$' then pg_catalog.chr(b)
         else '%' || pg_catalog.upper(pg_catalog.lpad(pg_catalog.to_hex(b), 2, '0')) end, '' order by i), '')
  from (
    select i, pg_catalog.get_byte(pg_catalog.convert_to(string, 'UTF8'), i) as b
    from pg_catalog.generate_series(0, pg_catalog.octet_length(pg_catalog.convert_to(string, 'UTF8')) - 1) as i
  ) as bytes
$$;

create or replace function net._encode_url_with_params_array(url text, params_array text[]) returns text
language sql immutable strict set search_path = '' as $$
  select case when pg_catalog.cardinality(params_array) = 0 then url
              else url || case when pg_catalog.strpos(url, '?') > 0 then '&' else '?' end
                       || pg_catalog.array_to_string(params_array, '&') end
$$;

create or replace function net._params_array(params jsonb) returns text[]
language sql immutable set search_path = '' as $$
  select coalesce(pg_catalog.array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  from pg_catalog.jsonb_each_text(coalesce(params, '{}'::jsonb))
$$;

create or replace function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language plpgsql volatile strict parallel safe set search_path = '' as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params_array(url, net._params_array(params)), headers, timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language plpgsql volatile parallel safe set search_path = '' as $$
declare
  request_id bigint;
  content_type text;
begin
  select header_value into content_type
  from pg_catalog.jsonb_each_text(coalesce(headers, '{}'::jsonb)) as h (header_name, header_value)
  where pg_catalog.lower(header_name) = 'content-type'
  limit 1;
  if content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;

  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._encode_url_with_params_array(url, net._params_array(params)), headers,
          pg_catalog.convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

create or replace function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language plpgsql volatile strict parallel safe set search_path = '' as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('DELETE', net._encode_url_with_params_array(url, net._params_array(params)), headers, timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$$;

-- Local only: the real worker is woken inside the server; ours listens on this channel. The
-- notification leaves at commit, so the worker sees only committed requests, as the real one does.
create or replace function net._wake_worker() returns trigger
language plpgsql set search_path = '' as $$
begin
  perform pg_catalog.pg_notify('pg_net_request', '');
  return null;
end
$$;
drop trigger if exists wake_worker on net.http_request_queue;
create trigger wake_worker after insert on net.http_request_queue
  for each statement execute function net._wake_worker();

-- Server-side roles only. Hosted Supabase is wider (execute to anon and authenticated, the tables
-- to PUBLIC since pg_net 0.11.1); nothing here may rely on the API roles reaching `net`.
revoke all on schema net from public;
revoke all on all tables in schema net from public, anon, authenticated;
revoke all on all sequences in schema net from public, anon, authenticated;
revoke all on all functions in schema net from public, anon, authenticated;
grant usage on schema net to postgres, service_role;
grant all on all tables in schema net to postgres, service_role;
grant all on all sequences in schema net to postgres, service_role;
grant execute on function net.http_get(text, jsonb, jsonb, integer), net.http_post(text, jsonb, jsonb, jsonb, integer),
  net.http_delete(text, jsonb, jsonb, integer) to postgres, service_role;
grant execute on function net._urlencode_string(varchar), net._encode_url_with_params_array(text, text[]),
  net._params_array(jsonb), net._wake_worker() to postgres, service_role;
