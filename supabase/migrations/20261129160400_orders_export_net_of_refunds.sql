-- The orders export net of refunds (issue #29): each order also says what its money became
-- (payment_status), how much was refunded, and the numbers of its credit notes (« avoirs »), so
-- the accountant's revenue is the total less the refunds. Otherwise as 20261127110200.
drop function public.admin_orders_export(integer, timestamptz, uuid);
create function public.admin_orders_export(p_days integer, p_after_created_at timestamptz default null, p_after_order_id uuid default null)
returns table (
  created_at timestamptz,
  order_id uuid,
  customer_email text,
  customer_name text,
  status text,
  items text,
  total_amount_cents integer,
  currency text,
  payment_status text,
  refunded_amount_cents integer,
  credit_notes text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_analytics_period('admin_orders_export', p_days);
  return query
  -- Buyer, lines and credit notes looked up per order (by primary key, order_items_order_id_idx,
  -- credit_notes_order_id_idx): a page is at most 1,000 orders, never a join over every account.
  select o.created_at, o.id,
         (select u.email::text from auth.users u where u.id = o.user_id),
         case when o.user_id is null then 'Client supprimé'
              else (select p.full_name from public.profiles p where p.id = o.user_id) end,
         o.status,
         (select string_agg(i.quantity || ' × ' || i.product_title || coalesce(' (' || i.variant_title || ')', ''), ', ' order by i.product_title)
            from public.order_items i where i.order_id = o.id),
         o.total_amount_cents, o.currency,
         o.payment_status, o.refunded_amount_cents,
         (select string_agg(n.number, ', ' order by n.number) from public.credit_notes n where n.order_id = o.id)
  from public.orders o
  where o.created_at >= (private.paris_today() - (p_days - 1))::timestamp at time zone 'Europe/Paris'
    and (p_after_created_at is null or (o.created_at, o.id) > (p_after_created_at, p_after_order_id))
  order by o.created_at, o.id
  limit 1000;
end;
$$;

revoke all on function public.admin_orders_export(integer, timestamptz, uuid) from public, anon;
grant execute on function public.admin_orders_export(integer, timestamptz, uuid) to authenticated;

comment on function public.admin_orders_export(integer, timestamptz, uuid) is
  'The orders of the last 7, 30, 90 or 365 days with buyer, lines, total, refunds and credit notes, for the accountant. Administrators only.';
