-- order_confirmation(order id): what the buyer's confirmation e-mail says (the order's reference,
-- date, invoice number, total, lines, and the buyer's address and name), in one read, for the
-- functions' service role only; null once the confirmation was sent (orders.confirmation_sent_at),
-- so a repeated record of the order mails nothing. One call instead of three reads (the order,
-- the account's e-mail, the profile's name) per order: the reconciliation may record a thousand
-- orders in one request, under the functions' two seconds of CPU.
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
           ), '[]'::jsonb))
    from public.orders o
    join auth.users u on u.id = o.user_id
    left join public.profiles p on p.id = o.user_id
   where o.id = p_order_id and o.confirmation_sent_at is null;
$$;

revoke all on function public.order_confirmation(uuid) from public, anon, authenticated;
grant execute on function public.order_confirmation(uuid) to service_role;
