-- user_messages: the private chat between a customer and the administrators. Participants read
-- their messages; a customer writes only as themselves and only to an administrator; an
-- administrator writes to anyone; only the receiver may mark a message read. Streamed by realtime.
create table public.user_messages (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null references public.profiles (id) on delete cascade,
  receiver_id uuid not null references public.profiles (id) on delete cascade,
  content text not null check (char_length(btrim(content)) > 0 and char_length(content) <= 4000),
  created_at timestamptz not null default now(),
  is_read boolean not null default false,
  check (sender_id <> receiver_id)
);

create index user_messages_sender_id_created_at_idx on public.user_messages (sender_id, created_at);
create index user_messages_receiver_id_created_at_idx on public.user_messages (receiver_id, created_at);
create index user_messages_unread_receiver_id_idx on public.user_messages (receiver_id) where not is_read;

alter table public.user_messages enable row level security;

create policy "Participants can read their messages"
  on public.user_messages for select to authenticated
  using (sender_id = (select auth.uid()) or receiver_id = (select auth.uid()));

create policy "Administrators can read every message"
  on public.user_messages for select to authenticated
  using ((select private.is_admin()));

create policy "Users can write as themselves to an administrator"
  on public.user_messages for insert to authenticated
  with check (
    sender_id = (select auth.uid())
    and (
      exists (select 1 from public.profiles where profiles.id = receiver_id and profiles.role = 'admin')
      or (select private.is_admin())
    )
  );

create policy "Receivers can mark their messages read"
  on public.user_messages for update to authenticated
  using (receiver_id = (select auth.uid()))
  with check (receiver_id = (select auth.uid()));

revoke all on public.user_messages from anon, authenticated;
grant select on public.user_messages to authenticated;
grant insert (sender_id, receiver_id, content) on public.user_messages to authenticated;
grant update (is_read) on public.user_messages to authenticated;
grant select, insert, update, delete on public.user_messages to service_role;

alter publication supabase_realtime add table public.user_messages;
