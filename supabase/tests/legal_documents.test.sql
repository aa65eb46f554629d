-- legal_documents and legal_document_versions: only administrators read and edit the drafts,
-- preview and publish; publishing is refused while a seller field or an [[À COMPLÉTER]] marker is
-- empty, and otherwise fills the seller's identity and numbers the version; everyone, anon
-- included, reads the published versions and nothing else; a version is immutable for every role,
-- the owner included.
begin;
\ir helpers/setup.psql
select plan(30);

select tests.create_user('legal-customer@example.test');
select tests.create_user('legal-admin@example.test');
select tests.make_admin('legal-admin@example.test');
-- The database may hold the seed's versions: count from what is there.
create temporary table before_test on commit drop as
  select kind, coalesce(max(version), 0) as last from public.legal_documents d left join public.legal_document_versions v using (kind) group by kind;
grant select on before_test to anon, authenticated, service_role;
update public.seller_settings set legal_name = null, legal_form = null, address = null, siret = null, vat_regime = null, contact_email = null;
update public.legal_documents set draft_markdown = E'# Mentions\n\nÉditeur : {{vendeur.nom}}, {{vendeur.tva}}.\nTéléphone : [[À COMPLÉTER : numéro de téléphone]]' where kind = 'mentions-legales';

-- anon
select tests.clear_authentication();
select throws_ok($$ select * from public.legal_documents $$, '42501', null, 'anon cannot read a draft');
select throws_ok($$ update public.legal_documents set draft_markdown = 'x' $$, '42501', null, 'anon cannot edit a draft');
select throws_ok($$ select public.publish_legal_document('cgv') $$, '42501', null, 'anon cannot publish');
select throws_ok($$ select public.preview_legal_document('x') $$, '42501', null, 'anon cannot preview');
select throws_ok($$ insert into public.legal_document_versions (kind, version, title, body_markdown) values ('cgv', 999, 'CGV', 'x') $$, '42501', null, 'anon cannot write a version');

-- a customer
select tests.authenticate_as('legal-customer@example.test');
select is_empty($$ select * from public.legal_documents $$, 'a customer sees no draft');
select is_empty($$ update public.legal_documents set draft_markdown = 'Client' returning 1 $$, 'a customer''s edit touches no draft');
select throws_ok($$ select public.publish_legal_document('cgv') $$, '42501', null, 'a customer cannot publish');
select throws_ok($$ select public.preview_legal_document('x') $$, '42501', null, 'a customer cannot preview');
select throws_ok($$ insert into public.legal_document_versions (kind, version, title, body_markdown) values ('cgv', 999, 'CGV', 'x') $$, '42501', null, 'a customer cannot write a version');

-- the administrator
select tests.authenticate_as('legal-admin@example.test');
select is((select count(*)::integer from public.legal_documents), 3, 'an administrator reads the three drafts');
select ok((select draft_markdown like '%L221-28 13°%' and draft_markdown like '%médiateur de la consommation%' from public.legal_documents where kind = 'cgv'),
  'the CGV draft states the withdrawal exception and names the consumer mediator');
select is(
  public.preview_legal_document(E'{{vendeur.nom}} {{vendeur.inconnu}} [[À COMPLÉTER : médiateur]]') -> 'missing',
  '["vendeur.nom", "vendeur.inconnu", "À COMPLÉTER : médiateur"]'::jsonb,
  'the preview names every empty seller field, unknown placeholder and marker, in order');
select throws_ok($$ select public.publish_legal_document('mentions-legales') $$, 'PT409', 'Publication impossible',
  'publishing is refused while a seller field is empty');
reset role;
update public.seller_settings set legal_name = 'Association Témoin', address = E'1 rue de la Paix\n75002 Paris', siret = '12345678900011',
  vat_regime = 'franchise', contact_email = 'contact@example.test';
select tests.authenticate_as('legal-admin@example.test');
select throws_ok($$ select public.publish_legal_document('mentions-legales') $$, 'PT409', 'Publication impossible',
  'publishing is refused while an [[À COMPLÉTER]] marker remains');
select results_eq($$ update public.legal_documents set draft_markdown = replace(draft_markdown, '[[À COMPLÉTER : numéro de téléphone]]', '01 23 45 67 89')
  where kind = 'mentions-legales' returning updated_by $$, $$ values (tests.user_id('legal-admin@example.test')) $$,
  'an administrator edits a draft, and the database records who did');
select throws_ok($$ update public.legal_documents set title = 'Autre' $$, '42501', null, 'but not its title');
select is(public.preview_legal_document(E'{{vendeur.adresse}} · {{vendeur.tva}}') ->> 'markdown',
  '1 rue de la Paix, 75002 Paris · TVA non applicable, art. 293 B du CGI', 'the preview fills the seller''s identity from Paramètres');
select is(public.publish_legal_document('mentions-legales'), (select last + 1 from before_test where kind = 'mentions-legales'),
  'once complete, publishing creates the next version');
select is(public.publish_legal_document('mentions-legales'), (select last + 2 from before_test where kind = 'mentions-legales'),
  'publishing again creates another version');
select is((select body_markdown from public.legal_document_versions where kind = 'mentions-legales' and version = (select last + 1 from before_test where kind = 'mentions-legales')),
  E'# Mentions\n\nÉditeur : Association Témoin, TVA non applicable, art. 293 B du CGI.\nTéléphone : 01 23 45 67 89',
  'the version holds the text as filled at publication');
select throws_ok($$ update public.legal_document_versions set body_markdown = 'réécrit' $$, '42501', null, 'an administrator cannot rewrite a version');
select throws_ok($$ delete from public.legal_document_versions $$, '42501', null, 'nor delete one');

-- the published versions are everyone's to read, the drafts no one's but the administrators'
reset role;
update public.seller_settings set legal_name = 'Nouveau nom';
select tests.clear_authentication();
select is((select count(*)::integer from public.legal_document_versions v join before_test b using (kind) where v.version > b.last), 2,
  'anon reads the published versions');
select is((select body_markdown like '%Association Témoin%' from public.legal_document_versions where kind = 'mentions-legales' order by version desc limit 1), true,
  'a later change of the seller settings leaves a published version as it was');

-- immutable for every role, the owner included
select tests.authenticate_as('legal-customer@example.test');
select throws_ok($$ delete from public.legal_document_versions $$, '42501', null, 'a customer cannot delete a version');
select tests.authenticate_as_service_role();
select throws_ok($$ update public.legal_document_versions set title = 'x' $$, '42501', null, 'the service role cannot rewrite a version');
select throws_ok($$ delete from public.legal_document_versions $$, '42501', null, 'nor delete one');
reset role;
select throws_ok($$ update public.legal_document_versions set title = 'x' $$, '42501', null, 'the owner cannot rewrite a version');
select throws_ok($$ truncate public.legal_document_versions $$, '42501', null, 'nor truncate them');

select * from finish();
rollback;
