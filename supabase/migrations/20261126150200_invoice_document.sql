-- invoice_document(order id): everything the invoice of one order shows, for the order's buyer or
-- an administrator only, and only once the seller's identity holds every mention the law requires.
-- Read as the caller (auth.uid()), so the invoice-pdf function asks with the caller's token and the
-- database, not the function, decides whose invoice it is. The figures are the order's as
-- recorded, and the number is the one record_order gave: the same order always yields the same
-- document. Refusals: PT404 « Facture introuvable » (not the caller's, or no such order); PT409
-- « Facture indisponible » while a mention is missing (the missing fields in the hint).
-- An issued invoice is never edited: the seller's identity it shows is frozen on the order the
-- first time the invoice is issued (orders.invoice_seller), so a later change in « Paramètres »
-- shows on the invoices issued after it and never on one already issued (the PT409 check applies
-- only before the first issue: a frozen identity is complete).
alter table public.orders add column invoice_seller jsonb check (invoice_seller is null or jsonb_typeof(invoice_seller) = 'object');

create or replace function public.invoice_document(p_order_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  ord public.orders;
  seller public.seller_settings;
  missing text[];
  frozen jsonb := null;
begin
  select o.* into ord from public.orders o
   where o.id = p_order_id
     and (o.user_id = caller or exists (select 1 from public.profiles p where p.id = caller and p.role = 'admin'));
  if caller is null or not found then
    raise exception 'Facture introuvable' using errcode = 'PT404', detail = 'Cette commande n''existe pas ou ne vous appartient pas.';
  end if;

  frozen := ord.invoice_seller;
  if frozen is null then
    select s.* into seller from public.seller_settings s;
    missing := coalesce(private.seller_settings_missing(seller), array['legal_name', 'address', 'siret', 'vat_regime', 'contact_email']);
    if cardinality(missing) > 0 then
      raise exception 'Facture indisponible' using errcode = 'PT409',
        detail = 'Les mentions légales du vendeur sont incomplètes ; l''administrateur doit les compléter dans Paramètres.',
        hint = array_to_string(missing, ',');
    end if;
    -- The first issue freezes the seller's identity on the order; a racing first issue waits on
    -- the row and keeps what the first one froze.
    update public.orders o
       set invoice_seller = jsonb_build_object(
             'legal_name', seller.legal_name,
             'legal_form', seller.legal_form,
             'address', seller.address,
             'siret', seller.siret,
             'vat_regime', seller.vat_regime,
             'vat_number', seller.vat_number,
             'vat_rate_basis_points', seller.vat_rate_basis_points,
             'contact_email', seller.contact_email)
     where o.id = ord.id and o.invoice_seller is null
     returning o.invoice_seller into frozen;
    if frozen is null then
      select o.invoice_seller into frozen from public.orders o where o.id = ord.id;
    end if;
  end if;

  return jsonb_build_object(
    'invoice_number', ord.invoice_number,
    'order_id', ord.id,
    'issued_at', ord.created_at,
    'paid_at', ord.created_at,
    'currency', ord.currency,
    'total_amount_cents', ord.total_amount_cents,
    'buyer', (
      select jsonb_build_object('email', u.email, 'full_name', p.full_name)
        from auth.users u left join public.profiles p on p.id = u.id
       where u.id = ord.user_id
    ),
    'seller', frozen,
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
               'product_title', i.product_title,
               'variant_title', i.variant_title,
               'quantity', i.quantity,
               'unit_price_cents', i.price_per_item_cents
             ) order by i.product_title, i.variant_title, i.id)
        from public.order_items i where i.order_id = ord.id
    ), '[]'::jsonb)
  );
end;
$$;

revoke all on function public.invoice_document(uuid) from public, anon, authenticated;
grant execute on function public.invoice_document(uuid) to authenticated;

comment on function public.invoice_document(uuid) is
  'The invoice of one order, for its buyer or an administrator, once the seller settings are complete.';
