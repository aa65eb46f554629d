-- « Paiements à vérifier » in the admin area: the administrator reads the payment issues with the
-- buyer's e-mail and both amounts, and marks one handled once they have dealt with it (refund,
-- order made by hand, …). Both are SECURITY DEFINER functions with an explicit administrator
-- check, like admin_dashboard_stats: the buyer's e-mail lives in auth.users, which the API roles
-- cannot read, and anyone but an administrator gets 42501 rather than an empty list.
alter table public.payment_issues
  add column handled_at timestamptz,
  add column handled_by uuid references auth.users (id) on delete set null;

create index payment_issues_handled_by_idx on public.payment_issues (handled_by);

-- Newest first, a page of `max_rows`; amounts in cents: what create-checkout priced, and what the
-- commerce service reported paid (null when it does not know the session).
create function public.admin_payment_issues(max_rows integer default 50)
returns table (
  checkout_session_id text,
  customer_email text,
  reason text,
  priced_amount_cents integer,
  paid_amount_cents integer,
  currency text,
  detected_at timestamptz,
  handled_at timestamptz,
  handled_by_email text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'admin_payment_issues is reserved to administrators' using errcode = '42501';
  end if;
  if max_rows is null or max_rows < 1 or max_rows > 1000 then
    raise exception 'max_rows must be between 1 and 1000' using errcode = '22023';
  end if;

  return query
  select i.checkout_session_id,
         buyer.email::text,
         i.reason,
         c.total_amount_cents,
         case when pg_catalog.jsonb_typeof(i.detail -> 'paid' -> 'total_cents') = 'number'
              then (i.detail -> 'paid' ->> 'total_cents')::integer end,
         c.currency,
         i.detected_at,
         i.handled_at,
         handler.email::text
  from public.payment_issues i
  join public.checkout_sessions c on c.id = i.checkout_session_id
  left join auth.users buyer on buyer.id = i.user_id
  left join auth.users handler on handler.id = i.handled_by
  order by i.detected_at desc, i.checkout_session_id
  limit max_rows;
end;
$$;

revoke all on function public.admin_payment_issues(integer) from public, anon;
grant execute on function public.admin_payment_issues(integer) to authenticated;
comment on function public.admin_payment_issues(integer) is
  'Paiements à vérifier: payment issues newest first with the buyer''s e-mail and amounts. Administrators only (42501 otherwise).';

-- Marks the issue handled by the calling administrator; again on a handled one keeps the first
-- mark. Returns when it was handled; P0002 for a session with no issue.
create function public.mark_payment_issue_handled(issue_session_id text)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  marked timestamptz;
begin
  if not (select private.is_admin()) then
    raise exception 'mark_payment_issue_handled is reserved to administrators' using errcode = '42501';
  end if;

  update public.payment_issues i
     set handled_at = pg_catalog.now(), handled_by = (select auth.uid())
   where i.checkout_session_id = issue_session_id and i.handled_at is null
  returning i.handled_at into marked;
  if marked is null then
    select i.handled_at into marked from public.payment_issues i where i.checkout_session_id = issue_session_id;
  end if;
  if marked is null then
    raise exception 'no payment issue for checkout session %', issue_session_id using errcode = 'P0002';
  end if;
  return marked;
end;
$$;

revoke all on function public.mark_payment_issue_handled(text) from public, anon;
grant execute on function public.mark_payment_issue_handled(text) to authenticated;
comment on function public.mark_payment_issue_handled(text) is
  'Marks a payment issue handled by the calling administrator (the first mark stands). Administrators only (42501 otherwise).';
