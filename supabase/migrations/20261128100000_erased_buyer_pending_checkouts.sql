-- A checkout still open when its buyer erases their account (issue #22): the hosted payment page
-- may still be paid. Deleting the checkout at erasure, as 20261127110000_account_erasure did, left
-- that money with no order and nothing for the reconciliation to ask about. Now the erasure keeps
-- a pending checkout, detached (no user id) with its buyer's name frozen as an order's is
-- (checkout_sessions.invoice_buyer); reconcile-checkouts asks the commerce service about every
-- detached pending checkout whatever its age, and:
-- - paid: record_order(session, null) writes the order detached, naming that buyer for the invoice,
--   with the consent they gave; no confirmation is sent (there is no address any more);
-- - canceled, expired, or listed for review: the checkout stays settled, without the name.
-- A detached checkout keeps the name only while pending: settling it in any way clears it.

alter table public.checkout_sessions
  add column invoice_buyer jsonb check (invoice_buyer is null or jsonb_typeof(invoice_buyer) = 'object'),
  add constraint checkout_sessions_detached_pending_keep_buyer
    check (status <> 'pending' or user_id is not null or invoice_buyer is not null);

comment on column public.checkout_sessions.invoice_buyer is
  'The buyer as the invoice names them, {"full_name": …}, while the checkout of an erased account is pending; cleared once settled.';

create function private.forget_settled_checkout_buyer()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status <> 'pending' then
    new.invoice_buyer := null;
  end if;
  return new;
end;
$$;

revoke all on function private.forget_settled_checkout_buyer() from public, anon, authenticated, service_role;

create trigger checkout_sessions_forget_settled_buyer
  before insert or update of status, invoice_buyer on public.checkout_sessions
  for each row execute function private.forget_settled_checkout_buyer();

-- The erasure, as before, except for the person's pending checkouts: kept, detached, named.
create or replace function private.erase_account_data()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  buyer jsonb := jsonb_build_object('full_name', (select p.full_name from public.profiles p where p.id = old.id));
begin
  update public.orders o
     set invoice_buyer = buyer,
         user_id = null
   where o.user_id = old.id;
  -- A stamped copy's path names its buyer (buyers/<user id>/…); delete-account removes the object.
  update public.order_items i
     set stamped_path = null
   where i.stamped_path like 'buyers/' || old.id::text || '/%';
  update public.checkout_sessions c
     set invoice_buyer = buyer,
         user_id = null
   where c.user_id = old.id and c.status = 'pending';
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

-- record_order(session, user id): as before; a null user id records the checkout of an erased
-- buyer (only a detached one matches it), the order detached and naming them.
create or replace function public.record_order(p_checkout_session_id text, p_user_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  pending public.checkout_sessions;
  recorded_id uuid;
begin
  -- Concurrent calls for one session queue on this row lock; the later ones find the order.
  select * into pending
    from public.checkout_sessions
   where id = p_checkout_session_id and user_id is not distinct from p_user_id
     for update;
  if not found then
    raise exception 'no checkout % for user %', p_checkout_session_id, coalesce(p_user_id::text, '(erased)') using errcode = 'P0002';
  end if;

  -- Looked up before numbering: a repeated call must not consume a number.
  select o.id into recorded_id from public.orders o where o.checkout_session_id = pending.id;
  if found then
    return recorded_id;
  end if;

  -- Numbered by the trigger orders_invoice_number; the consent travels with the order.
  insert into public.orders (user_id, invoice_buyer, total_amount_cents, currency, status, checkout_session_id,
                             cgv_version, consent_text, consented_at, consent_required)
  values (pending.user_id, case when pending.user_id is null then pending.invoice_buyer end,
          pending.total_amount_cents, pending.currency, 'completed', pending.id,
          pending.cgv_version, pending.consent_text, pending.consented_at, pending.consent_required)
  returning id into recorded_id;

  insert into public.order_items
    (order_id, variant_id, product_id, product_title, variant_title, image_url, quantity, price_per_item_cents, file_path, file_type)
  select recorded_id,
         line.item->>'variant_id',
         line.item->>'product_id',
         line.item->>'product_title',
         line.item->>'variant_title',
         line.item->>'image_url',
         (line.item->>'quantity')::integer,
         (line.item->>'unit_price_cents')::integer,
         files.object_path,
         files.file_type
    from jsonb_array_elements(pending.items) with ordinality as line(item, position)
    left join public.product_files files on files.variant_id = line.item->>'variant_id'
   order by line.position;

  update public.checkout_sessions set status = 'completed' where id = pending.id;
  return recorded_id;
end;
$$;

-- The confirmations to send: never an order without a buyer's account (no address to send to),
-- which would otherwise come back every minute for a week.
create or replace function public.pending_confirmations(p_limit integer)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select o.id from public.orders o
   where o.confirmation_sent_at is null and o.created_at > now() - interval '7 days' and o.user_id is not null
   order by o.created_at, o.id
   limit least(greatest(p_limit, 0), 1000);
$$;
