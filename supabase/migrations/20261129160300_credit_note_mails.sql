-- The buyer's e-mail for each credit note (« avoir »), sent through the confirmations' outbox
-- pattern (20261126150400_send_confirmations): a credit note with no row here is a mail to send.
-- refund-order and the reconciliation send their own at once; the scheduled send-confirmations
-- sends the rest (a send that failed) every minute. The marker is its own table, since a credit
-- note is never changed (credit_notes_immutable), and a private one: only the functions below
-- (service role) read or write it.
create table private.credit_note_mails (
  credit_note_id uuid primary key references public.credit_notes (id) on delete restrict,
  sent_at timestamptz not null default now()
);

revoke all on private.credit_note_mails from public, anon, authenticated;

-- Marks a credit note mailed, once the provider accepted the mail; a repeated mark changes nothing.
create function public.mark_credit_note_mailed(p_credit_note_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.credit_note_mails (credit_note_id) values (p_credit_note_id) on conflict (credit_note_id) do nothing;
$$;

revoke all on function public.mark_credit_note_mailed(uuid) from public, anon, authenticated;
grant execute on function public.mark_credit_note_mailed(uuid) to service_role;

-- The credit notes still to mail, oldest first, from the last seven days, of buyers who still have
-- an account (an erased buyer's address is gone). Service role only.
create function public.pending_credit_note_mails(p_limit integer)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select n.id from public.credit_notes n
    join public.orders o on o.id = n.order_id
   where o.user_id is not null and n.created_at > now() - interval '7 days'
     and not exists (select 1 from private.credit_note_mails m where m.credit_note_id = n.id)
   order by n.created_at, n.id
   limit least(greatest(p_limit, 0), 1000);
$$;

revoke all on function public.pending_credit_note_mails(integer) from public, anon, authenticated;
grant execute on function public.pending_credit_note_mails(integer) to service_role;

-- What the mail says (the avoir's number, date, amount, reason and lines, the invoice it corrects,
-- the buyer's address and name), or null once it was sent. Service role only.
create function public.credit_note_mail(p_credit_note_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'id', n.id,
           'number', n.number,
           'created_at', n.created_at,
           'amount_cents', n.amount_cents,
           'currency', n.currency,
           'reason', n.reason,
           'lines', n.lines,
           'order_id', o.id,
           'invoice_number', o.invoice_number,
           'email', u.email,
           'full_name', p.full_name)
    from public.credit_notes n
    join public.orders o on o.id = n.order_id
    join auth.users u on u.id = o.user_id
    left join public.profiles p on p.id = o.user_id
   where n.id = p_credit_note_id
     and not exists (select 1 from private.credit_note_mails m where m.credit_note_id = n.id);
$$;

revoke all on function public.credit_note_mail(uuid) from public, anon, authenticated;
grant execute on function public.credit_note_mail(uuid) to service_role;
