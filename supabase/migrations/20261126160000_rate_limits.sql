-- One rate-limit mechanism for every door a bot can knock on (issue 26): a counter per key and
-- fixed window in `private`, which refuses past its limit with SQLSTATE PT429, PostgREST's way of
-- choosing a status, so the client receives 429 with a JSON error. Keys never hold an address: a
-- user id, or the client address hashed with the visits' daily salt (private.rotate_visit_salt).

-- The client's address as the gateway passes it in `request.headers` ('' when there is none, as
-- in a direct SQL session). Hosted Supabase sits behind Cloudflare, which sets cf-connecting-ip
-- itself (overwriting whatever the client sent); the gateway (Kong, and the local one) appends the
-- peer to x-forwarded-for, whose first entry is the client, and sets x-real-ip.
create function private.request_client_address()
returns text
language sql
stable
set search_path = ''
as $$
  with h as (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb as headers)
  select coalesce(
    h.headers ->> 'cf-connecting-ip',
    nullif(btrim(split_part(h.headers ->> 'x-forwarded-for', ',', 1)), ''),
    h.headers ->> 'x-real-ip',
    '')
  from h
$$;

revoke all on function private.request_client_address() from public, anon, authenticated;

-- The visits read the address from here too (the same function, now sharing it).
create or replace function public.record_page_view(p_path text, p_referrer_host text default null)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  client_address text := private.request_client_address();
  referrer text := lower(nullif(btrim(p_referrer_host), ''));
  today date := private.paris_today();
  this_minute timestamptz := date_trunc('minute', now());
  visitor bytea;
  counted record;
begin
  if p_path is null or char_length(p_path) > 512 then
    raise exception 'record_page_view: the path must be given and at most 512 characters long' using errcode = '22023';
  end if;
  if p_path !~ '^/[A-Za-z0-9._~!$&''()*+,;=:@%/-]*$' then
    raise exception 'record_page_view: the path must start with / and contain only URL path characters' using errcode = '22023';
  end if;
  if referrer is not null and (char_length(referrer) > 261
      or referrer !~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:[0-9]{1,5})?$') then
    raise exception 'record_page_view: the referrer must be a host name (at most 261 characters)' using errcode = '22023';
  end if;

  visitor := sha256(private.rotate_visit_salt() || convert_to(
    concat_ws(E'\n', headers ->> 'host', client_address, left(headers ->> 'user-agent', 512)), 'UTF8'));

  insert into private.daily_visitors as v (visitor_hash, day, minute_start, views_in_minute)
  values (visitor, today, this_minute, 1)
  on conflict (visitor_hash) do update
    set views_in_minute = case when v.minute_start = excluded.minute_start then v.views_in_minute + 1 else 1 end,
        minute_start = excluded.minute_start
  returning v.views_in_minute, (xmax = 0) as is_new into counted;

  if counted.views_in_minute > private.page_views_per_visitor_minute() then
    return false;
  end if;

  insert into private.page_views (path, referrer_host) values (p_path, referrer);
  insert into private.daily_visits as d (day, page_views, visitors)
  values (today, 1, 1)
  on conflict (day) do update
    set page_views = d.page_views + 1, visitors = d.visitors + case when counted.is_new then 1 else 0 end;
  return true;
end;
$$;

-- The client address as a key: sha256 of today's visit salt and the address, in hex. Yesterday's
-- key cannot be linked to today's nor turned back into the address once the salt is rotated.
create function private.client_address_key()
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select encode(sha256(private.rotate_visit_salt() || convert_to('rate-limit' || E'\n' || private.request_client_address(), 'UTF8')), 'hex')
$$;

revoke all on function private.client_address_key() from public, anon, authenticated;

-- A counter per key in its current window; a row whose window has ended is stale and is reset on
-- the next hit or deleted by private.forget_rate_limits().
create table private.rate_limits (
  key text primary key check (char_length(key) between 1 and 200),
  window_ends timestamptz not null,
  hits integer not null check (hits >= 1)
);
create index rate_limits_window_ends_idx on private.rate_limits (window_ends);

revoke all on private.rate_limits from public, anon, authenticated, service_role;

-- Counts one hit for p_key in a window of p_window; past p_limit hits in the window, refuses with
-- PT429 (the refused hit is not counted: the statement's change is undone with the error).
create function private.take_rate_limit(p_key text, p_limit integer, p_window interval)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  counted private.rate_limits;
begin
  insert into private.rate_limits as r (key, window_ends, hits)
  values (p_key, now() + p_window, 1)
  on conflict (key) do update
    set hits = case when r.window_ends <= now() then 1 else r.hits + 1 end,
        window_ends = case when r.window_ends <= now() then now() + p_window else r.window_ends end
  returning r.* into counted;
  if counted.hits > p_limit then
    raise exception 'Too many requests: try again later.'
      using errcode = 'PT429',
            detail = format('At most %s in %s.', p_limit, p_window),
            hint = format('Retry after %s.', to_char(counted.window_ends at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
  end if;
end;
$$;

revoke all on function private.take_rate_limit(text, integer, interval) from public, anon, authenticated;

-- Deletes the counters whose window has ended; run every ten minutes by Supabase Cron.
create function private.forget_rate_limits()
returns void
language sql
security definer
set search_path = ''
as $$ delete from private.rate_limits where window_ends <= now() $$;

revoke all on function private.forget_rate_limits() from public, anon, authenticated;

select cron.schedule('forget-rate-limits', '*/10 * * * *', $$ select private.forget_rate_limits() $$);
