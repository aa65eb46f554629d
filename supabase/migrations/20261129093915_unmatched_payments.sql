-- « Paiements à vérifier », the payments side (issue 41). A provider that ties no payment to the
-- checkout it paid (Hostinger) leaves payments the functions cannot match surely: paid under
-- another e-mail than the account's, for another amount, or twins of another payment for the same
-- checkout. The reconciliation files each here with what it paid; the administrator attaches it
-- by hand to the checkout it was for, which records the order as a matched payment would, and
-- the attachment says who made it and when. A payment is never dropped: it stays here until it
-- is attached, by hand or by a later match.
create table public.unmatched_payments (
  payment_id text primary key check (char_length(payment_id) between 1 and 255),
  -- The number the provider's dashboard shows (Hostinger's order number).
  payment_reference text not null check (char_length(payment_reference) between 1 and 255),
  customer_email text check (customer_email is null or char_length(customer_email) <= 320),
  total_cents integer not null check (total_cents >= 0),
  currency text not null check (currency ~ '^[a-z]{3}$'),
  -- [{variant_id, title, quantity, unit_price_cents}]
  lines jsonb not null check (jsonb_typeof(lines) = 'array'),
  paid_at timestamptz not null,
  found_at timestamptz not null default now(),
  attached_checkout_id text references public.checkout_sessions (id) on delete set null,
  attached_at timestamptz,
  attached_by uuid references auth.users (id) on delete set null,
  check (attached_checkout_id is null or attached_at is not null)
);

create index unmatched_payments_found_at_idx on public.unmatched_payments (found_at desc);
create index unmatched_payments_attached_by_idx on public.unmatched_payments (attached_by);
create index unmatched_payments_attached_checkout_id_idx on public.unmatched_payments (attached_checkout_id);

alter table public.unmatched_payments enable row level security;

create policy "Administrators can read unmatched payments"
  on public.unmatched_payments for select to authenticated
  using ((select private.is_admin()));

revoke all on public.unmatched_payments from anon, authenticated;
grant select on public.unmatched_payments to authenticated;
grant select, insert, update, delete on public.unmatched_payments to service_role;

-- A checkout's lines as a comparable value: variant, quantity and unit price, in one order.
create function private.comparable_lines(p_lines jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(line order by line), '[]'::jsonb)
    from (select jsonb_build_array(l->>'variant_id', (l->>'quantity')::integer, (l->>'unit_price_cents')::integer) as line
            from jsonb_array_elements(p_lines) l) lines;
$$;

