-- Orders matched to the provider's payment (issue 41). Hostinger's API ties no order of its store
-- to the checkout the shop priced: the functions find the payment by the buyer's e-mail, the lines
-- and the total, and record the order with the provider's id of that payment. A payment can pay
-- for one checkout only, and that is the database's rule, not the code's: a unique column.
--
-- Migrations dated 2026-11-29 16:00 to 2026-12-01 were committed ahead of the calendar; this one,
-- dated when it was written, runs before them on a fresh database. So it touches nothing they
-- create: record_paid_order(text, uuid) comes from one of them and stays as it is, and the
-- payment-aware versions below are overloads of four arguments, without defaults, so that no
-- call of two arguments can be ambiguous. record_order(text, uuid) does the recording, as before;
-- record_paid_order(text, uuid) is no longer called, and a migration dated after 2026-12-01 can
-- drop it.

-- The e-mail of the buyer's account when they checked out: the one a payment is first looked for
-- under (the hosted page asks it again, and the buyer may type another).
alter table public.checkout_sessions
  add column buyer_email text check (buyer_email is null or char_length(buyer_email) between 3 and 320);

-- An erased buyer's checkout keeps that e-mail while it waits, to be matched to its payment; once
-- settled, it forgets it, as it forgets the name its invoice would have given.
create or replace function private.forget_settled_checkout_buyer()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status <> 'pending' then
    new.invoice_buyer := null;
    if new.user_id is null then
      new.buyer_email := null;
    end if;
  end if;
  return new;
end;
$$;

drop trigger checkout_sessions_forget_settled_buyer on public.checkout_sessions;
create trigger checkout_sessions_forget_settled_buyer
  before insert or update of status, invoice_buyer, buyer_email on public.checkout_sessions
  for each row execute function private.forget_settled_checkout_buyer();

-- The reconciliation matches payments to every checkout not recorded of the last day, whatever
-- the shop made of it meanwhile (pending, canceled for a newer one, expired).
create index checkout_sessions_created_at_idx on public.checkout_sessions (created_at);

-- The provider's payment: its id (Hostinger's order id) and the number its owner sees in the
-- provider's dashboard (Hostinger's order number), for the administrator. Null for orders
-- recorded before this, or recorded without a provider.
alter table public.orders
  add column payment_id text unique check (payment_id is null or char_length(payment_id) between 1 and 255),
  add column payment_reference text check (payment_reference is null or char_length(payment_reference) between 1 and 255);

-- A checkout with several payments that could be its own is set aside for the administrator.
alter table public.payment_issues drop constraint payment_issues_reason_check;
alter table public.payment_issues add constraint payment_issues_reason_check
  check (reason in ('mismatch', 'unknown_session', 'ambiguous'));

-- record_order(session, user id, payment id, payment reference): the order of a paid checkout,
-- once per checkout however many calls race (record_order(session, user id), as before), now
-- naming the payment that paid it. A payment already recorded for another checkout is refused by
-- orders_payment_id_key (SQLSTATE 23505), and nothing of this call is kept. A repeated call for a
-- checkout already recorded answers its order as it is.
create function public.record_order(p_checkout_session_id text, p_user_id uuid, p_payment_id text, p_payment_reference text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  recorded_id uuid := public.record_order(p_checkout_session_id, p_user_id);
begin
  update public.orders o
     set payment_id = p_payment_id, payment_reference = p_payment_reference
   where o.id = recorded_id and o.payment_id is null;
  return recorded_id;
end;
$$;

revoke all on function public.record_order(text, uuid, text, text) from public, anon, authenticated;
grant execute on function public.record_order(text, uuid, text, text) to service_role;
comment on function public.record_order(text, uuid, text, text) is
  'The order of a paid checkout, once per checkout, naming the provider''s payment (one checkout per payment: 23505 otherwise); service role only.';

-- record-order's one call once the payment is found: the order, then what its confirmation
-- e-mail says (null once it was sent).
create function public.record_paid_order(p_checkout_session_id text, p_user_id uuid, p_payment_id text, p_payment_reference text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  recorded uuid := public.record_order(p_checkout_session_id, p_user_id, p_payment_id, p_payment_reference);
begin
  return jsonb_build_object('order_id', recorded, 'confirmation', public.order_confirmation(recorded));
end;
$$;

revoke all on function public.record_paid_order(text, uuid, text, text) from public, anon, authenticated;
grant execute on function public.record_paid_order(text, uuid, text, text) to service_role;
comment on function public.record_paid_order(text, uuid, text, text) is
  'record-order''s write: record_order() naming the payment, then order_confirmation() of the order, in one call; service role only.';
