-- invoice_document(order id) once the buyer's account may be erased (20261127110000_account_erasure):
-- an order without a user id still has its invoice, for the administrators only, naming the buyer
-- by the name frozen on the order (orders.invoice_buyer) and with no e-mail. Otherwise unchanged.
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
    -- The buyer's account, or once it is erased the name frozen on the order (no e-mail).
    'buyer', coalesce((
      select jsonb_build_object('email', u.email, 'full_name', p.full_name)
        from auth.users u left join public.profiles p on p.id = u.id
       where u.id = ord.user_id
    ), ord.invoice_buyer || jsonb_build_object('email', null)),
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
