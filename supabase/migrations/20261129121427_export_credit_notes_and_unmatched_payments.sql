-- The RGPD export (export_my_data, issues #22 and #28) with two more kinds of the caller's data:
-- - credit_notes: the credit notes (« avoirs ») of the caller's orders, whole rows but for
--   `created_by`, the administrator who refunded (another person's id, left out as the payment
--   issues' `handled_by` and the role changes' `changed_by` are);
-- - unmatched_payments: the payments no checkout claimed that were paid under the caller's account
--   e-mail (compared without regard to case, as the contact messages are), whole rows but for
--   `attached_by`, the administrator who attached one.
-- The rest of the function is unchanged (20261128150300_export_reading_positions).
--
-- public.credit_notes is created by 20261129160000_refunds_and_disputes, dated ahead of the
-- calendar, which runs after this file on a fresh database. This file creates nothing it depends
-- on and changes nothing of it: PL/pgSQL resolves the table only when the function runs, never at
-- creation, and by then every migration has been applied. No later migration redefines this
-- function.
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
    'credit_notes', coalesce((
      select jsonb_agg(to_jsonb(n) - 'created_by' order by n.created_at, n.id)
        from public.credit_notes n
       where n.order_id in (select o.id from public.orders o where o.user_id = caller)), '[]'::jsonb),
    'checkout_sessions', coalesce((
      select jsonb_agg(to_jsonb(c) order by c.created_at, c.id)
        from public.checkout_sessions c where c.user_id = caller), '[]'::jsonb),
    'payment_issues', coalesce((
      select jsonb_agg(to_jsonb(i) - 'handled_by' order by i.detected_at, i.checkout_session_id)
        from public.payment_issues i where i.user_id = caller), '[]'::jsonb),
    'unmatched_payments', coalesce((
      select jsonb_agg(to_jsonb(p) - 'attached_by' order by p.paid_at, p.payment_id)
        from public.unmatched_payments p
       where account.email is not null and lower(p.customer_email) = lower(account.email)), '[]'::jsonb),
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
