-- The contact form's cheap anti-spam, without third parties (issue 26): a hidden honeypot field a
-- person leaves empty, and a minimum time between showing the form and sending it, proved by a
-- token the database signs when the form is shown. A bot's message is refused quietly: it is
-- answered like a sent one and nothing is stored. public.send_contact_message() is now the only
-- way in for the API roles; its insert still meets the rate limit and the table's checks.

-- The key that signs form tokens: random, made once, never leaves `private`.
create table private.contact_form_key (
  only_row boolean primary key default true check (only_row),
  key bytea not null check (octet_length(key) = 32)
);
insert into private.contact_form_key (key) values (extensions.gen_random_bytes(32));
revoke all on private.contact_form_key from public, anon, authenticated, service_role;

-- Seconds a person needs at least between seeing the form and sending it, and a token's lifetime.
create function private.contact_form_min_seconds()
returns integer
language sql
immutable
set search_path = ''
as $$ select 3 $$;

-- A token for a form shown at p_shown (seconds since the epoch): the time and its HMAC.
create function private.sign_contact_form(p_shown bigint)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p_shown::text || '.' || encode(extensions.hmac(convert_to(p_shown::text, 'UTF8'), k.key, 'sha256'), 'hex')
  from private.contact_form_key k
$$;

revoke all on function private.sign_contact_form(bigint) from public, anon, authenticated;

-- True when p_token is one this database signed, at least contact_form_min_seconds() and at most
-- a day ago.
create function private.contact_form_token_is_ripe(p_token text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(p_token ~ '^[0-9]{1,12}\.[0-9a-f]{64}$'
    and p_token = private.sign_contact_form(split_part(p_token, '.', 1)::bigint)
    and extract(epoch from now()) - split_part(p_token, '.', 1)::bigint
        between private.contact_form_min_seconds() and 86400, false)
$$;

revoke all on function private.contact_form_token_is_ripe(text) from public, anon, authenticated;

-- Called when the form is shown.
create function public.contact_form_token()
returns text
language sql
volatile
security definer
set search_path = ''
as $$ select private.sign_contact_form(floor(extract(epoch from clock_timestamp()))::bigint) $$;

revoke all on function public.contact_form_token() from public;
grant execute on function public.contact_form_token() to anon, authenticated;

comment on function public.contact_form_token() is
  'A signed token of the time the contact form is shown, for send_contact_message.';

-- Sends the contact form. p_website is the honeypot (empty for a person); p_form_token comes from
-- contact_form_token() when the form was shown. A filled honeypot or a token missing, forged, too
-- recent or older than a day: nothing is stored and the caller sees success. Otherwise the message
-- is inserted (rate limit: PT429; the table's checks: 23514).
create function public.send_contact_message(
  p_name text, p_email text, p_subject text, p_message text, p_form_token text, p_website text default '')
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if coalesce(p_website, '') <> '' or not private.contact_form_token_is_ripe(p_form_token) then
    return;
  end if;
  insert into public.contact_messages (name, email, subject, message) values (p_name, p_email, p_subject, p_message);
end;
$$;

revoke all on function public.send_contact_message(text, text, text, text, text, text) from public;
grant execute on function public.send_contact_message(text, text, text, text, text, text) to anon, authenticated;

comment on function public.send_contact_message(text, text, text, text, text, text) is
  'Sends the contact form; a bot''s message (honeypot filled, sent too fast, no token) is dropped quietly.';

-- The form no longer inserts into the table itself.
drop policy "Visitors can send a contact message" on public.contact_messages;
drop policy "Signed-in users can send a contact message" on public.contact_messages;
revoke insert on public.contact_messages from anon, authenticated;
