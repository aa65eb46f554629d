-- One rate-limit mechanism for every door a bot can knock on (issue 26): a counter per key and
-- fixed window in `private`, which refuses past its limit with SQLSTATE PT429, PostgREST's way of
-- choosing a status, so the client receives 429 with a JSON error. Keys never hold an address: a
-- user id, or the client address hashed with the visits' daily salt (private.rotate_visit_salt).

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
