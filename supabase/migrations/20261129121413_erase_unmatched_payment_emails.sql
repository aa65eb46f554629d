-- Erasing an account (RGPD art. 17) forgets the person's e-mail in the payments no checkout claimed
-- too. The reconciliation files such a payment (public.unmatched_payments) with the e-mail typed on
-- the provider's page, often the account's own; the erasure of 20261127110000_account_erasure did
-- not know that table, so the address outlived the account there. Whatever deletes an auth.users
-- row, the payments filed under its e-mail (compared without regard to case, as the contact
-- messages are) lose it. The rows stay: they are the provider's payments, kept for the accounts
-- and still to be attached by the administrator, by their amount, lines and date.
--
-- A trigger of its own, after the row is gone, rather than another version of
-- private.erase_account_data(): the erasure's other steps stay as they are. Security definer, as
-- the erasure's other triggers: GoTrue (supabase_auth_admin) deletes users and may not write the
-- shop's tables. Migrations dated 2026-11-29 16:00 to 2026-12-01 run after this one on a fresh
-- database; none of them touches unmatched_payments or the triggers on auth.users.

create function private.forget_erased_account_in_unmatched_payments()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.email is not null then
    update public.unmatched_payments p
       set customer_email = null
     where lower(p.customer_email) = lower(old.email);
  end if;
  return null;
end;
$$;

revoke all on function private.forget_erased_account_in_unmatched_payments() from public, anon, authenticated, service_role;

create trigger on_auth_user_erased_unmatched_payments
  after delete on auth.users
  for each row execute function private.forget_erased_account_in_unmatched_payments();
