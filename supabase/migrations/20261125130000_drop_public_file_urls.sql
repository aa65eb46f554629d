-- The library now asks for signed links to objects of the private `deliverables` bucket: the
-- public file URLs go. A variant's object path becomes its own column (it followed the URL's file
-- name until now), and record_order copies only the path.

alter table public.product_files alter column object_path drop expression;
alter table public.product_files drop column digital_file_url;

drop index public.order_items_digital_order_id_idx;
alter table public.order_items drop column digital_file_url;
create index order_items_digital_order_id_idx on public.order_items (order_id) where file_path is not null;

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
    (order_id, variant_id, product_title, variant_title, image_url, quantity, price_per_item_cents, file_path, file_type)
  select recorded_id,
         line.item->>'variant_id',
         line.item->>'product_title',
         line.item->>'variant_title',
         line.item->>'image_url',
         (line.item->>'quantity')::integer,
         (line.item->>'unit_price_cents')::integer,
         files.object_path,
         files.file_type
    from jsonb_array_elements(pending.items) with ordinality as line(item, position)
    left join public.product_files files on files.variant_id = line.item->>'variant_id'
   order by line.position;

  update public.checkout_sessions set status = 'completed' where id = pending.id;
  return recorded_id;
end;
$$;
