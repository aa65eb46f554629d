-- The provider's own id of a checkout (issue 43). Stripe answers a Checkout Session id for every
-- checkout the shop opens, carries the shop's id back as its `client_reference_id`, and names the
-- session in the buyer's return address and in its webhooks: the functions find a checkout's
-- payment by retrieving that session, and the checkout a webhook is about by that id. Hostinger's
-- checkout answers no id of its own: null. A provider's checkout is one shop checkout: unique
-- (which also indexes the webhook's look-up).
--
-- Dated when it was written, this runs before the migrations dated 2026-11-29 16:00 to 2026-12-01
-- on a fresh database, and touches nothing they create.
--
-- Who may read or write it is the table's rule (20261122100500_checkout_sessions.sql), unchanged:
-- the buyer reads their own checkouts (the id is in their return address already), administrators
-- none, and only the service role writes (create-checkout records it with the pending checkout).
alter table public.checkout_sessions
  add column provider_checkout_id text unique
    check (provider_checkout_id is null or char_length(provider_checkout_id) between 1 and 255);

comment on column public.checkout_sessions.provider_checkout_id is
  'The provider''s own id of this checkout (a Stripe Checkout Session id); null where the provider gives none (Hostinger).';
