-- A purchase with the fewest round trips from the functions to the database (issue 24):
-- create-checkout checked the consent's CGV version (checkout_terms()) and claimed the checkout
-- (claim_checkout()) in two calls, record-order recorded the order (record_order()), read its
-- confirmation (order_confirmation()) and then the order's consent in three. Each pair of calls
-- that needs nothing from outside between them is now one call.

-- What the confirmation e-mail says now includes the consent the order keeps (null for an order
-- from before consent was asked): the mail restates it, and needed a read of its own for it.
create or replace function public.order_confirmation(p_order_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
           'id', o.id,
           'created_at', o.created_at,
           'invoice_number', o.invoice_number,
           'total_amount_cents', o.total_amount_cents,
           'currency', o.currency,
           'email', u.email,
           'full_name', p.full_name,
           'lines', coalesce((
             select jsonb_agg(jsonb_build_object(
                      'product_title', i.product_title,
                      'variant_title', i.variant_title,
                      'quantity', i.quantity,
                      'price_per_item_cents', i.price_per_item_cents
                    ) order by i.product_title, i.variant_title, i.id)
               from public.order_items i where i.order_id = o.id
           ), '[]'::jsonb),
           'consent', case when o.cgv_version is null then null else jsonb_build_object(
             'cgv_version', o.cgv_version,
             'consent_text', o.consent_text,
             'consented_at', o.consented_at
           ) end)
    from public.orders o
    join auth.users u on u.id = o.user_id
    left join public.profiles p on p.id = o.user_id
   where o.id = p_order_id and o.confirmation_sent_at is null;
$$;

revoke all on function public.order_confirmation(uuid) from public, anon, authenticated;
grant execute on function public.order_confirmation(uuid) to service_role;

-- create-checkout's one call before the commerce service: the signed-in buyer's consent was
-- given on the CGV version in force (else PT409 `cgv_unpublished` or `cgv_changed`, counted
-- against nothing), then the checkout is claimed against the buyer's limits (claim_checkout(),
-- PT429 past them); returns the terms the checkout session records.
create function public.begin_checkout(p_cgv_version integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  terms jsonb := public.checkout_terms();
begin
  if terms->>'cgv_version' is null then
    raise exception 'cgv_unpublished' using errcode = 'PT409', detail = 'No CGV is published: nobody can check out.';
  end if;
  if (terms->>'cgv_version')::integer is distinct from p_cgv_version then
    raise exception 'cgv_changed' using errcode = 'PT409', detail = format('The CGV in force is version %s.', terms->>'cgv_version');
  end if;
  perform public.claim_checkout();
  return terms;
end;
$$;

revoke all on function public.begin_checkout(integer) from public, anon;
grant execute on function public.begin_checkout(integer) to authenticated;

comment on function public.begin_checkout(integer) is
  'create-checkout''s consent check (PT409 cgv_unpublished / cgv_changed) and claim_checkout() in one call; returns checkout_terms().';

-- record-order's one call once the payment is verified: record_order() (once per session however
-- many calls race), then what the confirmation e-mail says (null once it was sent), each
-- statement seeing the one before.
create function public.record_paid_order(p_checkout_session_id text, p_user_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  recorded uuid := public.record_order(p_checkout_session_id, p_user_id);
begin
  return jsonb_build_object('order_id', recorded, 'confirmation', public.order_confirmation(recorded));
end;
$$;

revoke all on function public.record_paid_order(text, uuid) from public, anon, authenticated;
grant execute on function public.record_paid_order(text, uuid) to service_role;

comment on function public.record_paid_order(text, uuid) is
  'record-order''s write: record_order() and then order_confirmation() of the order, in one call; service role only.';
