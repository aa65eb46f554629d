-- checkout_sessions: what create-checkout priced from the catalogue for a signed-in buyer, kept
-- until record-order turns the paid session into an order. Written only by the service role.
create table public.checkout_sessions (
  id text primary key check (char_length(id) between 1 and 255),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- [{variant_id, product_id, product_title, variant_title, image_url, quantity, unit_price_cents}]
  items jsonb not null check (jsonb_typeof(items) = 'array' and jsonb_array_length(items) > 0),
  total_amount_cents integer not null check (total_amount_cents >= 0),
  currency text not null default 'eur' check (currency ~ '^[a-z]{3}$'),
  status text not null default 'pending' check (status in ('pending', 'completed')),
  created_at timestamptz not null default now()
);

create index checkout_sessions_user_id_idx on public.checkout_sessions (user_id);

alter table public.checkout_sessions enable row level security;

create policy "Buyers can view their own checkouts"
  on public.checkout_sessions for select to authenticated
  using (user_id = (select auth.uid()));

revoke all on public.checkout_sessions from anon, authenticated;
grant select on public.checkout_sessions to authenticated;
grant select, insert, update, delete on public.checkout_sessions to service_role;
