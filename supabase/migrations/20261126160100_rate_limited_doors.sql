-- The doors a bot can knock on, each limited by private.take_rate_limit (README "Rate limits"):
-- the contact form per client address, the chat per sender, checkouts per customer. Only requests
-- made through the API as anon or a signed-in user count; the service role and direct SQL (seeds,
-- benchmarks, the operator) are not visitors.

create function private.limit_contact_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.role()) in ('anon', 'authenticated') then
    perform private.take_rate_limit('contact:' || private.client_address_key(), 5, interval '10 minutes');
  end if;
  return new;
end;
$$;

revoke all on function private.limit_contact_messages() from public, anon, authenticated;

create trigger contact_messages_rate_limit
  before insert on public.contact_messages
  for each row execute function private.limit_contact_messages();

-- A customer may send a burst of 10 in a minute and 30 in ten minutes; an administrator answering
-- many customers, 60 a minute.
create function private.limit_user_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.role()) = 'authenticated' then
    if (select private.is_admin()) then
      perform private.take_rate_limit('chat-admin:' || new.sender_id, 60, interval '1 minute');
    else
      perform private.take_rate_limit('chat-burst:' || new.sender_id, 10, interval '1 minute');
      perform private.take_rate_limit('chat:' || new.sender_id, 30, interval '10 minutes');
    end if;
  end if;
  return new;
end;
$$;

revoke all on function private.limit_user_messages() from public, anon, authenticated;

create trigger user_messages_rate_limit
  before insert on public.user_messages
  for each row execute function private.limit_user_messages();

-- Checkouts open pending at once per customer (those of the last 24 hours: older ones have
-- expired at the commerce service).
create function private.open_checkouts_per_customer()
returns integer
language sql
immutable
set search_path = ''
as $$ select 3 $$;

-- Called by create-checkout as the signed-in buyer before it opens a session at the commerce
-- service: counts one checkout (at most 5 in ten minutes) and refuses with PT429 while the buyer
-- already has open_checkouts_per_customer() pending checkouts.
create function public.claim_checkout()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  buyer uuid := (select auth.uid());
begin
  if buyer is null then
    raise exception 'claim_checkout: sign in first' using errcode = '42501';
  end if;
  perform private.take_rate_limit('checkout:' || buyer, 5, interval '10 minutes');
  if (select count(*) from public.checkout_sessions s
      where s.user_id = buyer and s.status = 'pending' and s.created_at > now() - interval '24 hours')
     >= private.open_checkouts_per_customer() then
    raise exception 'Too many checkouts are open: finish or abandon one first.'
      using errcode = 'PT429',
            detail = format('At most %s pending checkouts at once.', private.open_checkouts_per_customer());
  end if;
end;
$$;

revoke all on function public.claim_checkout() from public, anon;
grant execute on function public.claim_checkout() to authenticated;

comment on function public.claim_checkout() is
  'Counts one checkout for the signed-in buyer: PT429 past 5 in ten minutes or with 3 pending checkouts open.';
