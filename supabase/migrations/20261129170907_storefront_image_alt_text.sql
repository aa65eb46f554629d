-- The storefront's read answers each image's alternative text, `alt_text`, which the administrator
-- writes in the images panel, so the product page describes its pictures. The key is left out where
-- an image has none (every image of an imported store until described): the answer then stays the
-- commerce service's own shape, which tests/contract/catalogue-read.test.ts compares whole.
-- storefront_product reads this function, so its `media` follows. Only the images' select changes;
-- `create or replace` keeps the grants and the comment.

create or replace function public.storefront_products(
  p_ids text[] default null,
  p_offset integer default 0,
  p_limit integer default 12,
  p_order text default 'asc',
  p_sort_by text default 'order',
  p_is_hidden boolean default null,
  p_to_date timestamptz default null
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  first_row integer := coalesce(p_offset, 0);
  page_size integer := least(coalesce(p_limit, 12), 100);
  direction text := lower(coalesce(p_order, 'asc'));
  sort_key text := coalesce(p_sort_by, 'order');
  filter text := $f$ p.status = 'published' and p.deleted_at is null
                     and ($1 is null or p.id = any ($1)) and ($2 is null or p.updated_at <= $2) $f$;
  ordering text;
  total integer := 0;
  page_ids text[] := '{}'::text[];
  products jsonb;
begin
  if first_row < 0 or page_size < 0 then
    raise exception 'offset and limit must be non-negative integers' using errcode = '22023';
  end if;
  if direction not in ('asc', 'desc') then
    raise exception 'order must be asc or desc' using errcode = '22023';
  end if;
  ordering := case sort_key
    when 'order' then format('p.position %1$s, p.id %1$s', direction)
    when 'title' then format('p.title collate "C" %s, p.position, p.id', direction)
    when 'created_at' then format('p.created_at %s, p.position, p.id', direction)
    when 'updated_at' then format('p.updated_at %s, p.position, p.id', direction)
    when 'price' then format('(select min(coalesce(v.sale_price_in_cents, v.price_in_cents)) from public.product_variants v
                                where v.product_id = p.id and v.retired_at is null) %s nulls last, p.position, p.id', direction)
  end;
  if ordering is null then
    raise exception 'cannot sort by %', sort_key using errcode = '22023';
  end if;

  if p_is_hidden is distinct from true then
    execute format('select count(*)::integer from public.products p where %s', filter) into total using p_ids, p_to_date;
    execute format('select array(select p.id from public.products p where %s order by %s limit $3 offset $4)', filter, ordering)
      into page_ids using p_ids, p_to_date, page_size, first_row;
  end if;

  select coalesce(jsonb_agg(product order by page.n), '[]'::jsonb) into products
    from unnest(page_ids) with ordinality as page(id, n)
    join public.products p on p.id = page.id
    cross join lateral (
      select coalesce(c.symbol, upper(p.currency)) as symbol, '$1 ' || coalesce(c.symbol, upper(p.currency)) as template
        from (select null::text) nothing
        left join (values ('eur', '€'), ('usd', '$'), ('gbp', '£'), ('chf', 'CHF')) c(code, symbol) on c.code = p.currency
    ) money
    cross join lateral (
      select coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object('url', i.url, 'order', i.position, 'type', i.type, 'alt_text', i.alt_text))
                            order by i.position, i.id),
                      '[]'::jsonb) as list
        from public.product_images i where i.product_id = p.id
    ) images
    cross join lateral (
      select jsonb_build_object(
        'id', p.id,
        'title', p.title,
        'subtitle', p.subtitle,
        'ribbon_text', p.ribbon_text,
        'description', p.description,
        'thumbnail', images.list -> 0 ->> 'url',
        'purchasable', p.purchasable,
        'order', p.position,
        'site_product_selection', p.site_product_selection,
        'options', coalesce((
          select jsonb_agg(jsonb_build_object('id', o.id, 'title', o.title, 'values', coalesce((
                   select jsonb_agg(jsonb_build_object('id', ov.id, 'option_id', ov.option_id, 'variant_id', ov.variant_id,
                                                       'value', ov.value) order by v.position, v.id)
                     from public.product_option_values ov
                     join public.product_variants v on v.id = ov.variant_id and v.retired_at is null
                    where ov.option_id = o.id and ov.product_id = p.id), '[]'::jsonb)) order by o.position, o.id)
            from public.product_options o where o.product_id = p.id), '[]'::jsonb),
        'variants', coalesce((
          select jsonb_agg(jsonb_build_object(
                   'id', v.id,
                   'product_id', v.product_id,
                   'title', v.title,
                   'image_url', v.image_url,
                   'sku', v.sku,
                   'price_in_cents', v.price_in_cents,
                   'sale_price_in_cents', v.sale_price_in_cents,
                   'currency', p.currency,
                   'formatted_price', replace(money.template, '$1', replace(to_char(v.price_in_cents / 100.0, 'FM999999990.00'), '.', ',')),
                   'formatted_sale_price', replace(money.template, '$1', replace(to_char(v.sale_price_in_cents / 100.0, 'FM999999990.00'), '.', ',')),
                   'manage_inventory', v.manage_inventory,
                   'weight', v.weight,
                   'options', coalesce((
                     select jsonb_agg(jsonb_build_object('id', ov.id, 'option_id', ov.option_id, 'variant_id', ov.variant_id,
                                                         'value', ov.value) order by o.position, o.id)
                       from public.product_option_values ov
                       join public.product_options o on o.id = ov.option_id
                      where ov.variant_id = v.id and ov.product_id = p.id), '[]'::jsonb),
                   'inventory_quantity', case when v.manage_inventory then v.inventory_quantity end
                 ) order by v.position, v.id)
            from public.product_variants v where v.product_id = p.id and v.retired_at is null), '[]'::jsonb),
        'collections', coalesce((
          select jsonb_agg(jsonb_build_object('product_id', pc.product_id, 'collection_id', pc.collection_id, 'order', pc.position)
                           order by pc.position, pc.collection_id)
            from public.product_collections pc where pc.product_id = p.id), '[]'::jsonb),
        'additional_info', coalesce((
          select jsonb_agg(jsonb_build_object('id', a.id, 'order', a.position, 'title', a.title, 'description', a.description)
                           order by a.position, a.id)
            from public.product_additional_info a where a.product_id = p.id), '[]'::jsonb),
        'type', jsonb_build_object('value', p.type),
        'custom_fields', coalesce((
          select jsonb_agg(jsonb_build_object('id', f.id, 'title', f.title, 'is_required', f.is_required) order by f.position, f.id)
            from public.product_custom_fields f where f.product_id = p.id), '[]'::jsonb),
        'related_products', coalesce((
          select jsonb_agg(jsonb_build_object('id', r.id, 'section_title', r.section_title, 'related_type', r.related_type,
                                              'related_id', r.related_id, 'position', r.position) order by r.position, r.id)
            from public.related_products r where r.product_id = p.id), '[]'::jsonb),
        'currency_info', jsonb_build_object('code', p.currency, 'symbol', money.symbol, 'template', money.template),
        'updated_at', to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'images', images.list
      ) as product
    ) built;

  return jsonb_build_object('count', total, 'offset', first_row, 'limit', page_size, 'products', products);
end;
$$;