-- The unmatched payments, the open ones first and then the newest, a page of `max_rows`, each
-- with up to five checkouts it may have paid: not recorded yet, in the same currency, opened in
-- the week before the payment (or just after: clocks differ), of the same amount or the same
-- buyer's e-mail; the likeliest first (same lines, same amount, nearest in time). A payment a
-- later match recorded on its own is not listed.
create function public.admin_unmatched_payments(max_rows integer default 50)
returns table (
  payment_id text,
  payment_reference text,
  customer_email text,
  total_cents integer,
  currency text,
  lines jsonb,
  paid_at timestamptz,
  found_at timestamptz,
  attached_checkout_id text,
  attached_at timestamptz,
  attached_by_email text,
  candidates jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'admin_unmatched_payments is reserved to administrators' using errcode = '42501';
  end if;
  if max_rows is null or max_rows < 1 or max_rows > 1000 then
    raise exception 'max_rows must be between 1 and 1000' using errcode = '22023';
  end if;

  return query
  select p.payment_id, p.payment_reference, p.customer_email, p.total_cents, p.currency, p.lines,
         p.paid_at, p.found_at, p.attached_checkout_id, p.attached_at, attacher.email::text,
         case when p.attached_at is not null then '[]'::jsonb else coalesce((
           select jsonb_agg(jsonb_build_object(
                    'checkout_session_id', candidate.id,
                    'customer_email', candidate.email,
                    'total_amount_cents', candidate.total_amount_cents,
                    'created_at', candidate.created_at,
                    'status', candidate.status,
                    'same_lines', candidate.same_lines)
                  order by candidate.same_lines desc, candidate.same_total desc, candidate.distance, candidate.id)
             from (select c.id, coalesce(buyer.email::text, c.buyer_email) as email, c.total_amount_cents, c.created_at, c.status,
                          private.comparable_lines(c.items) = private.comparable_lines(p.lines) as same_lines,
                          c.total_amount_cents = p.total_cents as same_total,
                          abs(extract(epoch from p.paid_at - c.created_at)) as distance
                     from public.checkout_sessions c
                     left join auth.users buyer on buyer.id = c.user_id
                    where c.status <> 'completed'
                      and c.currency = p.currency
                      and c.created_at between p.paid_at - interval '7 days' and p.paid_at + interval '10 minutes'
                      and (c.total_amount_cents = p.total_cents
                           or lower(coalesce(buyer.email::text, c.buyer_email, '')) = lower(coalesce(p.customer_email, '-')))
                    order by same_lines desc, same_total desc, distance, c.id
                    limit 5) candidate
         ), '[]'::jsonb) end
    from public.unmatched_payments p
    left join auth.users attacher on attacher.id = p.attached_by
   where p.attached_at is not null
      or not exists (select 1 from public.orders o where o.payment_id = p.payment_id)
   order by p.attached_at is null desc, p.found_at desc, p.payment_id
   limit max_rows;
end;
$$;

revoke all on function public.admin_unmatched_payments(integer) from public, anon;
grant execute on function public.admin_unmatched_payments(integer) to authenticated;
comment on function public.admin_unmatched_payments(integer) is
  'Paiements à vérifier: payments no checkout claimed, open ones first, with their likeliest checkouts. Administrators only (42501 otherwise).';

-- Attaches an unmatched payment to the checkout it paid, by hand: the order is recorded as a match
-- would record it (record_order, naming the payment), the payment says who attached it and when,
-- and the checkout's own payment issue, if any, is marked handled by the same administrator.
-- Answers the order's id; again for the same pair, the same id. Refused: a payment or checkout
-- that does not exist (P0002), a payment attached elsewhere or a checkout already recorded
-- (PT409), a payment some order already names (23505).
create function public.attach_payment(p_payment_id text, p_checkout_session_id text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  payment public.unmatched_payments;
  checkout public.checkout_sessions;
  recorded uuid;
begin
  if not (select private.is_admin()) then
    raise exception 'attach_payment is reserved to administrators' using errcode = '42501';
  end if;

  select * into payment from public.unmatched_payments p where p.payment_id = p_payment_id for update;
  if not found then
    raise exception 'no unmatched payment %', p_payment_id using errcode = 'P0002';
  end if;
  select * into checkout from public.checkout_sessions c where c.id = p_checkout_session_id for update;
  if not found then
    raise exception 'no checkout %', p_checkout_session_id using errcode = 'P0002';
  end if;

  if payment.attached_at is not null then
    if payment.attached_checkout_id = checkout.id then
      return (select o.id from public.orders o where o.checkout_session_id = checkout.id);
    end if;
    raise exception 'payment % is already attached to another checkout', p_payment_id using errcode = 'PT409';
  end if;
  if checkout.status = 'completed' then
    raise exception 'checkout % already has its order', p_checkout_session_id using errcode = 'PT409';
  end if;

  recorded := public.record_order(checkout.id, checkout.user_id, payment.payment_id, payment.payment_reference);
  update public.unmatched_payments p
     set attached_checkout_id = checkout.id, attached_at = pg_catalog.now(), attached_by = (select auth.uid())
   where p.payment_id = payment.payment_id;
  update public.payment_issues i
     set handled_at = pg_catalog.now(), handled_by = (select auth.uid())
   where i.checkout_session_id = checkout.id and i.handled_at is null;
  return recorded;
end;
$$;

revoke all on function public.attach_payment(text, text) from public, anon;
grant execute on function public.attach_payment(text, text) to authenticated;
comment on function public.attach_payment(text, text) is
  'Attaches an unmatched payment to the checkout it paid and records its order; audited on the payment. Administrators only (42501 otherwise).';
