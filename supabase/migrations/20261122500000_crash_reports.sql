-- crash_reports: what the crash screen sends when the app fails to render, so its promise that
-- "the team has been notified" is true. Anyone may report (a crash can happen before or without a
-- sign-in); only administrators read. A report is tied to the signed-in account, never to one the
-- client names.
create table public.crash_reports (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  message text not null check (char_length(message) <= 2000 and char_length(btrim(message, e' \t\n\r\f\v\u00a0')) > 0),
  details text check (char_length(details) <= 20000),
  page_url text not null check (char_length(page_url) <= 2000 and page_url ~ '^https?://'),
  user_agent text check (char_length(user_agent) <= 500)
);

create index crash_reports_created_at_idx on public.crash_reports (created_at desc);
create index crash_reports_user_id_idx on public.crash_reports (user_id);

alter table public.crash_reports enable row level security;

create policy "Visitors can report a crash"
  on public.crash_reports for insert to anon
  with check (user_id is null);

create policy "Signed-in users can report their own crash"
  on public.crash_reports for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Administrators can read crash reports"
  on public.crash_reports for select to authenticated
  using ((select private.is_admin()));

revoke all on public.crash_reports from anon, authenticated;
-- Column grants: the id, the date and the account come from the database, not the client.
grant insert (message, details, page_url, user_agent) on public.crash_reports to anon, authenticated;
grant select on public.crash_reports to authenticated;
grant select, insert, update, delete on public.crash_reports to service_role;
