-- An erased address stays erased (RGPD art. 17). The erasure forgets the person's e-mail in the
-- unmatched payments and the payment issues' candidates (20261129121413, 20261129121937), but a
-- writer can file it again afterwards: the reconciliation's schedule files the last 3 days' payments
-- with the e-mail typed on the provider's page (a payment made just before the erasure is filed
-- just after it), and a detached checkout that turns ambiguous lists its candidates with theirs.
-- So the shop remembers that an address was erased without keeping it: a keyed hash (HMAC-SHA256
-- of the trimmed, lower-cased address, under a key held in Vault, so the list cannot be checked
-- against guessed addresses without the key), and the database refuses to store an erased address
-- again, whoever writes: the payment keeps a null e-mail, the candidate its id and reference.
--
-- The hashes are kept 30 days, as long as a payment made before the erasure may still reach the
-- shop (the schedule looks 3 days back, a detached checkout is matched for a week, Stripe's events
-- for 30 days), then a daily job forgets them. An address that becomes an account's again is the
-- shop's to hold again: its hash goes at once.
--
-- Triggers of their own on auth.users (after the row goes, as the other erasure steps) and on the
-- two tables. Migrations dated 2026-11-29 16:00 to 2026-12-01 run after this one on a fresh
-- database; none of them touches unmatched_payments, payment_issues or the triggers on auth.users.

-- The key: random, made once per project, never leaving Vault and the definer functions below.
do $$
begin
  if not exists (select 1 from vault.secrets where name = 'erased_email_key') then
    perform vault.create_secret(encode(extensions.gen_random_bytes(32), 'hex'), 'erased_email_key',
                                'HMAC key of private.erased_email_hashes (erased e-mail addresses)');
  end if;
end
$$;

create table private.erased_email_hashes (
  email_hash bytea primary key check (octet_length(email_hash) = 32),
  erased_at timestamptz not null default now()
);

revoke all on private.erased_email_hashes from public, anon, authenticated, service_role;

-- An address's keyed hash: HMAC-SHA256 of the trimmed, lower-cased address under Vault's key.
create function private.erased_email_hash(p_email text)
returns bytea
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  key text := (select s.decrypted_secret from vault.decrypted_secrets s where s.name = 'erased_email_key');
begin
  if key is null then
    raise exception 'the Vault secret erased_email_key is missing' using errcode = '55000';
  end if;
  return extensions.hmac(convert_to(lower(btrim(p_email)), 'UTF8'), decode(key, 'hex'), 'sha256');
end;
$$;

revoke all on function private.erased_email_hash(text) from public, anon, authenticated, service_role;

-- Whether an address (in any letter case, with spaces around) belongs to an erased account.
-- Asks Vault only when some address was erased, which is seldom.
create function private.is_erased_email(p_email text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_email is not null
     and exists (select 1 from private.erased_email_hashes)
     and exists (select 1 from private.erased_email_hashes h where h.email_hash = private.erased_email_hash(p_email));
$$;

revoke all on function private.is_erased_email(text) from public, anon, authenticated, service_role;

-- After the row goes, the account's address is remembered as erased; its hash is taken back when
-- an account holds the address again (a new sign-up, an e-mail change).
create function private.remember_erased_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if old.email is not null then
      insert into private.erased_email_hashes (email_hash) values (private.erased_email_hash(old.email))
      on conflict (email_hash) do update set erased_at = excluded.erased_at;
    end if;
  elsif new.email is not null and exists (select 1 from private.erased_email_hashes) then
    delete from private.erased_email_hashes h where h.email_hash = private.erased_email_hash(new.email);
  end if;
  return null;
end;
$$;

revoke all on function private.remember_erased_email() from public, anon, authenticated, service_role;

create trigger on_auth_user_erased_email_hash
  after delete on auth.users
  for each row execute function private.remember_erased_email();

create trigger on_auth_user_email_held_again
  after insert or update of email on auth.users
  for each row execute function private.remember_erased_email();

-- An unmatched payment typed under an erased address is filed without it.
create function private.refuse_erased_email_in_unmatched_payments()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_erased_email(new.customer_email) then
    new.customer_email := null;
  end if;
  return new;
end;
$$;

revoke all on function private.refuse_erased_email_in_unmatched_payments() from public, anon, authenticated, service_role;

create trigger unmatched_payments_refuse_erased_email
  before insert or update of customer_email on public.unmatched_payments
  for each row execute function private.refuse_erased_email_in_unmatched_payments();

-- A payment issue's candidates typed under an erased address keep their id and reference, a null
-- e-mail; the others keep theirs.
create function private.refuse_erased_email_in_payment_issues()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  erased text[];
begin
  if jsonb_typeof(new.detail -> 'candidates') = 'array' then
    select array_agg(c.candidate ->> 'email') into erased
      from jsonb_array_elements(new.detail -> 'candidates') as c(candidate)
     where private.is_erased_email(c.candidate ->> 'email');
    if erased is not null then
      new.detail := private.forget_payment_issue_candidate_emails(new.detail, erased);
    end if;
  end if;
  return new;
end;
$$;

revoke all on function private.refuse_erased_email_in_payment_issues() from public, anon, authenticated, service_role;

create trigger payment_issues_refuse_erased_email
  before insert or update of detail on public.payment_issues
  for each row execute function private.refuse_erased_email_in_payment_issues();

-- Daily, the hashes older than 30 days go: no payment made before that erasure is still to come.
create function private.forget_erased_email_hashes()
returns void
language sql
security definer
set search_path = ''
as $$ delete from private.erased_email_hashes where erased_at < now() - interval '30 days' $$;

revoke all on function private.forget_erased_email_hashes() from public, anon, authenticated, service_role;

select cron.schedule('forget-erased-emails', '23 3 * * *', $$ select private.forget_erased_email_hashes() $$);
