-- contact_messages: anyone may write to the fellowship; only administrators read.
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  email text not null check (char_length(email) <= 320 and email ~* '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  subject text not null check (char_length(btrim(subject)) between 1 and 300),
  message text not null check (char_length(btrim(message)) between 1 and 10000),
  created_at timestamptz not null default now()
);

create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

alter table public.contact_messages enable row level security;

-- Open by design (the contact form); the constraints above are the validation.
create policy "Visitors can send a contact message"
  on public.contact_messages for insert to anon
  with check (true);

create policy "Signed-in users can send a contact message"
  on public.contact_messages for insert to authenticated
  with check (true);

create policy "Administrators can read contact messages"
  on public.contact_messages for select to authenticated
  using ((select private.is_admin()));

revoke all on public.contact_messages from anon, authenticated;
-- Column grants: a client cannot choose the id or backdate created_at.
grant insert (name, email, subject, message) on public.contact_messages to anon, authenticated;
grant select on public.contact_messages to authenticated;
grant select, insert, update, delete on public.contact_messages to service_role;
