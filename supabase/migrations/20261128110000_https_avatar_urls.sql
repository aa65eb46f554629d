-- profiles.avatar_url accepted any string of up to 2,048 characters, `javascript:alert(1)`
-- included, and admin_conversations hands it to administrators (issue #23). Now it holds an
-- https URL or nothing: private.is_https_url decides, in a CHECK constraint, so the customer
-- updating their own row, the service role and every function reading it meet the same rule.
-- The other URL columns are not the customer's to write: order_items.image_url (and the lines of
-- checkout_sessions) come from the commerce catalogue through record_order, which must record a
-- paid order whatever the catalogue says; product_files' and order_items' digital_file_url are
-- written by administrators and already restricted to http(s); crash_reports.page_url is the
-- app's own address (http locally) and already restricted to http(s).

-- An absolute https URL with a host, at most 2,048 characters (what browsers and servers accept
-- everywhere), with no whitespace, control character, quote, angle bracket or backslash anywhere:
-- nothing a browser would trim, re-interpret or let out of an attribute. No user:password@ part.
create function private.is_https_url(p_url text)
returns boolean
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select char_length(p_url) <= 2048
     and p_url ~ '^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]"''<>\\`]*)?$';
$$;

revoke all on function private.is_https_url(text) from public, anon;
grant execute on function private.is_https_url(text) to authenticated, service_role;

-- Whatever was stored before the rule: dropped rather than kept unchecked.
update public.profiles set avatar_url = null where avatar_url is not null and not private.is_https_url(avatar_url);

alter table public.profiles drop constraint profiles_avatar_url_check;
alter table public.profiles add constraint profiles_avatar_url_https check (avatar_url is null or private.is_https_url(avatar_url));
