-- payment_issues: the administrator's « Paiements à vérifier », one row per checkout session the
-- reconciliation could not turn into an order: `mismatch` (the service reports it paid, but not
-- with the lines, total or currency that create-checkout priced) or `unknown_session` (the service
-- does not know it). `detail` keeps what the service answered beside what was priced. Written only
-- by reconcile-checkouts (service role); only administrators read it.
create table public.payment_issues (
  checkout_session_id text primary key references public.checkout_sessions (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  reason text not null check (reason in ('mismatch', 'unknown_session')),
  detail jsonb not null default '{}'::jsonb check (jsonb_typeof(detail) = 'object'),
  detected_at timestamptz not null default now()
);

create index payment_issues_user_id_idx on public.payment_issues (user_id);
create index payment_issues_detected_at_idx on public.payment_issues (detected_at desc);

alter table public.payment_issues enable row level security;

create policy "Administrators can read payment issues"
  on public.payment_issues for select to authenticated
  using ((select private.is_admin()));

revoke all on public.payment_issues from anon, authenticated;
grant select on public.payment_issues to authenticated;
grant select, insert, update, delete on public.payment_issues to service_role;
