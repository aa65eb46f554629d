-- The buyers' e-mail « Nouvelle version » (issue #28, item 5): when an administrator replaces a
-- product's file, each buyer who still has access to it is told once, per product change, not
-- per file. An outbox, drained by the scheduled send-confirmations as the order confirmations and
-- the credit notes are (20261126150400_send_confirmations, 20261129160300_credit_note_mails).
--
-- Queued by the « Nouvelle version » marker itself: attach_variant_file writes one new_versions row
-- per buyer and variant whose file it replaced; a trigger on that table queues, or postpones, the
-- buyer's mail about the variant's product. One pending mail per buyer and product: replacing
-- several variants' files of the product, one after the other, joins that mail, which leaves
-- five minutes after the last replacement (the debounce: an administrator replacing a product's
-- files one variant after another makes one mail). A buyer whose line gives no access (refunded,
-- disputed: private.line_gives_access) is not mailed, and one who erased their account neither
-- (their orders no longer name them, their rows here go with their auth user). Private: only the
-- functions below (service role) read or write it.
create table private.new_version_mails (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The order line's product (its variant's id for lines recorded before products were kept).
  product_id text not null check (char_length(product_id) between 1 and 255),
  product_title text not null check (char_length(product_title) between 1 and 500),
  -- When it may leave: five minutes after the last replacement it announces.
  due_at timestamptz not null,
  -- When the provider accepted it; null while it is to send.
  sent_at timestamptz
);

create unique index new_version_mails_one_pending_idx on private.new_version_mails (user_id, product_id) where sent_at is null;
create index new_version_mails_due_idx on private.new_version_mails (due_at) where sent_at is null;
create index new_version_mails_user_id_idx on private.new_version_mails (user_id);

revoke all on private.new_version_mails from public, anon, authenticated;

-- Whether the buyer still has a line of the product that gives access (the one rule of access).
create function private.buyer_has_product(p_user_id uuid, p_product_id text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.order_items i join public.orders o on o.id = i.order_id
     where o.user_id = p_user_id and coalesce(i.product_id, i.variant_id) = p_product_id
       and private.line_gives_access(o.status, i.refunded_at, o.dispute_status));
$$;

revoke all on function private.buyer_has_product(uuid, text) from public, anon, authenticated, service_role;

-- A marker set or renewed: the buyer's mail about that variant's product is queued, or, still
-- unsent, postponed to five minutes from now.
create function private.queue_new_version_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.new_version_mails (user_id, product_id, product_title, due_at)
  select new.user_id, coalesce(i.product_id, i.variant_id), i.product_title, now() + interval '5 minutes'
    from public.order_items i join public.orders o on o.id = i.order_id
   where o.user_id = new.user_id and i.variant_id = new.variant_id
     and private.line_gives_access(o.status, i.refunded_at, o.dispute_status)
   order by o.created_at desc
   limit 1
  on conflict (user_id, product_id) where sent_at is null
  do update set due_at = excluded.due_at, product_title = excluded.product_title;
  return null;
end;
$$;

revoke all on function private.queue_new_version_mail() from public, anon, authenticated, service_role;

create trigger new_versions_queue_mail
  after insert or update of replaced_at on public.new_versions
  for each row execute function private.queue_new_version_mail();

-- The mails due, oldest first, from the last seven days, of buyers who still have the product.
-- Service role only.
create function public.pending_new_version_mails(p_limit integer)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.id from private.new_version_mails m
   where m.sent_at is null and m.due_at <= now() and m.due_at > now() - interval '7 days'
     and private.buyer_has_product(m.user_id, m.product_id)
   order by m.due_at, m.id
   limit least(greatest(p_limit, 0), 1000);
$$;

revoke all on function public.pending_new_version_mails(integer) from public, anon, authenticated;
grant execute on function public.pending_new_version_mails(integer) to service_role;

-- What the mail says (the product, the buyer's address and name), or null once it was sent or if
-- the buyer no longer has the product. Service role only.
create function public.new_version_mail(p_mail_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('id', m.id, 'product_title', m.product_title, 'email', u.email, 'full_name', p.full_name)
    from private.new_version_mails m
    join auth.users u on u.id = m.user_id
    left join public.profiles p on p.id = m.user_id
   where m.id = p_mail_id and m.sent_at is null
     and private.buyer_has_product(m.user_id, m.product_id);
$$;

revoke all on function public.new_version_mail(uuid) from public, anon, authenticated;
grant execute on function public.new_version_mail(uuid) to service_role;

-- Marks the mail sent, once the provider accepted it; a repeated mark changes nothing. A file
-- replaced between the send and this mark joins the mail just sent: it already sends the buyer to
-- their library, where the newest version is.
create function public.mark_new_version_mailed(p_mail_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  update private.new_version_mails set sent_at = now() where id = p_mail_id and sent_at is null;
$$;

revoke all on function public.mark_new_version_mailed(uuid) from public, anon, authenticated;
grant execute on function public.mark_new_version_mailed(uuid) to service_role;
