-- Local demo data: the demo administrator and customer, and which digital file each catalogue
-- variant of the commerce sandbox delivers. Idempotent. Never run against production.

-- Accounts as GoTrue writes them: bcrypt password, confirmed e-mail, an e-mail identity.
with demo (id, email, password, full_name) as (
  values
    ('00000000-0000-4000-a000-000000000001'::uuid, 'admin@lumiere-sacree.test', 'admin-demo-2026', 'Maître Élian'),
    ('00000000-0000-4000-a000-000000000002'::uuid, 'client@lumiere-sacree.test', 'client-demo-2026', 'Claire Martin')
),
users as (
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                          raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
  select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email,
         extensions.crypt(password, extensions.gen_salt('bf', 10)), now(),
         '{"provider":"email","providers":["email"]}', jsonb_build_object('full_name', full_name), now(), now(), false
  from demo
  on conflict (id) do nothing
  returning id, email
)
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select users.id::text, users.id, jsonb_build_object('sub', users.id::text, 'email', users.email, 'email_verified', true), 'email', now(), now(), now()
from users
on conflict (provider_id, provider) do nothing;

-- The profile trigger made both profiles; the administrator's role is granted here, as
-- set-admin-role would.
update public.profiles set role = 'admin' where id = '00000000-0000-4000-a000-000000000001';
