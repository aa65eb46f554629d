-- credit_note_document(credit note id): everything the « avoir » shows, for the order's buyer or an
-- administrator: the invoice it corrects as invoice_document gives it (the same access rule, the
-- same frozen seller identity, the same refusals PT404 / PT409), with the credit note's own
-- number, date and reason, and its lines and total in place of the invoice's. The credit note is
-- immutable, so every call yields the same document.
create function public.credit_note_document(p_credit_note_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  note public.credit_notes;
  invoice jsonb;
begin
  select n.* into note from public.credit_notes n where n.id = p_credit_note_id;
  if not found then
    raise exception 'Avoir introuvable' using errcode = 'PT404', detail = 'Cet avoir n''existe pas ou ne vous appartient pas.';
  end if;
  -- Refuses, as the caller, anyone but the order's buyer and the administrators.
  invoice := public.invoice_document(note.order_id);
  return invoice || jsonb_build_object(
    'total_amount_cents', note.amount_cents,
    'lines', (
      select jsonb_agg(jsonb_build_object(
               'product_title', l.line->>'product_title',
               'variant_title', l.line->>'variant_title',
               -- A whole line refunded reads as bought; any other amount as one refund of it.
               'quantity', case when (l.line->>'amount_cents')::integer % (l.line->>'quantity')::integer = 0 then (l.line->>'quantity')::integer else 1 end,
               'unit_price_cents', case when (l.line->>'amount_cents')::integer % (l.line->>'quantity')::integer = 0
                                        then (l.line->>'amount_cents')::integer / (l.line->>'quantity')::integer
                                        else (l.line->>'amount_cents')::integer end
             ) order by l.position)
        from jsonb_array_elements(note.lines) with ordinality l(line, position)
    ),
    'credit_note', jsonb_build_object('number', note.number, 'issued_at', note.created_at, 'reason', note.reason)
  );
end;
$$;

revoke all on function public.credit_note_document(uuid) from public, anon, authenticated;
grant execute on function public.credit_note_document(uuid) to authenticated;
