-- The orders export once a buyer's account may be erased (20261127110000_account_erasure): an order
-- kept without a user id reads « Client supprimé » as its customer, with no e-mail; the buyer's
-- name stays on the invoice only. Otherwise unchanged.
create or replace function public.admin_orders_export(p_days integer, p_after_created_at timestamptz default null, p_after_order_id uuid default null)
returns table (
  created_at timestamptz,
  order_id uuid,
  customer_email text,
  customer_name text,
  status text,
  items text,
  total_amount_cents integer,
  currency text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_analytics_period('admin_orders_export', p_days);
  return query
  -- Buyer and lines looked up per order (by primary key and order_items_order_id_idx): a page
  -- is at most 1,000 orders, never a join over every account.
  select o.created_at, o.id,
         (select u.email::text from auth.users u where u.id = o.user_id),
         case when o.user_id is null then 'Client supprimé'
              else (select p.full_name from public.profiles p where p.id = o.user_id) end,
         o.status,
         (select string_agg(i.quantity || ' × ' || i.product_title || coalesce(' (' || i.variant_title || ')', ''), ', ' order by i.product_title)
            from public.order_items i where i.order_id = o.id),
         o.total_amount_cents, o.currency
  from public.orders o
  where o.created_at >= (private.paris_today() - (p_days - 1))::timestamp at time zone 'Europe/Paris'
    and (p_after_created_at is null or (o.created_at, o.id) > (p_after_created_at, p_after_order_id))
  order by o.created_at, o.id
  limit 1000;
end;
$$;
