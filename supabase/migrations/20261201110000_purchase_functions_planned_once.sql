-- A purchase's SQL functions planned once per connection rather than at every call (issue 24):
-- PostgreSQL 15 parses and plans the body of a `language sql` function afresh each time it is
-- called, unless it can inline it, which it never does for a SECURITY DEFINER function nor for
-- one with its own `set search_path`. Under `bench:load`, pg_stat_user_functions against
-- pg_stat_statements put that planning at 0.6 to 1.4 ms a call for order_confirmation(),
-- queue_admin_notifications(), checkout_terms() and admin_notification_choices(), and the
-- rollups' add_daily_sales(), add_daily_product_sales() and paris_day() pay it at every checkout,
-- order and order line. A purchase's statements replayed on one connection as REST sends them
-- used 6.1 ms of backend CPU before, 4.2 ms after (three alternating rounds of 390 purchases).
-- PL/pgSQL keeps each statement's plan for the connection's life. Same bodies, signatures,
-- volatility, security and grants (create or replace keeps the grants); only the language
-- changes.

create or replace function public.checkout_terms()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select jsonb_build_object(
      'cgv_version', v.version,
      'cgv_published_at', v.published_at,
      'cgv_label', 'J''ai lu et j''accepte les conditions générales de vente' || coalesce(' (version ' || v.version || ')', '') || '.',
      'immediate_access_label', 'Je demande l''accès immédiat à mes contenus numériques et je reconnais perdre mon droit de rétractation dès leur mise à disposition.'
    )
    from (select null) nothing
    left join lateral (
      select d.version, d.published_at from public.legal_document_versions d where d.kind = 'cgv' order by d.version desc limit 1
    ) v on true);
end;
$$;

create or replace function private.open_checkouts_per_customer()
returns integer
language plpgsql
immutable
set search_path = ''
as $$ begin return 3; end; $$;

create or replace function public.order_confirmation(p_order_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
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
     where o.id = p_order_id and o.confirmation_sent_at is null);
end;
$$;

create or replace function private.paris_day(p_at timestamptz)
returns date
language plpgsql
immutable
set search_path = ''
as $$ begin return (p_at at time zone 'Europe/Paris')::date; end; $$;

create or replace function private.add_daily_sales(p_day date, p_orders integer, p_revenue_cents bigint, p_checkouts integer, p_new_accounts integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.daily_sales as d (day, orders, revenue_cents, checkouts, new_accounts)
  values (p_day, p_orders, p_revenue_cents, p_checkouts, p_new_accounts)
  on conflict (day) do update
    set orders = d.orders + excluded.orders, revenue_cents = d.revenue_cents + excluded.revenue_cents,
        checkouts = d.checkouts + excluded.checkouts, new_accounts = d.new_accounts + excluded.new_accounts;
end;
$$;

create or replace function private.add_daily_product_sales(p_day date, p_product_title text, p_units integer, p_revenue_cents bigint, p_downloads integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.daily_product_sales as d (day, product_title, units, revenue_cents, downloads)
  values (p_day, p_product_title, p_units, p_revenue_cents, p_downloads)
  on conflict (day, product_title) do update
    set units = d.units + excluded.units, revenue_cents = d.revenue_cents + excluded.revenue_cents,
        downloads = d.downloads + excluded.downloads;
end;
$$;

create or replace function private.admin_notification_choices(p_topic text)
returns table (admin_id uuid, delivery public.admin_notification_delivery, digest_hour smallint)
language plpgsql stable security definer set search_path = '' as $$
begin
  return query
  select p.id,
         case p_topic
           when 'contact' then coalesce(n.contact, 'immediate')
           when 'chat' then coalesce(n.chat, 'immediate')
           when 'orders' then coalesce(n.orders, 'immediate')
         end,
         coalesce(n.digest_hour, 8::smallint)
    from public.profiles p
    left join public.admin_notification_preferences n on n.admin_id = p.id
   where p.role = 'admin';
end;
$$;

create or replace function private.next_digest_at(after timestamptz, hour smallint) returns timestamptz
language plpgsql stable set search_path = '' as $$
begin
  return (
    select case when today > after then today else tomorrow end
      from (select ((d + make_time(hour, 0, 0)) at time zone 'Europe/Paris') as today,
                   (((d + 1) + make_time(hour, 0, 0)) at time zone 'Europe/Paris') as tomorrow
              from (select (after at time zone 'Europe/Paris')::date as d) paris) t);
end;
$$;

create or replace function private.queue_admin_notifications(
  p_topic public.admin_notification_topic, p_event_at timestamptz,
  p_contact_message_id uuid, p_customer_id uuid, p_order_id uuid
) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  insert into public.admin_notifications
    (recipient_id, topic, delivery, contact_message_id, customer_id, order_id, event_at, last_event_at, due_at)
  select c.admin_id, p_topic, c.delivery, p_contact_message_id, p_customer_id, p_order_id, p_event_at, p_event_at,
         case c.delivery when 'immediate' then p_event_at else private.next_digest_at(p_event_at, c.digest_hour) end
    from private.admin_notification_choices(case p_topic when 'order' then 'orders' else p_topic::text end) c
   where c.delivery <> 'none'
     -- A conversation already notified to this administrator within 15 minutes gathers the line instead.
     and (p_topic <> 'chat' or not exists (
           select 1 from public.admin_notifications n
            where n.topic = 'chat' and n.customer_id = p_customer_id and n.recipient_id = c.admin_id
              and n.event_at > p_event_at - interval '15 minutes'));
end;
$$;
