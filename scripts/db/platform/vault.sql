-- Supabase Vault's interface: vault.secrets, vault.create_secret, vault.update_secret and the
-- vault.decrypted_secrets view, readable by the server-side roles only, as on hosted Supabase.
-- Encrypted at rest with pgcrypto (hosted Vault uses libsodium) under a key the server generates
-- once into its data folder (vault.key, readable by the server's OS user only): a dump of the
-- database alone does not reveal a secret.
create schema if not exists vault;

do $$
declare
  key_file text := pg_catalog.current_setting('data_directory') || '/vault.key';
begin
  if pg_catalog.pg_stat_file('vault.key', true) is null then
    execute pg_catalog.format('copy (select pg_catalog.encode(extensions.gen_random_bytes(32), %L)) to %L', 'hex', key_file);
  end if;
end
$$;

create or replace function vault._root_key() returns text
language sql stable security definer set search_path = '' as $$
  select pg_catalog.btrim(pg_catalog.pg_read_file('vault.key'), E'\n')
$$;

-- The roles that may read secrets decrypt through this, never holding the key themselves.
create or replace function vault._decrypt(ciphertext text) returns text
language sql stable security definer set search_path = '' as $$
  select extensions.pgp_sym_decrypt(pg_catalog.decode(ciphertext, 'base64'), vault._root_key())
$$;

create table if not exists vault.secrets (
  id uuid primary key default extensions.gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null;

-- Whatever writes vault.secrets.secret (the functions below or a plain insert) stores ciphertext.
create or replace function vault._encrypt_secret() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.secret := pg_catalog.encode(extensions.pgp_sym_encrypt(new.secret, vault._root_key()), 'base64');
  return new;
end
$$;
drop trigger if exists encrypt_secret on vault.secrets;
create trigger encrypt_secret before insert or update of secret on vault.secrets
  for each row execute function vault._encrypt_secret();

create or replace view vault.decrypted_secrets as
  select s.id, s.name, s.description, s.secret,
         vault._decrypt(s.secret) as decrypted_secret,
         s.key_id, s.nonce, s.created_at, s.updated_at
  from vault.secrets as s;

create or replace function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default '',
  new_key_id uuid default null
) returns uuid
language sql security definer set search_path = '' as $$
  insert into vault.secrets (secret, name, description, key_id)
  values (new_secret, new_name, coalesce(new_description, ''), new_key_id)
  returning id
$$;

create or replace function vault.update_secret(
  secret_id uuid,
  new_secret text default null,
  new_name text default null,
  new_description text default null,
  new_key_id uuid default null
) returns void
language sql security definer set search_path = '' as $$
  update vault.secrets set
    secret = coalesce(new_secret, vault._decrypt(secret)),
    name = coalesce(new_name, name),
    description = coalesce(new_description, description),
    key_id = coalesce(new_key_id, key_id),
    updated_at = now()
  where id = secret_id
$$;

revoke all on schema vault from public;
revoke all on all tables in schema vault from public, anon, authenticated;
revoke all on all functions in schema vault from public, anon, authenticated;
grant usage on schema vault to postgres, service_role;
grant select, insert, update, delete on vault.secrets, vault.decrypted_secrets to postgres, service_role;
grant execute on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid),
  vault._decrypt(text) to postgres, service_role;
