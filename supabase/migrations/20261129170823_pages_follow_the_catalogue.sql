-- A published change of the shop's own catalogue reaches the pre-rendered pages (docs/crawlers.md):
-- the database notes that the pages are stale, and a Supabase Cron job calls the host's build hook
-- (one POST with no body to a secret URL, as Cloudflare Pages' deploy hooks, Netlify's build hooks
-- and Vercel's deploy hooks take it), read from Vault's `pages_build_hook_url`. No URL: nothing is
-- called, and the hourly rebuild still brings the pages in step.
--
-- Debounced: the hook is called once the catalogue has been quiet for 30 seconds, or 10 minutes
-- after the first change not yet built while changes keep coming, so ten edits in a minute make one
-- build. A failed call (an error, a timeout, an answer other than 2xx, no answer at all) is recorded
-- and retried after 1, 2, 4… minutes, at most an hour apart; the operator reads it all in
-- private.pages_freshness.
--
-- Stale means a change the public pages show: a published, not deleted product (or one that was, so
-- unpublishing and deleting count), any row of such a product's page, a collection holding one. Not
-- a draft's edit, nor an update that changes nothing but `updated_at`, nor the stock a payment takes (a sale, not an
-- edit, as the audit skips it: the hourly rebuild and the app's live stock cover it).

-- One row: what the pages miss, and the build hook's last call.
create table private.pages_freshness (
  id boolean primary key default true check (id),
  -- The oldest public change no build has been asked for since; null: the pages follow the catalogue.
  stale_since timestamptz,
  -- The newest public change: the quiet period counts from it.
  last_change_at timestamptz,
  -- The call in flight: pg_net's request id, until the job has read its outcome.
  request_id bigint,
  requested_at timestamptz,
  -- The stale_since the call in flight answers for, put back if the call fails.
  request_stale_since timestamptz,
  last_success_at timestamptz,
  -- Failed calls since the last success, the last one's reason and time: the retries wait on them.
  failed_calls integer not null default 0 check (failed_calls >= 0),
  last_failure text,
  last_failure_at timestamptz,
  check ((request_id is null) = (requested_at is null))
);
insert into private.pages_freshness default values;

comment on table private.pages_freshness is
  'Whether the pre-rendered pages miss a published catalogue change, and the build hook''s last call (one row).';

revoke all on private.pages_freshness from public, anon, authenticated, service_role;

-- Whether a row, as to_jsonb gives it, is a product the public pages show.
create function private.is_shown_product(product jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(product ->> 'status' = 'published' and product ->> 'deleted_at' is null, false)
$$;

revoke all on function private.is_shown_product(jsonb) from public, anon, authenticated, service_role;

create function private.mark_pages_stale()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  row_before jsonb := case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end;
  row_after jsonb := case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end;
  shown boolean;
begin
  -- Nothing changed but the date a child's change or a no-op update moves (the child decides for itself).
  if (row_before - 'updated_at') = (row_after - 'updated_at') then
    return null;
  end if;
  -- The stock a payment takes (private.take_stock_of_paid_items() marks the transaction, as the audit reads it).
  if tg_table_name = 'product_variants' and pg_catalog.pg_trigger_depth() > 1
     and pg_catalog.current_setting('catalogue.taking_stock', true) = 'on'
     and (row_before - 'inventory_quantity') = (row_after - 'inventory_quantity') then
    return null;
  end if;
  shown := case tg_table_name
    when 'products' then private.is_shown_product(row_before) or private.is_shown_product(row_after)
    when 'collections' then exists (
      select 1 from public.product_collections pc join public.products p on p.id = pc.product_id
       where pc.collection_id = coalesce(row_after, row_before) ->> 'id' and p.status = 'published' and p.deleted_at is null)
    else exists (
      select 1 from public.products p
       where p.id in (row_before ->> 'product_id', row_after ->> 'product_id') and p.status = 'published' and p.deleted_at is null)
  end;
  if not shown then
    return null;
  end if;
  -- now() is the transaction's: within one (an import), only its first public change writes the row.
  update private.pages_freshness
     set stale_since = coalesce(stale_since, now()),
         last_change_at = greatest(last_change_at, now())
   where stale_since is null or last_change_at is null or last_change_at < now();
  return null;
end;
$$;

revoke all on function private.mark_pages_stale() from public, anon, authenticated, service_role;

-- One trigger per catalogue table, those the audit records (catalogue_audit): <table>_marks_pages_stale.
do $$
declare
  catalogue_table pg_catalog.pg_class;
begin
  for catalogue_table in
    select c.* from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
     where t.tgfoid = 'private.record_catalogue_change()'::pg_catalog.regprocedure
  loop
    execute format('create trigger %I after insert or update or delete on public.%I for each row execute function private.mark_pages_stale()',
                   catalogue_table.relname || '_marks_pages_stale', catalogue_table.relname);
  end loop;
end;
$$;

-- The job's one step, every minute: reads the outcome of the call in flight, then calls the hook if
-- the pages are stale, quiet long enough (or stale too long), and no failed call is waiting out its
-- delay. Returns what it did, for the operator and the tests.
create function private.call_pages_build_hook()
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  state private.pages_freshness;
  outcome net._http_response;
  hook_url text;
begin
  -- Locked: a catalogue change being written commits first, so the build asked for below sees it.
  select * into state from private.pages_freshness for update;

  if state.request_id is not null then
    select * into outcome from net._http_response r where r.id = state.request_id;
    if outcome.id is null and state.requested_at > now() - interval '5 minutes' then
      return 'waiting for the build hook''s answer';
    end if;
    if outcome.status_code between 200 and 299 then
      update private.pages_freshness
         set request_id = null, requested_at = null, request_stale_since = null, last_success_at = state.requested_at,
             failed_calls = 0, last_failure = null, last_failure_at = null
      returning * into state;
    else
      update private.pages_freshness
         set request_id = null, requested_at = null, request_stale_since = null,
             stale_since = least(stale_since, state.request_stale_since),
             failed_calls = failed_calls + 1,
             last_failure = case
               when outcome.id is null then 'no answer recorded'
               when outcome.status_code is null then coalesce(outcome.error_msg, 'no answer')
               else 'HTTP ' || outcome.status_code || coalesce(': ' || pg_catalog.left(outcome.content, 200), '')
             end,
             last_failure_at = now()
      returning * into state;
    end if;
  end if;

  if state.stale_since is null then
    return 'the pages follow the catalogue';
  end if;
  if state.last_change_at > now() - interval '30 seconds' and state.stale_since > now() - interval '10 minutes' then
    return 'waiting for the changes to settle';
  end if;
  if state.failed_calls > 0
     and state.last_failure_at > now() - least(interval '1 minute' * power(2, least(state.failed_calls - 1, 6)), interval '1 hour') then
    return 'retrying later';
  end if;
  select nullif(pg_catalog.btrim(s.decrypted_secret), '') into hook_url from vault.decrypted_secrets s where s.name = 'pages_build_hook_url';
  if hook_url is null then
    return 'no build hook set';
  end if;

  -- The hosts answer at once and build afterwards: 10 seconds is plenty.
  update private.pages_freshness
     set request_id = net.http_post(url := hook_url, body := null, timeout_milliseconds := 10000),
         requested_at = now(), request_stale_since = stale_since, stale_since = null;
  return 'build hook called';
end;
$$;

comment on function private.call_pages_build_hook() is
  'Calls the host''s build hook (Vault''s pages_build_hook_url) once the pages are stale and the changes have settled; records its outcome.';
revoke all on function private.call_pages_build_hook() from public, anon, authenticated, service_role;

-- The schedule runs as a role that can do one thing, as the other jobs do (docs/operations.md):
-- LOGIN because pg_cron starts each run as the job's user, no password, member of no role.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'rebuild_pages_job') then
    create role rebuild_pages_job login noinherit;
  end if;
end
$$;
comment on role rebuild_pages_job is 'Supabase Cron job rebuild-pages: may only call the build hook when the pages are stale.';
grant usage on schema private to rebuild_pages_job;
grant execute on function private.call_pages_build_hook() to rebuild_pages_job;

grant rebuild_pages_job to postgres;
grant usage on schema cron to rebuild_pages_job;
set role rebuild_pages_job;
select cron.schedule('rebuild-pages', '* * * * *', 'select private.call_pages_build_hook()');
reset role;
revoke usage on schema cron from rebuild_pages_job;
