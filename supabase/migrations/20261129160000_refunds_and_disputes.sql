-- Refunds and disputes (issue #29). Money given back is recorded only once the commerce service
-- confirmed it (or the administrator says it was given back elsewhere), by one function,
-- record_refund, in one transaction: the lines and the order carry what was refunded, and a
-- credit note (« avoir ») numbered in its own gapless yearly series documents it. An invoice is
-- never edited; the avoir corrects it. A buyer's bank contesting the payment (a dispute) suspends
-- access to the whole order while it is open; won, access comes back; lost, it is a refund.
-- Access follows the money: a refunded line, or any line of an order under an open dispute, gets
-- no download link and its objects no longer open (private.line_gives_access).

alter table public.order_items
  add column refunded_cents integer not null default 0 check (refunded_cents >= 0),
  -- When the first refund touched the line: from then on it gives no access.
  add column refunded_at timestamptz,
  add constraint order_items_refund_within_paid check (refunded_cents <= quantity * price_per_item_cents),
  add constraint order_items_refunded_when check (refunded_cents = 0 or refunded_at is not null);

alter table public.orders
  add column refunded_amount_cents integer not null default 0 check (refunded_amount_cents >= 0),
  add column dispute_id text check (dispute_id is null or char_length(dispute_id) between 1 and 255),
  add column dispute_status text check (dispute_status in ('open', 'won', 'lost')),
  add column dispute_opened_at timestamptz,
  add column dispute_closed_at timestamptz,
  add constraint orders_refund_within_total check (refunded_amount_cents <= total_amount_cents),
  add constraint orders_dispute_complete check ((dispute_status is null) = (dispute_id is null) and (dispute_status is null) = (dispute_opened_at is null)),
  -- What the buyer reads on the orders page (« Payée », « Partiellement remboursée », « Remboursée »,
  -- « Litige en cours »), derived so it can never disagree with the amounts.
  add column payment_status text not null generated always as (
    case
      when dispute_status = 'open' then 'disputed'
      when refunded_amount_cents > 0 and refunded_amount_cents >= total_amount_cents then 'refunded'
      when refunded_amount_cents > 0 then 'partially_refunded'
      else 'paid'
    end) stored;

create index orders_refunded_idx on public.orders (created_at) where refunded_amount_cents > 0;

-- Whether a paid line still gives its buyer access: its order recorded, the line not refunded,
-- no dispute open on the order. The one rule every door below asks.
create function private.line_gives_access(p_order_status text, p_refunded_at timestamptz, p_dispute_status text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_order_status = 'completed' and p_refunded_at is null and p_dispute_status is distinct from 'open';
$$;

revoke all on function private.line_gives_access(text, timestamptz, text) from public, anon, authenticated;
grant execute on function private.line_gives_access(text, timestamptz, text) to authenticated, service_role;

-- Credit notes: `AV-<year>-<six digits>`, one counter row per calendar year (Europe/Paris) locked
-- by the numbering transaction, as the invoices' counters are (20261126150100_invoice_numbering):
-- a rolled-back refund gives its number back, concurrent ones queue on the row.
create table private.credit_note_counters (
  year integer primary key check (year between 2000 and 9999),
  last_number integer not null check (last_number between 1 and 999999)
);

revoke all on private.credit_note_counters from public, anon, authenticated;
grant select on private.credit_note_counters to service_role;

create function private.next_credit_note_number(p_at timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  note_year integer := extract(year from p_at at time zone 'Europe/Paris')::integer;
  taken integer;
begin
  insert into private.credit_note_counters as c (year, last_number) values (note_year, 1)
  on conflict (year) do update set last_number = c.last_number + 1
  returning c.last_number into taken;
  return format('AV-%s-%s', note_year, lpad(taken::text, 6, '0'));
end;
$$;

revoke all on function private.next_credit_note_number(timestamptz) from public, anon, authenticated;

create table public.credit_notes (
  id uuid primary key default gen_random_uuid(),
  number text not null unique check (number ~ '^AV-[0-9]{4}-[0-9]{6}$'),
  -- An order with a credit note is never deleted (an erased buyer's orders stay, detached).
  order_id uuid not null references public.orders (id) on delete restrict,
  -- The commerce service's refund id (the idempotency key of record_refund), `offline:<uuid>` for a
  -- refund made elsewhere, `dispute:<id>` for a lost dispute.
  refund_id text not null unique check (char_length(refund_id) between 1 and 255),
  source text not null check (source in ('commerce', 'offline', 'dispute')),
  reason text not null check (char_length(btrim(reason)) between 1 and 500),
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null check (currency ~ '^[a-z]{3}$'),
  -- The lines as refunded: [{ order_item_id, product_title, variant_title, quantity, amount_cents }].
  lines jsonb not null check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) > 0),
  created_at timestamptz not null default now(),
  -- The administrator who refunded; null for what the reconciliation found or a lost dispute.
  created_by uuid references auth.users (id) on delete set null
);

create index credit_notes_order_id_idx on public.credit_notes (order_id);
create index credit_notes_created_at_idx on public.credit_notes (created_at);
create index credit_notes_created_by_idx on public.credit_notes (created_by);

alter table public.credit_notes enable row level security;

create policy "Buyers see the credit notes of their orders, administrators all"
  on public.credit_notes for select to authenticated
  using (
    (select private.is_admin())
    or order_id in (select o.id from public.orders o where o.user_id = (select auth.uid()))
  );

revoke all on public.credit_notes from public, anon, authenticated, service_role;
grant select on public.credit_notes to authenticated, service_role;

-- Written once, never changed: no grant allows an update or a delete, and this trigger refuses
-- them (and truncation) to every role, the owner's included. Only `created_by` may be cleared,
-- as the foreign key does when the administrator's account is erased.
create function private.refuse_credit_note_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (to_jsonb(new) - 'created_by') = (to_jsonb(old) - 'created_by') and new.created_by is null then
    return new;
  end if;
  raise exception 'Un avoir émis ne se modifie pas et ne se supprime pas' using errcode = '42501';
end;
$$;

revoke all on function private.refuse_credit_note_change() from public, anon, authenticated;

create trigger credit_notes_immutable
  before update or delete on public.credit_notes
  for each row execute function private.refuse_credit_note_change();

create trigger credit_notes_no_truncate
  before truncate on public.credit_notes
  for each statement execute function private.refuse_credit_note_change();

-- Records one refund the commerce service confirmed (or the administrator made elsewhere), in one
-- transaction: each line's refunded amount (never past what it was paid: 23514), the order's
-- total refunded, and the credit note, numbered now. `p_lines`: [{ order_item_id, amount_cents }],
-- lines of this order, each once. Idempotent on `p_refund_id`: the same id answers the same
-- credit note and changes nothing (a retry, a double click, the reconciliation finding it again).
-- Answers { credit_note_id, number, repeated, stamped_paths }: the buyer's stamped copies of the
-- refunded lines, which the caller removes from storage (the rows no longer name them).
-- Service role only: an edge function calls it once the refund is confirmed.
create function public.record_refund(
  p_order_id uuid,
  p_refund_id text,
  p_source text,
  p_reason text,
  p_lines jsonb,
  p_created_by uuid default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  ord public.orders;
  note public.credit_notes;
  total integer;
  refunded_lines jsonb;
  stamped text[];
begin
  -- Refunds of one order queue on its row; an id seen before answers its credit note.
  select o.* into ord from public.orders o where o.id = p_order_id for update;
  if not found then
    raise exception 'record_refund: no order %', p_order_id using errcode = 'P0002';
  end if;
  select n.* into note from public.credit_notes n where n.refund_id = p_refund_id;
  if found then
    if note.order_id <> p_order_id then
      raise exception 'record_refund: refund % belongs to another order', p_refund_id using errcode = '23505';
    end if;
    return jsonb_build_object('credit_note_id', note.id, 'number', note.number, 'repeated', true, 'stamped_paths', '[]'::jsonb);
  end if;

  if ord.status <> 'completed' then
    raise exception 'record_refund: order % is %', p_order_id, ord.status using errcode = '22023';
  end if;
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' or jsonb_array_length(p_lines) = 0 then
    raise exception 'record_refund: no lines to refund' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_lines) l(line)
     where jsonb_typeof(l.line->'amount_cents') <> 'number' or (l.line->>'amount_cents')::numeric < 0
        or (l.line->>'amount_cents')::numeric <> floor((l.line->>'amount_cents')::numeric)
  ) or (select count(*) <> count(distinct l.line->>'order_item_id') from jsonb_array_elements(p_lines) l(line))
     or exists (
    select 1 from jsonb_array_elements(p_lines) l(line)
     where not exists (select 1 from public.order_items i where i.id::text = l.line->>'order_item_id' and i.order_id = p_order_id)
  ) then
    raise exception 'record_refund: each line must be a line of this order, once, with a whole non-negative amount' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_lines) l(line)
      join public.order_items i on i.id::text = l.line->>'order_item_id'
     where i.refunded_cents + (l.line->>'amount_cents')::integer > i.quantity * i.price_per_item_cents
  ) then
    raise exception 'Remboursement supérieur au montant payé' using errcode = '23514',
      detail = 'Une ligne ne peut pas être remboursée au-delà de ce qui a été payé pour elle.';
  end if;

  select array_agg(i.stamped_path) into stamped
    from public.order_items i
   where i.id::text in (select l.line->>'order_item_id' from jsonb_array_elements(p_lines) l(line)) and i.stamped_path is not null;

  with refunded as (
    update public.order_items i
       set refunded_cents = i.refunded_cents + (l.line->>'amount_cents')::integer,
           refunded_at = coalesce(i.refunded_at, now()),
           stamped_path = null
      from jsonb_array_elements(p_lines) l(line)
     where i.id::text = l.line->>'order_item_id'
    returning i.id, i.product_title, i.variant_title, i.quantity, (l.line->>'amount_cents')::integer as amount
  )
  select sum(r.amount),
         jsonb_agg(jsonb_build_object('order_item_id', r.id, 'product_title', r.product_title, 'variant_title', r.variant_title,
                                      'quantity', r.quantity, 'amount_cents', r.amount) order by r.product_title, r.id)
    into total, refunded_lines
    from refunded r;

  update public.orders o set refunded_amount_cents = o.refunded_amount_cents + total where o.id = p_order_id;

  insert into public.credit_notes (number, order_id, refund_id, source, reason, amount_cents, currency, lines, created_by)
  values (private.next_credit_note_number(now()), p_order_id, p_refund_id, p_source, btrim(p_reason), total, ord.currency, refunded_lines, p_created_by)
  returning * into note;

  return jsonb_build_object('credit_note_id', note.id, 'number', note.number, 'repeated', false, 'stamped_paths', to_jsonb(coalesce(stamped, '{}')));
