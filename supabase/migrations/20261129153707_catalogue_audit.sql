-- Every change of the catalogue is audited: who, when, the row before and after. A trigger on each
-- catalogue table records each insert, update and delete, whatever the path (the admin area as an
-- administrator, the import or a fixture as the service role, an operator's SQL), in
-- public.catalogue_changes, which administrators read and nobody writes but these triggers.
--
-- An update keeps only the columns it changed (`before` and `after` hold the same keys); an insert
-- keeps the whole new row, a delete the whole old one. Not recorded: an update that changes nothing
-- or only `updated_at` (a child's change moving its product's date, which the child's own row
-- records), and the stock a payment takes (order_items_take_stock): a sale is not a catalogue
-- edit, and a row per sale would flood the history. An administrator's own stock edit is recorded.
--
-- Like admin_role_changes, the history is append-only for every role, the owner included, with one
-- exception: the id of an erased administrator becomes private.erased_account_id(). No foreign
-- keys: deleting a product or an account must not rewrite what was done to it.
create table public.catalogue_changes (
  id bigint generated always as identity primary key,
  changed_at timestamptz not null default now(),
  -- auth.uid(): the signed-in administrator; null for the service role, a migration, an operator.
  changed_by uuid,
  -- The database role that made the change (authenticated, service_role, postgres…).
  changed_by_role text not null check (char_length(changed_by_role) between 1 and 63),
  table_name text not null check (table_name in ('products', 'product_variants', 'product_options',
    'product_option_values', 'product_images', 'collections', 'product_collections', 'product_additional_info',
    'product_custom_fields', 'related_products')),
  operation text not null check (operation in ('insert', 'update', 'delete')),
  -- The row's id; for product_collections, its collection_id (product_id completes the key).
  row_id text not null check (char_length(row_id) between 1 and 255),
  -- The product the row belongs to (its own id for products); null for a collection.
  product_id text check (product_id is null or char_length(product_id) between 1 and 255),
  before jsonb check (jsonb_typeof(before) = 'object'),
  after jsonb check (jsonb_typeof(after) = 'object'),
  check ((before is null) = (operation = 'insert') and (after is null) = (operation = 'delete'))
);

comment on table public.catalogue_changes is
  'Every insert, update and delete of the catalogue (who, when, before and after), but the stock payments take; administrators read it, nobody writes it.';

-- The admin area reads a product's history, and the latest changes of the whole catalogue; the
-- erasure of an account finds its rows by changed_by.
create index catalogue_changes_product_id_changed_at_idx on public.catalogue_changes (product_id, changed_at desc, id desc);
create index catalogue_changes_changed_at_idx on public.catalogue_changes (changed_at desc, id desc);
create index catalogue_changes_changed_by_idx on public.catalogue_changes (changed_by);

alter table public.catalogue_changes enable row level security;

create policy "Administrators read the catalogue changes"
  on public.catalogue_changes for select to authenticated
  using ((select private.is_admin()));

revoke all on public.catalogue_changes from public, anon, authenticated, service_role;
revoke update, delete, truncate, references, trigger on public.catalogue_changes from current_user;
grant select on public.catalogue_changes to authenticated, service_role;
-- The owner (who runs the erasure trigger below) may write this one column; the trigger that
-- follows lets only an erased account's id be replaced.
grant update (changed_by) on public.catalogue_changes to current_user;

-- Delete and truncate: refused (admin_role_changes' trigger function). Update: refused but the
-- replacement of an erased account's id.
create function private.refuse_catalogue_change_rewrite()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (pg_catalog.to_jsonb(new) - 'changed_by') = (pg_catalog.to_jsonb(old) - 'changed_by')
     and old.changed_by is not null and new.changed_by = private.erased_account_id()
     and not exists (select 1 from auth.users u where u.id = old.changed_by) then
    return new;
  end if;
  raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = '42501';
end;
$$;

revoke all on function private.refuse_catalogue_change_rewrite() from public, anon, authenticated, service_role;

create trigger catalogue_changes_erasure_only
  before update on public.catalogue_changes
  for each row execute function private.refuse_catalogue_change_rewrite();

create trigger catalogue_changes_append_only
  before delete on public.catalogue_changes
  for each row execute function private.refuse_history_rewrite();

create trigger catalogue_changes_no_truncate
  before truncate on public.catalogue_changes
  for each statement execute function private.refuse_history_rewrite();

create function private.forget_erased_account_in_catalogue_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.catalogue_changes c set changed_by = private.erased_account_id() where c.changed_by = old.id;
  return null;
end;
$$;

revoke all on function private.forget_erased_account_in_catalogue_changes() from public, anon, authenticated, service_role;

-- After the row is gone, so the trigger above sees the account no longer exists.
create trigger on_auth_user_erased_catalogue_changes
  after delete on auth.users
  for each row execute function private.forget_erased_account_in_catalogue_changes();

-- The stock a payment takes: private.take_stock_of_paid_items() marks the transaction while it
-- takes it (`catalogue.taking_stock`). The mark alone skips nothing: the audit also asks for a
-- nested update changing nothing but the stock.
create function private.record_catalogue_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end;
  key_row jsonb := coalesce(new_row, old_row);
  changed text[];
begin
  if tg_op = 'UPDATE' then
    select coalesce(pg_catalog.array_agg(o.key), '{}'), pg_catalog.jsonb_object_agg(o.key, o.value)
      into changed, old_row
      from pg_catalog.jsonb_each(old_row) o
     where o.value is distinct from new_row -> o.key;
    if changed <@ array['updated_at'] then
      return null;
    end if;
    if changed <@ array['inventory_quantity'] and tg_table_name = 'product_variants' and pg_catalog.pg_trigger_depth() > 1
       and pg_catalog.current_setting('catalogue.taking_stock', true) = 'on' then
      return null;
    end if;
    select pg_catalog.jsonb_object_agg(n.key, n.value) into new_row
      from pg_catalog.jsonb_each(new_row) n
     where n.key = any (changed);
  end if;
  insert into public.catalogue_changes (changed_by, changed_by_role, table_name, operation, row_id, product_id, before, after)
  values (
    (select auth.uid()),
    -- The role PostgREST (or the test helpers) set; a direct connection's own user otherwise.
    coalesce(nullif(pg_catalog.current_setting('role'), 'none'), session_user),
    tg_table_name,
    pg_catalog.lower(tg_op),
    coalesce(key_row ->> 'id', key_row ->> 'collection_id'),
    case when tg_table_name = 'products' then key_row ->> 'id' else key_row ->> 'product_id' end,
    old_row,
    new_row
  );
  return null;
end;
$$;

revoke all on function private.record_catalogue_change() from public, anon, authenticated, service_role;

-- One audit trigger per catalogue table: <table>_audit.
do $$
declare
  catalogue_table text;
begin
  foreach catalogue_table in array array['products', 'product_variants', 'product_options', 'product_option_values',
    'product_images', 'collections', 'product_collections', 'product_additional_info', 'product_custom_fields',
    'related_products']
  loop
    execute format('create trigger %I after insert or update or delete on public.%I for each row execute function private.record_catalogue_change()',
                   catalogue_table || '_audit', catalogue_table);
  end loop;
end;
$$;
