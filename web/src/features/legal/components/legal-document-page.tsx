// /mentions-legales, /cgv and /confidentialite: the published version in force, or with
// `?version=N` an older one (an order's buyer reads the CGV they accepted), with a note and a link
// to the version in force. The text is the database's Markdown, sanitised (render-markdown.ts).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { legalVersionQueryOptions } from '@/features/legal/api/get-legal-version';
import { legalDocuments, type LegalKind } from '@/features/legal/legal-documents';
import { renderMarkdown } from '@/features/legal/lib/render-markdown';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const publishedOn = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });

/** `?version=3` → 3; anything else → the version in force. */
function askedVersion(value: string | null): number | null {
  return value !== null && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null;
}

export function LegalDocumentPage({ kind }: { kind: LegalKind }) {
  const { path, title } = legalDocuments[kind];
  const [params] = useSearchParams();
  const version = askedVersion(params.get('version'));
  const { data, isPending, isError } = useQuery(legalVersionQueryOptions(kind, version));
  const html = useMemo(() => (data ? renderMarkdown(data.document.body_markdown) : ''), [data]);
  useDocumentMeta({ title });

  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Chargement…" />
        </div>
      ) : isError ? (
        <p role="alert" className="text-center text-mist">
          Ce document n'a pas pu être chargé. Veuillez réessayer dans un instant.
        </p>
      ) : !data ? (
        <>
          <h1 className="text-4xl font-semibold text-plum-900">{title}</h1>
          <p className="mt-6 text-mist">{version === null ? "Ce document n'est pas encore publié." : `La version ${version} de ce document n'existe pas.`}</p>
        </>
      ) : (
        <article aria-label={data.document.title}>
          <p className="text-sm text-mist">
            Version {data.document.version}, publiée le {publishedOn.format(new Date(data.document.published_at))}
          </p>
          {data.document.version !== data.latest ? (
            <p role="note" className="mt-3 rounded-lg border border-plum-100 bg-plum-50 p-3 text-sm text-plum-900">
              Vous consultez une version antérieure de ce document.{' '}
              <Link to={path} className="underline">
                Lire la version en vigueur (version {data.latest})
              </Link>
            </p>
          ) : null}
          <div className="legal-document mt-6" dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      )}
    </div>
  );
}