end;
$$;

revoke all on function public.record_refund(uuid, text, text, text, jsonb, uuid) from public, anon, authenticated;
grant execute on function public.record_refund(uuid, text, text, text, jsonb, uuid) to service_role;

-- Records where a dispute stands, as the commerce service says: opened (access to the whole order
-- suspended), won (access restored) or lost (the money is gone: everything not yet refunded is
-- refunded, with its credit note, refund id `dispute:<id>`). Idempotent: the same state again
-- changes nothing. Answers record_refund's answer for a lost dispute, else { repeated }.
-- Service role only (the reconciliation).
create function public.record_dispute(p_order_id uuid, p_dispute_id text, p_status text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  ord public.orders;
  remaining jsonb;
begin
  if p_status is null or p_status not in ('open', 'won', 'lost') then
    raise exception 'record_dispute: unknown status %', p_status using errcode = '22023';
  end if;
  select o.* into ord from public.orders o where o.id = p_order_id for update;
  if not found then
    raise exception 'record_dispute: no order %', p_order_id using errcode = 'P0002';
  end if;
  if ord.dispute_id = p_dispute_id and ord.dispute_status = p_status then
    return jsonb_build_object('repeated', true, 'stamped_paths', '[]'::jsonb);
  end if;
  if ord.dispute_id = p_dispute_id and ord.dispute_status in ('won', 'lost') then
    raise exception 'record_dispute: dispute % is already %', p_dispute_id, ord.dispute_status using errcode = '22023';
  end if;

  update public.orders o
     set dispute_id = p_dispute_id,
         dispute_status = p_status,
         dispute_opened_at = case when o.dispute_id = p_dispute_id then o.dispute_opened_at else now() end,
         dispute_closed_at = case when p_status = 'open' then null else now() end
   where o.id = p_order_id;

  if p_status <> 'lost' then
    return jsonb_build_object('repeated', false, 'stamped_paths', '[]'::jsonb);
  end if;
  select jsonb_agg(jsonb_build_object('order_item_id', i.id, 'amount_cents', i.quantity * i.price_per_item_cents - i.refunded_cents))
    into remaining
    from public.order_items i
   where i.order_id = p_order_id and i.refunded_at is null;
  if remaining is null then
    return jsonb_build_object('repeated', false, 'stamped_paths', '[]'::jsonb);
  end if;
  return public.record_refund(p_order_id, 'dispute:' || p_dispute_id, 'dispute', 'Litige perdu auprès de la banque de l''acheteur', remaining, null);
end;
$$;

revoke all on function public.record_dispute(uuid, text, text) from public, anon, authenticated;
grant execute on function public.record_dispute(uuid, text, text) to service_role;
