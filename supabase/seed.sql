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
  -- Any unique key: the id, or the e-mail of an account someone signed up by hand.
  on conflict do nothing
  returning id, email
)
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select users.id::text, users.id, jsonb_build_object('sub', users.id::text, 'email', users.email, 'email_verified', true), 'email', now(), now(), now()
from users
on conflict (provider_id, provider) do nothing;

-- The profile trigger made both profiles; the administrator's role is granted here, as
-- set-admin-role would.
update public.profiles set role = 'admin' where id = '00000000-0000-4000-a000-000000000001';

-- Which file each variant of the commerce sandbox's catalogue delivers (its digitalFileMap).
-- The sandbox's base URL differs per run; the seed runner passes it as shop.commerce_url.
insert into public.product_files (variant_id, digital_file_url, file_type)
select variant_id, coalesce(nullif(current_setting('shop.commerce_url', true), ''), 'http://127.0.0.1:54330') || path, file_type
from (values
    ('var_eveil_du_coeur', '/files/eveil-du-coeur.pdf', 'pdf'),
    ('var_sept_portes', '/files/sept-portes.pdf', 'pdf'),
    ('var_souffle_sacre', '/files/souffle-sacre.pdf', 'pdf'),
    ('var_chemin_interieur_standard', '/files/chemin-interieur.pdf', 'pdf'),
    ('var_chemin_interieur_annotee', '/files/chemin-interieur.pdf', 'pdf'),
    ('var_meditation_lumiere_interieure_10_minutes', '/files/meditation-lumiere-interieure.wav', 'audio'),
    ('var_meditation_lumiere_interieure_20_minutes', '/files/meditation-lumiere-interieure.wav', 'audio'),
    ('var_meditation_lumiere_interieure_45_minutes', '/files/meditation-lumiere-interieure.wav', 'audio'),
    ('var_coeur_apaise', '/files/coeur-apaise.wav', 'audio'),
    ('var_sommeil_profond', '/files/sommeil-profond.wav', 'audio'),
    ('var_gratitude', '/files/gratitude.wav', 'audio'),
    ('var_voyage_chakras_30_minutes', '/files/voyage-chakras.wav', 'audio'),
    ('var_voyage_chakras_60_minutes', '/files/voyage-chakras.wav', 'audio'),
    ('var_rituel_pleine_lune_hd', '/files/rituel-pleine-lune.avi', 'video'),
    ('var_rituel_pleine_lune_hd_livret', '/files/rituel-pleine-lune.avi', 'video'),
    ('var_rituel_aube', '/files/rituel-aube.avi', 'video'),
    ('var_rituel_purification', '/files/rituel-purification.avi', 'video'),
    ('var_rituel_solstice', '/files/rituel-solstice.avi', 'video'),
    ('var_flamme_interieure', '/files/flamme-interieure.avi', 'video'),
    ('var_art_du_silence', '/files/art-du-silence.pdf', 'pdf'),
    ('var_carnet_intentions', '/files/carnet-intentions.pdf', 'pdf'),
    ('var_coffret_chemin_lumiere', '/files/coffret-chemin-lumiere.zip', 'other')
) as files (variant_id, path, file_type)
on conflict (variant_id) do update set digital_file_url = excluded.digital_file_url, file_type = excluded.file_type;
