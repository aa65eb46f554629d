-- record_order: turns a buyer's pending checkout into an order and its items, in one
-- transaction, once. Called only by the record-order edge function (service role) after it has
-- checked with the commerce service that the session is paid and matches what was priced.
--
-- Lines, prices, total and currency come from the checkout_sessions row that create-checkout
-- priced from the catalogue, never from the caller. Digital files come from product_files.
-- SECURITY DEFINER so that it does not depend on the service role's table grants; it lives in
-- public because PostgREST exposes RPC there, and only service_role may execute it.
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

  insert into public.orders (user_id, total_amount_cents, currency, status, checkout_session_id)
  values (pending.user_id, pending.total_amount_cents, pending.currency, 'completed', pending.id)
  on conflict (checkout_session_id) do nothing
  returning id into recorded_id;

  if recorded_id is null then
    select o.id into recorded_id from public.orders o where o.checkout_session_id = pending.id;
    return recorded_id;
  end if;

  insert into public.order_items
    (order_id, variant_id, product_title, variant_title, image_url, quantity, price_per_item_cents, digital_file_url, file_type)
  select recorded_id,
         line.item->>'variant_id',
         line.item->>'product_title',
         line.item->>'variant_title',
         line.item->>'image_url',
         (line.item->>'quantity')::integer,
         (line.item->>'unit_price_cents')::integer,
         files.digital_file_url,
         files.file_type
    from jsonb_array_elements(pending.items) with ordinality as line(item, position)
    left join public.product_files files on files.variant_id = line.item->>'variant_id'
   order by line.position;

  update public.checkout_sessions set status = 'completed' where id = pending.id;
  return recorded_id;
end;
$$;

revoke all on function public.record_order(text, uuid) from public, anon, authenticated;
grant execute on function public.record_order(text, uuid) to service_role;

comment on function public.record_order(text, uuid) is
  'Records the order of a paid checkout once (idempotent); service role only, via record-order.';
