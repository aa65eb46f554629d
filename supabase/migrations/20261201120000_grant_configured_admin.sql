-- grant_configured_admin(): set-admin-role's one database call (issue 24: one round trip where
-- one suffices). The function used to find the account by paging GoTrue's admin API, a thousand
-- accounts a page, since that API has no look-up by address, then update the profile and read it
-- again: every signed-in browser session asks once (spec §6), so each cost a page of every
-- thousand accounts the shop has. This finds the account as GoTrue itself finds one by address
-- (lower-cased, not an SSO account) and decides in one statement's transaction.
--
-- The edge function keeps the one check the database cannot make: that the address is listed in
-- its ADMIN_EMAILS secret. Service role only: for anyone else this would be a way to promote any
-- confirmed account.
--
-- Answers what happened, for the function's answer:
-- - 'promoted': the profile was a customer's and is now an administrator's;
-- - 'already_admin': nothing changed;
-- - 'account_not_found', 'profile_not_found';
-- - 'email_not_confirmed': whoever signs up first with the address must also own it, or they
--   could claim the role.
-- Only a profile that is not an administrator's yet is updated, so concurrent calls promote once
-- (the role change is recorded once in admin_role_changes).
create function public.grant_configured_admin(p_email text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid;
  v_confirmed_at timestamptz;
begin
  -- Addresses differing only in case can both exist in older GoTrue data: a confirmed one wins.
  select u.id, u.email_confirmed_at into v_user_id, v_confirmed_at
  from auth.users u
  where lower(u.email) = lower(p_email) and u.is_sso_user = false
  order by u.email_confirmed_at is null, u.created_at
  limit 1;
  if v_user_id is null then
    return 'account_not_found';
  end if;
  if v_confirmed_at is null then
    return 'email_not_confirmed';
  end if;

  update public.profiles set role = 'admin' where id = v_user_id and role <> 'admin';
  if found then
    return 'promoted';
  end if;
  if not exists (select 1 from public.profiles where id = v_user_id) then
    return 'profile_not_found';
  end if;
  return 'already_admin';
end;
$$;

revoke all on function public.grant_configured_admin(text) from public, anon, authenticated;
grant execute on function public.grant_configured_admin(text) to service_role;
