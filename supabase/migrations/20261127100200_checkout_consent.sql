-- The buyer's consent at checkout (issue #22; Code de la consommation L221-28 13°, L221-13): the
-- CGV version accepted, the exact wording of both boxes ticked and the time, stored by
-- create-checkout with the checkout session and copied by record_order onto the order in the same
-- transaction. A constraint, not a convention: a checkout or an order with `consent_required`
-- must hold all three, and only rows older than this migration may lack them.
--
-- Older rows: the seed's and demo's orders and checkouts of a shop that ran before this migration
-- were made without consent, and inventing one would be a false record. They keep `null`s and
-- `consent_required = false` (the backfill); the buyer of such an order keeps the right of
-- withdrawal. A new checkout must bring its consent (a trigger refuses `consent_required = false`
-- on insert); a new order may lack it only when its checkout session does, so a checkout paid
-- before the migration and reconciled after it (the last 24 hours) is still recorded.
-- Consent is immutable once written: any update of these columns is refused, for every role.
alter table public.checkout_sessions
  add column cgv_version integer check (cgv_version >= 1),
  add column consent_text text check (char_length(trim(consent_text)) between 1 and 2000),
  add column consented_at timestamptz,
  add column consent_required boolean not null default false;
alter table public.checkout_sessions alter column consent_required set default true;
alter table public.checkout_sessions add constraint checkout_sessions_consent_check
  check (case when consent_required then num_nonnulls(cgv_version, consent_text, consented_at) = 3
              else num_nonnulls(cgv_version, consent_text, consented_at) = 0 end);

alter table public.orders
  add column cgv_version integer check (cgv_version >= 1),
  add column consent_text text check (char_length(trim(consent_text)) between 1 and 2000),
  add column consented_at timestamptz,
  add column consent_required boolean not null default false;
alter table public.orders alter column consent_required set default true;
alter table public.orders add constraint orders_consent_check
  check (case when consent_required then num_nonnulls(cgv_version, consent_text, consented_at) = 3
              else num_nonnulls(cgv_version, consent_text, consented_at) = 0 end);

create or replace function private.guard_checkout_consent()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if not new.consent_required then
      raise exception 'a checkout needs the buyer''s consent' using errcode = '23514';
    end if;
  elsif (new.cgv_version, new.consent_text, new.consented_at, new.consent_required)
        is distinct from (old.cgv_version, old.consent_text, old.consented_at, old.consent_required) then
    raise exception 'the buyer''s consent is immutable' using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke all on function private.guard_checkout_consent() from public, anon, authenticated;

create trigger checkout_sessions_consent_guard
  before insert or update on public.checkout_sessions
  for each row execute function private.guard_checkout_consent();

-- Definer: the order's checkout row is read whoever inserts.
create or replace function private.guard_order_consent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if not new.consent_required and not exists (
      select 1 from public.checkout_sessions s where s.id = new.checkout_session_id and not s.consent_required
    ) then
      raise exception 'an order needs the buyer''s consent' using errcode = '23514';
    end if;
  elsif (new.cgv_version, new.consent_text, new.consented_at, new.consent_required)
        is distinct from (old.cgv_version, old.consent_text, old.consented_at, old.consent_required) then
    raise exception 'the buyer''s consent is immutable' using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke all on function private.guard_order_consent() from public, anon, authenticated;

create trigger orders_consent_guard
  before insert or update on public.orders
  for each row execute function private.guard_order_consent();

-- What the cart panel shows and create-checkout stores: the CGV version in force and the two
-- sentences the buyer ticks (one wording, here). `cgv_version` is null while no CGV is published:
-- then nobody can check out.
create or replace function public.checkout_terms()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'cgv_version', v.version,
    'cgv_published_at', v.published_at,
    'cgv_label', 'J''ai lu et j''accepte les conditions générales de vente' || coalesce(' (version ' || v.version || ')', '') || '.',
    'immediate_access_label', 'Je demande l''accès immédiat à mes contenus numériques et je reconnais perdre mon droit de rétractation dès leur mise à disposition.'
  )
  from (select null) nothing
  left join lateral (
    select d.version, d.published_at from public.legal_document_versions d where d.kind = 'cgv' order by d.version desc limit 1
  ) v on true;
$$;

revoke all on function public.checkout_terms() from public, anon, authenticated;
grant execute on function public.checkout_terms() to anon, authenticated, service_role;

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
   where id = p_checkout_session_id and user_id = p_user_id
     for update;
  if not found then
    raise exception 'no checkout % for user %', p_checkout_session_id, p_user_id using errcode = 'P0002';
  end if;

  -- Looked up before numbering: a repeated call must not consume a number.
  select o.id into recorded_id from public.orders o where o.checkout_session_id = pending.id;
  if found then
    return recorded_id;
  end if;

  -- Numbered by the trigger orders_invoice_number; the consent travels with the order.
  insert into public.orders (user_id, total_amount_cents, currency, status, checkout_session_id,
                             cgv_version, consent_text, consented_at, consent_required)
  values (pending.user_id, pending.total_amount_cents, pending.currency, 'completed', pending.id,
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
