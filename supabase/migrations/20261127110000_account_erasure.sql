-- Erasing an account (RGPD art. 17, issue #22). Whatever deletes a row of auth.users (the
-- customer's « Supprimer mon compte » through the delete-account function and erase_account(),
-- GoTrue's DELETE /admin/users/{id}, the dashboard, an operator's SQL), the database erases the
-- person and keeps what accounting law requires for ten years, detached from them:
--
-- - orders and their items stay (invoices, code de commerce L123-22), with no user id; the buyer's
--   name is frozen on the order (orders.invoice_buyer) for the invoice, and nowhere else;
-- - payment issues (« Paiements à vérifier »: money received that matched no order) stay, with no
--   user id, and so do their checkout sessions; the person's other checkout sessions are deleted;
-- - the profile, chat messages and chat activity, download history, account directory row, auth
--   identities and sessions go by the existing cascades; crash reports they sent, contact messages
--   sent from their address and rate-limit counters keyed by their id are deleted here;
-- - admin_role_changes is append-only history, kept for security audits: the person's id, as the
--   account whose role changed or as the administrator who changed one, is replaced by
--   private.erased_account_id() (the nil uuid; a null changed_by already means "the service role
--   or an operator"), so "an account, since erased, was made administrator by X" stays provable
--   while no row points to the person. Deleting those rows instead would let an administrator
--   erase the trace of a grant by erasing the account.
-- Counts derived from erased rows (checkouts, downloads and new accounts per day) follow them out
-- of the analytics rollups through their triggers; paid revenue does not change.

create function private.erased_account_id()
returns uuid
language sql
immutable
set search_path = ''
as $$
  select '00000000-0000-0000-0000-000000000000'::uuid;
$$;

revoke all on function private.erased_account_id() from public, anon, authenticated;

-- Orders outlive their buyer's account.
alter table public.orders
  alter column user_id drop not null,
  drop constraint orders_user_id_fkey,
  add constraint orders_user_id_fkey foreign key (user_id) references auth.users (id) on delete set null,
  -- The buyer as the invoice names them once their account is erased: {"full_name": …}.
  add column invoice_buyer jsonb check (invoice_buyer is null or jsonb_typeof(invoice_buyer) = 'object'),
  add constraint orders_detached_keep_buyer check (user_id is not null or invoice_buyer is not null);

-- Payment issues, and the checkout sessions they are about, outlive the buyer's account too.
alter table public.payment_issues
  alter column user_id drop not null,
  drop constraint payment_issues_user_id_fkey,
  add constraint payment_issues_user_id_fkey foreign key (user_id) references auth.users (id) on delete set null;

alter table public.checkout_sessions
  alter column user_id drop not null,
  drop constraint checkout_sessions_user_id_fkey,
  add constraint checkout_sessions_user_id_fkey foreign key (user_id) references auth.users (id) on delete set null;

-- Before the row goes (its profile still readable): detach what stays, delete what goes and is not
-- reached by a cascade.
create function private.erase_account_data()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.orders o
     set invoice_buyer = jsonb_build_object('full_name', (select p.full_name from public.profiles p where p.id = old.id)),
         user_id = null
   where o.user_id = old.id;
  -- A stamped copy's path names its buyer (buyers/<user id>/…); delete-account removes the object.
  update public.order_items i
     set stamped_path = null
   where i.stamped_path like 'buyers/' || old.id::text || '/%';
  delete from public.checkout_sessions c
   where c.user_id = old.id
     and not exists (select 1 from public.payment_issues i where i.checkout_session_id = c.id);
  update public.checkout_sessions c set user_id = null where c.user_id = old.id;
  update public.payment_issues i set user_id = null where i.user_id = old.id;
  delete from public.crash_reports r where r.user_id = old.id;
  if old.email is not null then
    delete from public.contact_messages m where lower(m.email) = lower(old.email);
  end if;
  delete from private.rate_limits r where position(old.id::text in r.key) > 0;
  return old;
end;
$$;

revoke all on function private.erase_account_data() from public, anon, authenticated, service_role;

create trigger on_auth_user_erased
  before delete on auth.users
  for each row execute function private.erase_account_data();

-- admin_role_changes stays append-only except for one rewrite: replacing the id of an account
-- that no longer exists by private.erased_account_id(). Every other column, and every other
-- change, is refused as before.
create function private.refuse_history_rewrite_but_erasure()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  erased uuid := private.erased_account_id();
begin
  if (new.id, new.changed_at, new.old_role, new.new_role) is not distinct from (old.id, old.changed_at, old.old_role, old.new_role)
     and (new.user_id = old.user_id
          or (new.user_id = erased and not exists (select 1 from auth.users u where u.id = old.user_id)))
     and (new.changed_by is not distinct from old.changed_by
          or (new.changed_by = erased and not exists (select 1 from auth.users u where u.id = old.changed_by))) then
    return new;
  end if;
  raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = '42501';
end;
$$;

revoke all on function private.refuse_history_rewrite_but_erasure() from public, anon, authenticated, service_role;

drop trigger admin_role_changes_append_only on public.admin_role_changes;

create trigger admin_role_changes_append_only
  before delete on public.admin_role_changes
  for each row execute function private.refuse_history_rewrite();

create trigger admin_role_changes_erasure_only
  before update on public.admin_role_changes
  for each row execute function private.refuse_history_rewrite_but_erasure();

-- The owner (who runs the trigger below) may write those two columns, and the trigger above lets
-- only an erased account's id be replaced.
grant update (user_id, changed_by) on public.admin_role_changes to current_user;

-- After the row is gone, so the trigger above sees the account no longer exists.
create function private.forget_erased_account_in_role_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.admin_role_changes c set user_id = private.erased_account_id() where c.user_id = old.id;
  update public.admin_role_changes c set changed_by = private.erased_account_id() where c.changed_by = old.id;
  return null;
end;
$$;

revoke all on function private.forget_erased_account_in_role_history() from public, anon, authenticated, service_role;

create trigger on_auth_user_erased_role_history
  after delete on auth.users
  for each row execute function private.forget_erased_account_in_role_history();

-- erase_account(user id): the delete-account function's single step in the database, after it
-- checked the caller's password with GoTrue; executable by the service role only, so a customer or
-- an administrator cannot erase anyone through the API, not even themselves without their password.
-- Returns the storage objects that named the person (their stamped copies, buyers/<id>/…), for the
-- function to remove. Refuses to erase the last administrator (PT409), locking the administrators'
-- rows first as admin_set_role() does, so two administrators erasing themselves at once never leave
-- none. PT404 for an unknown account.
create function public.erase_account(p_user_id uuid)
returns text[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  was_admin boolean;
  copies text[];
begin
  perform 1 from public.profiles p where p.role = 'admin' order by p.id for update;
  select p.role = 'admin' into was_admin from public.profiles p where p.id = p_user_id for update;
  if not found then
    raise exception 'Compte introuvable.' using errcode = 'PT404';
  end if;
  if was_admin and not exists (select 1 from public.profiles p where p.role = 'admin' and p.id <> p_user_id) then
    raise exception 'Impossible de supprimer ce compte : la boutique doit garder au moins un administrateur.'
      using errcode = 'PT409';
  end if;

  select coalesce(array_agg(i.stamped_path order by i.stamped_path), '{}') into copies
    from public.order_items i
    join public.orders o on o.id = i.order_id
   where o.user_id = p_user_id and i.stamped_path is not null;

  delete from auth.users u where u.id = p_user_id;
  return copies;
end;
$$;

revoke all on function public.erase_account(uuid) from public, anon, authenticated;
grant execute on function public.erase_account(uuid) to service_role;

comment on function public.erase_account(uuid) is
  'Erases an account (never the last administrator, PT409), keeping its orders and payment issues detached; returns the storage paths to remove. Service role only (delete-account).';

-- columns_holding(value): where a value still occurs, as 'schema.table.column', in every base
-- table's uuid, text, character, JSON or name column (and arrays of them) of every schema but the
-- catalogue's and temporary ones, compared as text without regard to case. Checks an erasure
-- (pgTAP, the contract tests, an operator) without listing tables, so a table added later is
-- covered without changing anything. Reads every column: an operator's tool, never the API's.
create function private.columns_holding(p_value text)
returns setof text
language plpgsql
stable
set search_path = ''
as $$
declare
  col record;
  hit boolean;
begin
  for col in
    select c.table_schema, c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where t.table_type = 'BASE TABLE'
       and c.table_schema not in ('pg_catalog', 'information_schema')
       and c.table_schema not like 'pg\_temp%' and c.table_schema not like 'pg\_toast%'
       and c.udt_name in ('uuid', 'text', 'varchar', 'bpchar', 'json', 'jsonb', 'citext', 'name',
                          '_uuid', '_text', '_varchar', '_bpchar', '_json', '_jsonb', '_citext')
     order by 1, 2, 3
  loop
    execute format('select exists (select 1 from %I.%I where strpos(lower(%I::text), lower($1)) > 0)',
                   col.table_schema, col.table_name, col.column_name)
      into hit using p_value;
    if hit then
      return next format('%s.%s.%s', col.table_schema, col.table_name, col.column_name);
    end if;
  end loop;
end;
$$;

revoke all on function private.columns_holding(text) from public, anon, authenticated, service_role;
