-- seller_settings: the seller's identity as an invoice must show it (French law: legal name,
-- address, SIREN/SIRET, the VAT number and rate, or the franchise mention « TVA non applicable,
-- art. 293 B du CGI », a contact address). One row for the shop. Administrators read and write it
-- from the admin area's « Paramètres »; nobody else reads it directly: the invoice step reads it
-- through `invoice_document()` (a definer function), which refuses while a required mention is
-- missing. The row exists from this migration on, empty: the form only updates it, and may save it
-- incomplete, so an administrator can fill it in several sittings.
create table public.seller_settings (
  -- Always true: the table holds the shop's one row.
  id boolean primary key default true check (id),
  legal_name text check (legal_name is null or char_length(trim(legal_name)) between 1 and 200),
  -- « Association loi 1901 », « SAS au capital de 10 000 € », « Entrepreneur individuel »…
  legal_form text check (legal_form is null or char_length(trim(legal_form)) between 1 and 200),
  -- Street, postal code and town, one per line, as printed.
  address text check (address is null or char_length(trim(address)) between 1 and 500),
  -- SIRET (14 digits) or, for a seller without an establishment number, SIREN (9 digits).
  siret text check (siret is null or siret ~ '^([0-9]{9}|[0-9]{14})$'),
  -- `franchise`: no VAT charged (art. 293 B du CGI); `vat`: prices include VAT at vat_rate.
  vat_regime text check (vat_regime is null or vat_regime in ('franchise', 'vat')),
  vat_number text check (vat_number is null or vat_number ~ '^FR[0-9A-Z]{2}[0-9]{9}$'),
  -- In basis points: 2000 is 20 %.
  vat_rate_basis_points integer check (vat_rate_basis_points is null or vat_rate_basis_points between 1 and 10000),
  contact_email text check (contact_email is null or (char_length(contact_email) <= 320 and contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);

create index seller_settings_updated_by_idx on public.seller_settings (updated_by);

-- Who saved last and when: set by the database, not by the form.
create or replace function private.stamp_seller_settings()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end;
$$;

revoke all on function private.stamp_seller_settings() from public, anon, authenticated;

create trigger seller_settings_stamp
  before insert or update on public.seller_settings
  for each row execute function private.stamp_seller_settings();

-- The mentions still missing, in the order the form shows them; empty when an invoice may be issued.
create or replace function private.seller_settings_missing(s public.seller_settings)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array_remove(array[
    case when s.legal_name is null then 'legal_name' end,
    case when s.address is null then 'address' end,
    case when s.siret is null then 'siret' end,
    case when s.vat_regime is null then 'vat_regime' end,
    case when s.vat_regime = 'vat' and s.vat_number is null then 'vat_number' end,
    case when s.vat_regime = 'vat' and s.vat_rate_basis_points is null then 'vat_rate_basis_points' end,
    case when s.contact_email is null then 'contact_email' end
  ], null);
$$;

revoke all on function private.seller_settings_missing(public.seller_settings) from public, anon, authenticated;
grant execute on function private.seller_settings_missing(public.seller_settings) to service_role;

alter table public.seller_settings enable row level security;

create policy "Administrators can read the seller settings"
  on public.seller_settings for select to authenticated
  using ((select private.is_admin()));

create policy "Administrators can update the seller settings"
  on public.seller_settings for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

revoke all on public.seller_settings from anon, authenticated;
grant select on public.seller_settings to authenticated;
grant update (legal_name, legal_form, address, siret, vat_regime, vat_number, vat_rate_basis_points, contact_email)
   on public.seller_settings to authenticated;
grant select, insert, update, delete on public.seller_settings to service_role;

insert into public.seller_settings (id) values (true);
