-- product_files: which digital file a catalogue variant delivers. record-order copies it into the
-- order's items; customers see file links only through their own order items.
create table public.product_files (
  variant_id text primary key check (char_length(variant_id) between 1 and 255),
  digital_file_url text not null check (digital_file_url ~ '^https?://' and char_length(digital_file_url) <= 2048),
  file_type text not null check (file_type in ('pdf', 'video', 'audio', 'other'))
);

alter table public.product_files enable row level security;

create policy "Administrators can view product files"
  on public.product_files for select to authenticated
  using ((select private.is_admin()));

revoke all on public.product_files from anon, authenticated;
grant select on public.product_files to authenticated;
grant select, insert, update, delete on public.product_files to service_role;
