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

-- Which object of the `deliverables` bucket each variant of the commerce sandbox's catalogue
-- delivers (its digitalFileMap); the local stack uploads the sample files there.
insert into public.product_files (variant_id, object_path, file_type)
values
  ('var_eveil_du_coeur', 'products/eveil-du-coeur.pdf', 'pdf'),
  ('var_sept_portes', 'products/sept-portes.pdf', 'pdf'),
  ('var_souffle_sacre', 'products/souffle-sacre.pdf', 'pdf'),
  ('var_chemin_interieur_standard', 'products/chemin-interieur.pdf', 'pdf'),
  ('var_chemin_interieur_annotee', 'products/chemin-interieur.pdf', 'pdf'),
  ('var_meditation_lumiere_interieure_10_minutes', 'products/meditation-lumiere-interieure.wav', 'audio'),
  ('var_meditation_lumiere_interieure_20_minutes', 'products/meditation-lumiere-interieure.wav', 'audio'),
  ('var_meditation_lumiere_interieure_45_minutes', 'products/meditation-lumiere-interieure.wav', 'audio'),
  ('var_coeur_apaise', 'products/coeur-apaise.wav', 'audio'),
  ('var_sommeil_profond', 'products/sommeil-profond.wav', 'audio'),
  ('var_gratitude', 'products/gratitude.wav', 'audio'),
  ('var_voyage_chakras_30_minutes', 'products/voyage-chakras.wav', 'audio'),
  ('var_voyage_chakras_60_minutes', 'products/voyage-chakras.wav', 'audio'),
  ('var_rituel_pleine_lune_hd', 'products/rituel-pleine-lune.webm', 'video'),
  ('var_rituel_pleine_lune_hd_livret', 'products/rituel-pleine-lune.webm', 'video'),
  ('var_rituel_aube', 'products/rituel-aube.webm', 'video'),
  ('var_rituel_purification', 'products/rituel-purification.webm', 'video'),
  ('var_rituel_solstice', 'products/rituel-solstice.webm', 'video'),
  ('var_flamme_interieure', 'products/flamme-interieure.webm', 'video'),
  ('var_art_du_silence', 'products/art-du-silence.pdf', 'pdf'),
  ('var_carnet_intentions', 'products/carnet-intentions.pdf', 'pdf'),
  ('var_coffret_chemin_lumiere', 'products/coffret-chemin-lumiere.zip', 'other')
on conflict (variant_id) do update set object_path = excluded.object_path, file_type = excluded.file_type;

-- The demo shop's seller identity, complete so that invoices work at once, and plainly fictitious
-- (a SIRET of the test range, a .test address). Only filled while nobody has saved settings: an
-- administrator's own entries are kept on the next start.
update public.seller_settings
   set legal_name = 'Lumière Sacrée (association fictive de démonstration)',
       legal_form = 'Association loi 1901',
       address = E'12 rue de l''Exemple\n75004 Paris\nFrance',
       siret = '00000000000000',
       vat_regime = 'franchise',
       contact_email = 'contact@lumiere-sacree.test'
 where legal_name is null and address is null and siret is null;

-- The demo shop's legal documents: the drafts' [[À COMPLÉTER]] markers filled with plainly
-- fictitious values, then each published once (version 1), so that the storefront shows them and
-- checkout (which needs a published CGV) works at once. Only while a document has no published
-- version: an administrator's own drafts and versions are kept on the next start.
update public.legal_documents d
   set draft_markdown = replace(replace(replace(replace(replace(replace(replace(d.draft_markdown,
              '[[À COMPLÉTER : numéro d''immatriculation]]', 'RNA W000000000 (fictif)'),
              '[[À COMPLÉTER : numéro de téléphone]]', '+33 1 00 00 00 00 (fictif)'),
              '[[À COMPLÉTER : nom et qualité du directeur de la publication]]', 'Claire Exemple, présidente de l''association (fictive)'),
              '[[À COMPLÉTER : nom, adresse et numéro de téléphone de l''hébergeur du site]]', 'Hébergeur de démonstration, 1 avenue de l''Exemple, 75000 Paris, +33 1 00 00 00 01 (fictif)'),
              '[[À COMPLÉTER : nom, adresse postale et site internet du médiateur de la consommation]]', 'Médiateur de démonstration, 2 place de l''Exemple, 75000 Paris, https://mediateur.example (fictif)'),
              '[[À COMPLÉTER : coordonnées du délégué à la protection des données, ou « aucun délégué désigné »]]', 'aucun délégué désigné'),
              '[[À COMPLÉTER : noms des sous-traitants et, s''il y a lieu, transferts hors de l''Union européenne et leurs garanties]]', 'services de démonstration fictifs, tous situés dans l''Union européenne ; aucun transfert hors de l''Union')
 where not exists (select 1 from public.legal_document_versions v where v.kind = d.kind);

select private.publish_legal_document(d.kind)
  from public.legal_documents d
 where not exists (select 1 from public.legal_document_versions v where v.kind = d.kind)
 order by d.kind;
