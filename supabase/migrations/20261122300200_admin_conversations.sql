-- admin_conversations(): the customers' chat threads, newest activity first, a page at a time,
-- for the administrators' conversations page.
--
-- A customer's thread is every message they sent or received: customers may only write to an
-- administrator, so each of those messages is part of their conversation with the fellowship.
-- The unread count is what the calling administrator can clear (messages from that customer to
-- them, not yet read), the same rule as the "Receivers can mark their messages read" policy.
--
-- Cost on a large history (10k customers, 1M messages): the order needs every customer's last
-- activity, two backward probes each on (sender_id, created_at) and (receiver_id, created_at);
-- the last message, e-mail and unread count are then read for the requested page only, the count
-- from user_messages_unread_receiver_sender_idx. Never a scan of the messages table. Computed at read time rather
-- than kept in a summary table by a trigger, so bulk loads can never leave it stale.
--
-- SECURITY DEFINER with an explicit check, like admin_dashboard_stats: anyone but an
-- administrator is refused with 42501 instead of receiving a filtered list.
create function public.admin_conversations(p_limit integer default 50, p_offset integer default 0)
returns table (
  customer_id uuid,
  full_name text,
  email text,
  avatar_url text,
  last_message text,
  last_sender_id uuid,
  last_message_at timestamptz,
  unread_count integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'admin_conversations is reserved to administrators' using errcode = '42501';
  end if;

  return query
  with activity as (
    select p.id, last.created_at as last_at
    from public.profiles p
    cross join lateral (
      select t.created_at from (
        (select m.created_at from public.user_messages m
          where m.sender_id = p.id order by m.created_at desc limit 1)
        union all
        (select m.created_at from public.user_messages m
          where m.receiver_id = p.id order by m.created_at desc limit 1)
      ) t
      order by t.created_at desc
      limit 1
    ) last
    where p.role = 'customer'
  ),
  page as (
    select a.id, a.last_at from activity a
    order by a.last_at desc, a.id
    limit least(greatest(p_limit, 0), 200) offset greatest(p_offset, 0)
  )
  select page.id, p.full_name, u.email::text, p.avatar_url, last.content, last.sender_id, page.last_at,
         (select count(*)::integer from public.user_messages m
           where m.receiver_id = (select auth.uid()) and m.sender_id = page.id and not m.is_read)
  from page
  join public.profiles p on p.id = page.id
  left join auth.users u on u.id = page.id
  cross join lateral (
    select m.content, m.sender_id from public.user_messages m
    where (m.sender_id = page.id or m.receiver_id = page.id) and m.created_at = page.last_at
    order by m.id
    limit 1
  ) last
  order by page.last_at desc, page.id;
end;
$$;

revoke all on function public.admin_conversations(integer, integer) from public, anon;
grant execute on function public.admin_conversations(integer, integer) to authenticated;

comment on function public.admin_conversations(integer, integer) is
  'Customer chat threads (a page of at most 200), newest activity first, with the last message and the caller''s unread count. Administrators only (42501 otherwise).';
