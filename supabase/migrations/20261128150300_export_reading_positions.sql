-- The RGPD export (export_my_data, issue #22) with what issue #28 keeps about each buyer: where
-- they stopped in each item (reading_positions) and the « Nouvelle version » markers they have not
-- opened yet (new_versions). The rest of the function is unchanged.
create or replace function public.export_my_data()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  account auth.users;
begin
  select u.* into account from auth.users u where u.id = caller;
  if caller is null or not found then
    raise exception 'export_my_data is reserved to signed-in users' using errcode = '42501';
  end if;

  return jsonb_build_object(
    'exported_at', now(),
    'account', jsonb_build_object(
      'id', account.id,
      'email', account.email,
      'phone', account.phone,
      'created_at', account.created_at,
      'email_confirmed_at', account.email_confirmed_at,
      'last_sign_in_at', account.last_sign_in_at,
      'user_metadata', account.raw_user_meta_data),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = caller),
    'orders', coalesce((
      select jsonb_agg(to_jsonb(o) || jsonb_build_object('items', coalesce((
               select jsonb_agg(to_jsonb(i) order by i.product_title, i.id)
                 from public.order_items i where i.order_id = o.id), '[]'::jsonb))
             order by o.created_at, o.id)
        from public.orders o where o.user_id = caller), '[]'::jsonb),
    'checkout_sessions', coalesce((
      select jsonb_agg(to_jsonb(c) order by c.created_at, c.id)
        from public.checkout_sessions c where c.user_id = caller), '[]'::jsonb),
    'payment_issues', coalesce((
      select jsonb_agg(to_jsonb(i) - 'handled_by' order by i.detected_at, i.checkout_session_id)
        from public.payment_issues i where i.user_id = caller), '[]'::jsonb),
    'downloads', coalesce((
      select jsonb_agg(to_jsonb(l) order by l.created_at, l.id)
        from public.download_links l where l.user_id = caller), '[]'::jsonb),
    'chat_messages', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.created_at, m.id)
        from public.user_messages m where m.sender_id = caller or m.receiver_id = caller), '[]'::jsonb),
    'contact_messages', coalesce((
      select jsonb_agg(to_jsonb(m) order by m.created_at, m.id)
        from public.contact_messages m where account.email is not null and lower(m.email) = lower(account.email)), '[]'::jsonb),
    'crash_reports', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.created_at, r.id)
        from public.crash_reports r where r.user_id = caller), '[]'::jsonb),
    'role_changes', coalesce((
      select jsonb_agg(to_jsonb(c) - 'changed_by' order by c.changed_at, c.id)
        from public.admin_role_changes c where c.user_id = caller), '[]'::jsonb),
    'reading_positions', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.updated_at, r.order_item_id)
        from public.reading_positions r where r.user_id = caller), '[]'::jsonb),
    'new_versions', coalesce((
      select jsonb_agg(to_jsonb(v) order by v.replaced_at, v.variant_id)
        from public.new_versions v where v.user_id = caller), '[]'::jsonb),
    'rate_limit_counters', coalesce((
      select jsonb_agg(to_jsonb(r) order by r.key)
        from private.rate_limits r where position(caller::text in r.key) > 0), '[]'::jsonb)
  );
end;
$$;
