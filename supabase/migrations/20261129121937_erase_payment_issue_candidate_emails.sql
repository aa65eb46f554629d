-- Erasing an account (RGPD art. 17) forgets the person's e-mail among the candidates of the
-- payment issues too. When several of the provider's payments could each be a checkout's, the
-- reconciliation files an `ambiguous` issue whose detail lists them, each with the e-mail typed on
-- the provider's page (detail.candidates[].email, reconcile-checkouts.ts), often the buyer's own;
-- the erasure only detached the issue (20261127110000_account_erasure), so the address outlived
-- the account there. Whatever deletes an auth.users row, the candidates whose e-mail is the
-- account's (compared without regard to case, as the contact messages and the unmatched payments
-- are) keep their id and reference with a null e-mail, in every issue: the person may have paid
-- for another buyer's checkout. The other candidates' addresses are other people's and stay; the
-- issues stay, detached, for the accounts.
--
-- A trigger of its own, after the row is gone, as the unmatched payments' (20261129121413): the
-- erasure's other steps stay as they are. Security definer: GoTrue (supabase_auth_admin) deletes
-- users and may not write the shop's tables.
--
-- Accounts erased before this migration: their address is known only where a checkout of theirs
-- still holds the e-mail it was started under (checkout_sessions.buyer_email of a detached checkout,
-- user_id null; the next migration makes the settled ones forget it). The candidates typed under
-- such an address, in any issue, lose it here, once, unless an account holds that address today.
--
-- Migrations dated 2026-11-29 16:00 to 2026-12-01 run after this one on a fresh database; none of
-- them touches payment_issues, checkout_sessions.buyer_email or the triggers on auth.users.

-- An issue's detail with the candidates typed under one of the addresses (in any letter case)
-- keeping their id and reference, a null e-mail; any other detail as it is.
create function private.forget_payment_issue_candidate_emails(p_detail jsonb, p_emails text[])
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(p_detail -> 'candidates') = 'array' then
      jsonb_set(p_detail, '{candidates}', (
        select coalesce(jsonb_agg(case when lower(c.candidate ->> 'email') in (select lower(e) from unnest(p_emails) e)
                                       then jsonb_set(c.candidate, '{email}', 'null'::jsonb)
                                       else c.candidate end
                                  order by c.position), '[]'::jsonb)
          from jsonb_array_elements(p_detail -> 'candidates') with ordinality as c(candidate, position)))
    else p_detail
  end;
$$;

revoke all on function private.forget_payment_issue_candidate_emails(jsonb, text[]) from public, anon, authenticated, service_role;

-- Whether an issue's detail names one of the addresses (in any letter case) as a candidate's.
create function private.payment_issue_names_candidate_email(p_detail jsonb, p_emails text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_detail -> 'candidates') = 'array'
     and exists (select 1 from jsonb_array_elements(p_detail -> 'candidates') as c(candidate)
                  where lower(c.candidate ->> 'email') in (select lower(e) from unnest(p_emails) e));
$$;

revoke all on function private.payment_issue_names_candidate_email(jsonb, text[]) from public, anon, authenticated, service_role;

create function private.forget_erased_account_in_payment_issues()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.email is not null then
    update public.payment_issues i
       set detail = private.forget_payment_issue_candidate_emails(i.detail, array[old.email::text])
     where private.payment_issue_names_candidate_email(i.detail, array[old.email::text]);
  end if;
  return null;
end;
$$;

revoke all on function private.forget_erased_account_in_payment_issues() from public, anon, authenticated, service_role;

create trigger on_auth_user_erased_payment_issues
  after delete on auth.users
  for each row execute function private.forget_erased_account_in_payment_issues();

-- Once, for the accounts already erased: the addresses their detached checkouts still hold.
with erased as (
  select array_agg(distinct lower(c.buyer_email)) as emails
    from public.checkout_sessions c
   where c.user_id is null and c.buyer_email is not null
     and not exists (select 1 from auth.users u where lower(u.email::text) = lower(c.buyer_email))
)
update public.payment_issues i
   set detail = private.forget_payment_issue_candidate_emails(i.detail, erased.emails)
  from erased
 where erased.emails is not null
   and private.payment_issue_names_candidate_email(i.detail, erased.emails);
