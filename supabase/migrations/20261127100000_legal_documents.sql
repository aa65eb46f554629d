-- Legal documents (issue #22): the « Mentions légales », the « Conditions générales de vente » and
-- the « Politique de confidentialité », edited by administrators as Markdown drafts
-- (`legal_documents`, one row per document) and published as numbered, immutable versions
-- (`legal_document_versions`) that everyone reads: /cgv?version=N stays readable because an order
-- refers to the CGV its buyer accepted.
--
-- A draft names the seller's identity by placeholders filled from `seller_settings` (the invoice's
-- « Paramètres ») when it is published: {{vendeur.nom}}, {{vendeur.forme_juridique}},
-- {{vendeur.adresse}}, {{vendeur.siret}}, {{vendeur.tva}} (the franchise mention or the VAT
-- number), {{vendeur.email}}. What the owner alone can say (a telephone number, the mediator, the
-- host) is marked [[À COMPLÉTER : …]]. Publishing is refused (PT409, the missing items in the hint)
-- while a placeholder has no value or a marker remains, so a published version is always complete;
-- a version keeps the text as filled then, and never changes afterwards.
create table public.legal_documents (
  kind text primary key check (kind in ('mentions-legales', 'cgv', 'confidentialite')),
  title text not null check (char_length(trim(title)) between 1 and 200),
  draft_markdown text not null check (char_length(trim(draft_markdown)) between 1 and 100000),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);

create index legal_documents_updated_by_idx on public.legal_documents (updated_by);

create table public.legal_document_versions (
  kind text not null references public.legal_documents (kind),
  version integer not null check (version >= 1),
  title text not null check (char_length(trim(title)) between 1 and 200),
  body_markdown text not null check (char_length(trim(body_markdown)) between 1 and 100000),
  published_at timestamptz not null default now(),
  primary key (kind, version)
);

-- Who saved a draft last and when: set by the database, not by the form.
create or replace function private.stamp_legal_document()
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

revoke all on function private.stamp_legal_document() from public, anon, authenticated;

create trigger legal_documents_stamp
  before update on public.legal_documents
  for each row execute function private.stamp_legal_document();

-- A published version is never edited nor removed, by any role, the owner included.
create or replace function private.refuse_legal_version_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'a published legal document version is immutable' using errcode = '42501';
end;
$$;

revoke all on function private.refuse_legal_version_change() from public, anon, authenticated;

create trigger legal_document_versions_immutable
  before update or delete on public.legal_document_versions
  for each row execute function private.refuse_legal_version_change();
create trigger legal_document_versions_no_truncate
  before truncate on public.legal_document_versions
  for each statement execute function private.refuse_legal_version_change();

-- The draft with the seller's identity filled in, and what is still missing (the placeholders
-- without a value, unknown ones included, then the owner's markers), in the order they appear.
create or replace function private.fill_legal_placeholders(p_markdown text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  s public.seller_settings;
  fields jsonb;
  filled text := p_markdown;
  missing text[] := array[]::text[];
  token text;
begin
  select * into s from public.seller_settings;
  fields := jsonb_strip_nulls(jsonb_build_object(
    'vendeur.nom', s.legal_name,
    'vendeur.forme_juridique', s.legal_form,
    'vendeur.adresse', replace(s.address, E'\n', ', '),
    'vendeur.siret', s.siret,
    'vendeur.email', s.contact_email,
    'vendeur.tva', case s.vat_regime
                     when 'franchise' then 'TVA non applicable, art. 293 B du CGI'
                     when 'vat' then 'numéro de TVA intracommunautaire ' || s.vat_number
                   end));
  for token in
    select name from (
      select m[1] as name, min(ordinality) as first from regexp_matches(p_markdown, '\{\{([^{}]*)\}\}', 'g') with ordinality as t(m, ordinality) group by m[1]
    ) found order by first
  loop
    if fields ? token then
      filled := replace(filled, '{{' || token || '}}', fields ->> token);
    else
      missing := missing || token;
    end if;
  end loop;
  missing := missing || coalesce((
    select array_agg(name order by first) from (
      select m[1] as name, min(ordinality) as first from regexp_matches(filled, '\[\[\s*(À COMPLÉTER[^\]]*?)\s*\]\]', 'g') with ordinality as t(m, ordinality) group by m[1]
    ) markers
  ), array[]::text[]);
  return jsonb_build_object('markdown', filled, 'missing', to_jsonb(missing));
end;
$$;

revoke all on function private.fill_legal_placeholders(text) from public, anon, authenticated;

-- Publishes a draft as its next version. Without a caller check: the seed publishes the demo's
-- documents through it; the API's way in is public.publish_legal_document().
create or replace function private.publish_legal_document(p_kind text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  doc public.legal_documents;
  filled jsonb;
  next_version integer;
begin
  -- Concurrent publications of one document queue on its draft's row.
  select * into doc from public.legal_documents where kind = p_kind for update;
  if not found then
    raise exception 'Document introuvable' using errcode = 'PT404', detail = 'Ce document légal n''existe pas.';
  end if;
  filled := private.fill_legal_placeholders(doc.draft_markdown);
  if jsonb_array_length(filled -> 'missing') > 0 then
    raise exception 'Publication impossible' using errcode = 'PT409',
      detail = 'Des mentions obligatoires sont vides : complétez les informations du vendeur dans Paramètres et les passages « À COMPLÉTER ».',
      hint = (select string_agg(value, ' | ') from jsonb_array_elements_text(filled -> 'missing'));
  end if;
  select coalesce(max(v.version), 0) + 1 into next_version from public.legal_document_versions v where v.kind = p_kind;
  insert into public.legal_document_versions (kind, version, title, body_markdown)
  values (p_kind, next_version, doc.title, filled ->> 'markdown');
  return next_version;
end;
$$;

revoke all on function private.publish_legal_document(text) from public, anon, authenticated;

-- The administrators' « Publier »: 42501 for anyone else.
create or replace function public.publish_legal_document(p_kind text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception 'only administrators publish legal documents' using errcode = '42501';
  end if;
  return private.publish_legal_document(p_kind);
end;
$$;

revoke all on function public.publish_legal_document(text) from public, anon, authenticated;
grant execute on function public.publish_legal_document(text) to authenticated;

-- The administrators' « Aperçu » of a draft as edited (saved or not): the text as it would be
-- published, and what would stop the publication.
create or replace function public.preview_legal_document(p_markdown text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception 'only administrators preview legal documents' using errcode = '42501';
  end if;
  return private.fill_legal_placeholders(p_markdown);
end;
$$;

revoke all on function public.preview_legal_document(text) from public, anon, authenticated;
grant execute on function public.preview_legal_document(text) to authenticated;

alter table public.legal_documents enable row level security;
alter table public.legal_document_versions enable row level security;

create policy "Administrators can read the legal drafts"
  on public.legal_documents for select to authenticated
  using ((select private.is_admin()));

create policy "Administrators can edit the legal drafts"
  on public.legal_documents for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- Published versions are public: the storefront shows them to every visitor.
create policy "Everyone reads the published legal documents"
  on public.legal_document_versions for select to anon, authenticated
  using (true);

revoke all on public.legal_documents from anon, authenticated;
grant select on public.legal_documents to authenticated;
grant update (draft_markdown) on public.legal_documents to authenticated;
grant select, insert, update, delete on public.legal_documents to service_role;

revoke all on public.legal_document_versions from anon, authenticated, service_role;
grant select on public.legal_document_versions to anon, authenticated, service_role;
