// /admin/settings/legal ('Paramètres' → 'Documents légaux'): the administrators edit each legal
// document's Markdown draft, preview it as it would be published (the seller's identity filled in
// from Paramètres, sanitised as the storefront renders it), and publish it as a new immutable
// version; the database refuses while a seller field or an [[À COMPLÉTER : …]] passage is empty,
// and the page lists what is missing. Published versions stay readable on the storefront.
import { useState } from 'react';
import { Link } from 'wouter';
import {
  previewLegalDocument,
  PublicationRefusedError,
  useLegalDrafts,
  useLegalVersions,
  usePublishLegalDocument,
  useSaveLegalDraft,
  type LegalDraft,
  type LegalPreview,
} from '@/features/admin/api/legal-documents';
import { SettingsTabs } from '@/features/admin/components/settings-tabs';
import { describeMissing } from '@/features/admin/lib/legal-missing';
import { formatParisDateTime } from '@/features/admin/lib/paris-date-time';
import { legalDocuments, legalKinds, legalVersionPath, type LegalKind } from '@/features/legal/legal-documents';
import { renderMarkdown } from '@/features/legal/lib/render-markdown';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { toast } from '@/lib/toast-store';

export default function LegalDocumentsPage() {
  useDocumentMeta({ title: 'Documents légaux' });
  const drafts = useLegalDrafts();
  const [kind, setKind] = useState<LegalKind>('cgv');
  const draft = drafts.data?.find((row) => row.kind === kind);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Paramètres</h1>
        <p className="mt-2 text-mist">
          Les documents légaux de la boutique. Les champs {'{{vendeur.…}}'} reprennent l’identité du vendeur ; les passages [[À COMPLÉTER : …]] doivent être remplacés avant la publication.
        </p>
      </header>
      <SettingsTabs />
      <div role="group" aria-label="Document" className="flex flex-wrap gap-2">
        {legalKinds.map((each) => (
          <Button key={each} variant={each === kind ? 'primary' : 'outline'} size="sm" aria-pressed={each === kind} onClick={() => setKind(each)}>
            {legalDocuments[each].title}
          </Button>
        ))}
      </div>
      {drafts.isPending ? (
        <Spinner label="Chargement…" />
      ) : drafts.isError || !draft ? (
        <p role="alert" className="text-red-700">
          Impossible de charger les documents légaux.
        </p>
      ) : (
        <DraftEditor key={draft.kind} draft={draft} />
      )}
    </div>
  );
}

function DraftEditor({ draft }: { draft: LegalDraft }) {
  const [markdown, setMarkdown] = useState(draft.draft_markdown);
  const [preview, setPreview] = useState<LegalPreview | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const save = useSaveLegalDraft();
  const publish = usePublishLegalDocument();
  const versions = useLegalVersions();
  const published = (versions.data ?? []).filter((version) => version.kind === draft.kind);
  const busy = save.isPending || publish.isPending;

  const onSave = async () => {
    try {
      await save.mutateAsync({ kind: draft.kind, markdown });
      toast({ title: 'Brouillon enregistré.', description: 'Il sera visible sur la boutique une fois publié.' });
    } catch (error) {
      console.error('Saving the legal draft failed:', error);
      toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible d’enregistrer le brouillon.' });
    }
  };

  const onPreview = async () => {
    try {
      const result = await previewLegalDocument(markdown);
      setPreview(result);
      setMissing(result.missing);
    } catch (error) {
      console.error('Previewing the legal draft failed:', error);
      toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible d’afficher l’aperçu.' });
    }
  };

  const onPublish = async () => {
    try {
      const version = await publish.mutateAsync({ kind: draft.kind, markdown });
      setMissing([]);
      toast({ title: `Version ${version} publiée.`, description: `${legalDocuments[draft.kind].title} : la boutique affiche désormais cette version.` });
    } catch (error) {
      if (error instanceof PublicationRefusedError) {
        setMissing(error.missing);
        toast({ variant: 'destructive', title: 'Publication impossible', description: 'Des mentions obligatoires sont vides : voir la liste sous le texte.' });
        return;
      }
      console.error('Publishing the legal document failed:', error);
      toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible de publier le document.' });
    }
  };

  return (
    <section aria-label={draft.title} className="space-y-5 rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
      <TextareaField label={`Brouillon : ${draft.title} (Markdown)`} rows={18} value={markdown} onChange={(event) => {
          setMarkdown(event.target.value);
          setPreview(null);
        }} className="font-mono text-sm" />
      {missing.length > 0 ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-medium">La publication est refusée tant que ces mentions sont vides :</p>
          <ul className="mt-2 list-disc pl-5">
            {missing.map((item) => (
              <li key={item}>{describeMissing(item)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void onSave()} disabled={busy}>
          Enregistrer le brouillon
        </Button>
        <Button variant="outline" onClick={() => void onPreview()} disabled={busy}>
          Aperçu
        </Button>
        <Button onClick={() => void onPublish()} disabled={busy} aria-busy={publish.isPending}>
          Publier une nouvelle version
        </Button>
      </div>
      {preview ? (
        <section aria-label="Aperçu" className="rounded-2xl border border-dashed border-plum-200 p-5">
          <p className="mb-3 text-xs font-medium uppercase tracking-wide text-mist">Aperçu</p>
          <div className="legal-document" dangerouslySetInnerHTML={{ __html: renderMarkdown(preview.markdown) }} />
        </section>
      ) : null}
      <section aria-label="Versions publiées">
        <h2 className="text-xl font-semibold text-plum-900">Versions publiées</h2>
        {published.length === 0 ? (
          <p className="mt-2 text-sm text-mist">Aucune version publiée : la boutique n’affiche pas encore ce document.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {published.map((version) => (
              <li key={version.version}>
                <Link to={legalVersionPath(draft.kind, version.version)} className="text-plum-700 underline">
                  Version {version.version}
                </Link>{' '}
                <span className="text-mist">publiée le {formatParisDateTime(version.published_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
