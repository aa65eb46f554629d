-- An optional captcha on the contact form (issue 26; Cloudflare Turnstile or hCaptcha), off by
-- default. When the operator turns it on (private.contact_form_settings.captcha_required), a
-- message is stored only with a captcha pass: a single-use random value the `contact-captcha`
-- edge function asks the database for (public.issue_contact_captcha_pass, service role only) once
-- the provider's siteverify has accepted the widget's token. The browser then sends the message
-- itself, through the gateway, to public.send_contact_message as before: the rate limit keeps
-- keying on the client address the gateway's headers give, never on the function's address nor
-- on one the function would name. Without the setting, nothing changes.

-- The operator's switch, one row: `update private.contact_form_settings set captcha_required = true;`
create table private.contact_form_settings (
  only_row boolean primary key default true check (only_row),
  captcha_required boolean not null default false
);
insert into private.contact_form_settings default values;
revoke all on private.contact_form_settings from public, anon, authenticated, service_role;

create function private.contact_captcha_required()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$ select coalesce((select s.captcha_required from private.contact_form_settings s), false) $$;

revoke all on function private.contact_captcha_required() from public, anon, authenticated;

-- Passes not yet used, by their SHA-256 (the value itself is never stored), each for five minutes:
-- the time to send the form after the captcha (a Turnstile token itself lives 300 s).
create table private.contact_captcha_passes (
  pass_hash bytea primary key check (octet_length(pass_hash) = 32),
  expires_at timestamptz not null
);
revoke all on private.contact_captcha_passes from public, anon, authenticated, service_role;

-- Called by the contact-captcha function (service role) after the provider accepted a token.
-- Expired passes are deleted on the way, so the table holds at most five minutes of passes.
create function public.issue_contact_captcha_pass()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  pass text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  delete from private.contact_captcha_passes where expires_at <= now();
  insert into private.contact_captcha_passes (pass_hash, expires_at) values (sha256(convert_to(pass, 'UTF8')), now() + interval '5 minutes');
  return pass;
end;
$$;

revoke all on function public.issue_contact_captcha_pass() from public, anon, authenticated;
grant execute on function public.issue_contact_captcha_pass() to service_role;

comment on function public.issue_contact_captcha_pass() is
  'A single-use pass for send_contact_message, for the contact-captcha function once the captcha provider accepted a token.';

-- Spends p_pass: true when it was issued, unexpired and unused. Spent with the message's insert,
-- so a message refused afterwards (rate limit, the table's checks) leaves it unspent.
create function private.spend_contact_captcha_pass(p_pass text)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with spent as (
    delete from private.contact_captcha_passes
    where pass_hash = sha256(convert_to(coalesce(p_pass, ''), 'UTF8')) and expires_at > now()
    returning 1
  )
  select exists (select 1 from spent)
$$;

revoke all on function private.spend_contact_captcha_pass(text) from public, anon, authenticated;

-- send_contact_message gains p_captcha_pass. The bots' quiet refusal comes first, as before; then,
-- when the operator requires the captcha, a missing, unknown, spent or expired pass is refused
-- with PT403 (403): a person whose page has no widget (an old tab) must learn the message did not
-- go, so this refusal is not a quiet one.
drop function public.send_contact_message(text, text, text, text, text, text);

create function public.send_contact_message(
  p_name text, p_email text, p_subject text, p_message text, p_form_token text, p_website text default '',
  p_captcha_pass text default null)
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
  if private.contact_captcha_required() and not private.spend_contact_captcha_pass(p_captcha_pass) then
    raise exception 'Captcha verification required.'
      using errcode = 'PT403',
            detail = 'This form needs a pass from the contact-captcha function.',
            hint = 'captcha_required';
  end if;
  insert into public.contact_messages (name, email, subject, message) values (p_name, p_email, p_subject, p_message);
end;
$$;

revoke all on function public.send_contact_message(text, text, text, text, text, text, text) from public;
grant execute on function public.send_contact_message(text, text, text, text, text, text, text) to anon, authenticated;

comment on function public.send_contact_message(text, text, text, text, text, text, text) is
  'Sends the contact form; a bot''s message (honeypot filled, sent too fast, no token) is dropped quietly; with the captcha required, a message without a valid pass is refused (PT403).';
