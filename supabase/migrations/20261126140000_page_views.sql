-- Visits, counted without tracking people (ARCHITECTURE "Security model"): a page view keeps its
-- time, its path and the referring site's host, never an IP address, a cookie or any identifier.
-- Unique visitors are counted as privacy-first analytics (Plausible) do: a visitor is
-- sha256(daily salt ‖ site ‖ client address ‖ user agent), computed here from the headers the API
-- passes in `request.headers`; the salt is random, replaced each day (Paris time) and the old one
-- deleted with the day's hashes, so yesterday's visitor cannot be linked to today's.
--
-- Everything lives in `private`, which the API does not expose and where no API role is granted
-- anything: public.record_page_view() is the only way in.

create function private.paris_today()
returns date
language sql
stable
set search_path = ''
as $$ select (now() at time zone 'Europe/Paris')::date $$;

-- One salt per day; only the current day's survives a rotation.
create table private.visit_salts (
  day date primary key,
  salt bytea not null check (octet_length(salt) = 32)
);

create table private.page_views (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  path text not null check (char_length(path) between 1 and 512),
  referrer_host text check (referrer_host is null or char_length(referrer_host) between 1 and 261)
);
create index page_views_created_at_idx on private.page_views (created_at);

-- Today's visitors (their salted hashes) and how often each was counted in its current minute.
-- Deleted with the day's salt; what survives a day is only its totals in private.daily_visits.
create table private.daily_visitors (
  visitor_hash bytea primary key,
  day date not null,
  minute_start timestamptz not null,
  views_in_minute integer not null check (views_in_minute >= 1)
);
create index daily_visitors_day_idx on private.daily_visitors (day);

-- Each day's totals: page views counted and distinct visitors, kept by record_page_view.
create table private.daily_visits (
  day date primary key,
  page_views integer not null default 0 check (page_views >= 0),
  visitors integer not null default 0 check (visitors >= 0)
);

-- Like the other private tables: no grant to any API role (the schema is not exposed either).
revoke all on private.visit_salts, private.page_views, private.daily_visitors, private.daily_visits
  from public, anon, authenticated, service_role;

-- Today's salt, made on first use; a new day's salt deletes the earlier salts and hashes. Also run
-- every hour by Supabase Cron, so an old salt does not outlive its day when nobody visits.
create function private.rotate_visit_salt()
returns bytea
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := private.paris_today();
  current_salt bytea;
begin
  select s.salt into current_salt from private.visit_salts s where s.day = today;
  if current_salt is not null then
    return current_salt;
  end if;
  insert into private.visit_salts (day, salt) values (today, extensions.gen_random_bytes(32))
  on conflict (day) do nothing;
  delete from private.visit_salts where day < today;
  delete from private.daily_visitors where day < today;
  select s.salt into current_salt from private.visit_salts s where s.day = today;
  return current_salt;
end;
$$;

revoke all on function private.rotate_visit_salt() from public, anon, authenticated;

-- Views one visitor may add per minute; more are not counted (reloads, scripts).
create function private.page_views_per_visitor_minute()
returns integer
language sql
immutable
set search_path = ''
as $$ select 20 $$;

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

-- Counts one page view: the path (as the address bar shows it, percent-encoded, at most 512
-- characters) and the referring site's host name (lower case, optional port, at most 261), both
-- checked (22023 with the reason otherwise). Returns false when the visitor already counted
-- page_views_per_visitor_minute() views this minute, true when counted.
create function public.record_page_view(p_path text, p_referrer_host text default null)
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

revoke all on function public.record_page_view(text, text) from public;
grant execute on function public.record_page_view(text, text) to anon, authenticated;

comment on function public.record_page_view(text, text) is
  'Counts a page view (path, referrer host) without IP address or cookie; unique visitors by a daily-salted hash; at most 20 per visitor and minute.';

select cron.schedule('rotate-visit-salt', '7 * * * *', $$ select private.rotate_visit_salt() $$);
