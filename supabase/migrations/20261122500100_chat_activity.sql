-- private.chat_activity: each chat participant's latest message, kept by triggers on
-- user_messages, so admin_conversations() reads one page of threads by index instead of working
-- out every customer's last activity on each call (about 100 ms a page at 10,000 customers and
-- 1,000,000 messages, growing with the customers; see `npm run bench:db`).
--
-- Every participant is tracked, administrators included, and admin_conversations() keeps the
-- customers at read time, so a role that changes later never leaves the list wrong. Bulk loads
-- that bypass triggers (session_replication_role = replica) call private.rebuild_chat_activity().
create table private.chat_activity (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  last_message_id uuid not null,
  last_message_at timestamptz not null
);

create index chat_activity_last_message_at_idx on private.chat_activity (last_message_at desc, user_id);

-- The latest message of one user, sent or received; among messages at the same instant the
-- smallest id, the order admin_conversations() always used. No row when none is left.
create function private.refresh_chat_activity(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  latest record;
begin
  select t.id, t.created_at into latest from (
    (select m.id, m.created_at from public.user_messages m
      where m.sender_id = p_user_id order by m.created_at desc, m.id limit 1)
    union all
    (select m.id, m.created_at from public.user_messages m
      where m.receiver_id = p_user_id order by m.created_at desc, m.id limit 1)
  ) t
  order by t.created_at desc, t.id
  limit 1;

  if latest.id is null then
    delete from private.chat_activity where user_id = p_user_id;
  else
    insert into private.chat_activity (user_id, last_message_id, last_message_at)
    values (p_user_id, latest.id, latest.created_at)
    on conflict (user_id) do update
      set last_message_id = excluded.last_message_id, last_message_at = excluded.last_message_at;
  end if;
end;
$$;

-- A new message moves both participants' activity forward (never back: an insert dated in the
-- past, as a bulk import may do, leaves a newer message in place).
create function private.track_chat_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.chat_activity as a (user_id, last_message_id, last_message_at)
    select participant, new.id, new.created_at
    from unnest(array[new.sender_id, new.receiver_id]) participant
    group by participant
    on conflict (user_id) do update
      set last_message_id = excluded.last_message_id, last_message_at = excluded.last_message_at
      where excluded.last_message_at > a.last_message_at
         or (excluded.last_message_at = a.last_message_at and excluded.last_message_id < a.last_message_id);
    return null;
  end if;

  -- A deleted or moved message (the service role only; customers may change is_read alone):
  -- recompute whoever it concerned, before and after.
  perform private.refresh_chat_activity(participant)
  from unnest(array[old.sender_id, old.receiver_id]
              || case when tg_op = 'UPDATE' then array[new.sender_id, new.receiver_id] else array[]::uuid[] end) participant
  group by participant;
  return null;
end;
$$;

create trigger user_messages_track_chat_activity_insert
  after insert on public.user_messages
  for each row execute function private.track_chat_activity();

create trigger user_messages_track_chat_activity_change
  after delete or update of sender_id, receiver_id, created_at on public.user_messages
  for each row execute function private.track_chat_activity();

create function private.rebuild_chat_activity()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.chat_activity;
  insert into private.chat_activity (user_id, last_message_id, last_message_at)
  select distinct on (p.participant) p.participant, m.id, m.created_at
  from public.user_messages m
  cross join lateral (values (m.sender_id), (m.receiver_id)) p(participant)
  order by p.participant, m.created_at desc, m.id;
$$;

select private.rebuild_chat_activity();

-- Same contract as before (see 20261122300200_admin_conversations.sql), read from chat_activity:
-- an index scan in activity order that stops after the page, then per row the profile, the
-- e-mail, the last message by id and the caller's unread count.
create or replace function public.admin_conversations(p_limit integer default 50, p_offset integer default 0)
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
  select a.user_id, p.full_name, u.email::text, p.avatar_url, m.content, m.sender_id, a.last_message_at,
         (select count(*)::integer from public.user_messages unread
           where unread.receiver_id = (select auth.uid()) and unread.sender_id = a.user_id and not unread.is_read)
  from private.chat_activity a
  join public.profiles p on p.id = a.user_id and p.role = 'customer'
  left join auth.users u on u.id = a.user_id
  join public.user_messages m on m.id = a.last_message_id
  order by a.last_message_at desc, a.user_id
  limit least(greatest(p_limit, 0), 200) offset greatest(p_offset, 0);
end;
$$;

revoke all on function private.refresh_chat_activity(uuid) from public, anon, authenticated;
revoke all on function private.track_chat_activity() from public, anon, authenticated;
revoke all on function private.rebuild_chat_activity() from public, anon, authenticated;
