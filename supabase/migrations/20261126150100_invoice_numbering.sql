-- Invoice numbers: each recorded order gets `FA-<year>-<six digits>` in the transaction that
-- records it, from one counter row per calendar year (Europe/Paris) locked by that transaction.
-- Not a sequence: a sequence hands out numbers that a rolled-back transaction never gives back,
-- and French law wants one unbroken chronological series. A counter row is locked until commit,
-- so concurrent orders queue on it and a failed one gives its number back with its rollback.
create table private.invoice_counters (
  year integer primary key check (year between 2000 and 9999),
  last_number integer not null check (last_number between 1 and 999999)
);

revoke all on private.invoice_counters from public, anon, authenticated;
grant select on private.invoice_counters to service_role;

-- The next number of the year `p_at` falls in (Paris time), consumed by the calling transaction.
create or replace function private.next_invoice_number(p_at timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  invoice_year integer := extract(year from p_at at time zone 'Europe/Paris')::integer;
  taken integer;
begin
  insert into private.invoice_counters as c (year, last_number) values (invoice_year, 1)
  on conflict (year) do update set last_number = c.last_number + 1
  returning c.last_number into taken;
  return format('FA-%s-%s', invoice_year, lpad(taken::text, 6, '0'));
end;
$$;

revoke all on function private.next_invoice_number(timestamptz) from public, anon, authenticated;

alter table public.orders
  add column invoice_number text unique check (invoice_number ~ '^FA-[0-9]{4}-[0-9]{6}$'),
  -- Set once the buyer's confirmation e-mail has been accepted by the mail provider.
  add column confirmation_sent_at timestamptz;

-- Every new order is numbered as it is inserted (record_order, or any insert by the service role
-- that brings no number): the number belongs to the row, so an insert that fails or is rolled back
-- gives it back. Only a bulk load of history (scripts/bench) brings its own numbers, and moves the
-- counters past them: one locked counter update per row would make 100,000 rows take minutes.
-- Definer: whoever may insert an order gets its number, without any right on the counters.
create or replace function private.number_order_invoice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.invoice_number := private.next_invoice_number(new.created_at);
  return new;
end;
$$;

revoke all on function private.number_order_invoice() from public, anon, authenticated;

-- Orders recorded before numbering existed take their numbers now, in the order they were recorded.
with numbered as (
  select id,
         extract(year from created_at at time zone 'Europe/Paris')::integer as year,
         row_number() over (partition by extract(year from created_at at time zone 'Europe/Paris') order by created_at, id) as n
    from public.orders
)
update public.orders o set invoice_number = format('FA-%s-%s', numbered.year, lpad(numbered.n::text, 6, '0'))
  from numbered where numbered.id = o.id;
insert into private.invoice_counters (year, last_number)
select split_part(invoice_number, '-', 2)::integer, max(split_part(invoice_number, '-', 3)::integer)
  from public.orders group by 1;
-- Earlier orders are not e-mailed now: their buyers were not promised a confirmation.
update public.orders set confirmation_sent_at = created_at;

alter table public.orders alter column invoice_number set not null;

create trigger orders_invoice_number
  before insert on public.orders
  for each row when (new.invoice_number is null) execute function private.number_order_invoice();

-- Re-order finds today's product by its id: the checkout knew it, the order now keeps it.
alter table public.order_items add column product_id text check (product_id is null or char_length(product_id) between 1 and 255);
update public.order_items i set product_id = line.item->>'product_id'
  from public.orders o, public.checkout_sessions s, jsonb_array_elements(s.items) line(item)
 where o.id = i.order_id and s.id = o.checkout_session_id and line.item->>'variant_id' = i.variant_id;

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

  -- Looked up before numbering: a repeated call must not consume a number.
  select o.id into recorded_id from public.orders o where o.checkout_session_id = pending.id;
  if found then
    return recorded_id;
  end if;

  -- Numbered by the trigger orders_invoice_number, in this transaction.
  insert into public.orders (user_id, total_amount_cents, currency, status, checkout_session_id)
  values (pending.user_id, pending.total_amount_cents, pending.currency, 'completed', pending.id)
  returning id into recorded_id;

  insert into public.order_items
    (order_id, variant_id, product_id, product_title, variant_title, image_url, quantity, price_per_item_cents, file_path, file_type)
  select recorded_id,
         line.item->>'variant_id',
         line.item->>'product_id',
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
