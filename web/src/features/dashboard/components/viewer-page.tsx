// /dashboard/library/:itemId: the built-in viewer. It asks `issue-download` for an inline link to
// the item (which refuses anything that is not the caller's own paid item: another customer's id
// ends on the error page), then shows the PDF in pdf.js or plays audio and video in the
// browser's players, renewing the link when it runs out. Both open where the buyer last stopped
// (read afresh: another device may have moved it); when that cannot be read, at the start.
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { issueDownload, useViewerLink } from '@/features/dashboard/api/issue-download';
import { useReadingPosition } from '@/features/dashboard/api/reading-positions';
import { MediaPlayer } from '@/features/dashboard/components/media-player';
import { ViewerError } from '@/features/dashboard/components/viewer-error';
import { DeliveryError } from '@/features/dashboard/lib/delivery-errors';
import { titleOf, type DeliveryLink } from '@/features/dashboard/lib/delivery-link';
import { fileKindIcons, fileKindLabels } from '@/features/dashboard/lib/library-items';
import { renewingLink } from '@/features/dashboard/lib/link-renewal';
import type { ReadingPosition } from '@/features/dashboard/lib/reading-position';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';

// pdf.js comes with the PDF viewer only: listening to a meditation never downloads it.
const PdfViewer = lazy(() => import('@/features/dashboard/components/pdf-viewer'));

export default function ViewerPage() {
  const { itemId = '' } = useParams();
  const link = useViewerLink(itemId);
  const saved = useReadingPosition(itemId);
  const [failure, setFailure] = useState<DeliveryError | null>(null);
  useDocumentMeta({ title: link.data ? titleOf(link.data.fileName) : 'Lecture' });

  const retry = () => {
    setFailure(null);
    void link.refetch();
  };
  const error = failure ?? link.error;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link to="/dashboard/library" className="inline-flex items-center gap-2 text-sm font-medium text-plum-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Retour à la bibliothèque
      </Link>
      {link.isFetching || saved.isPending ? (
        <Spinner label="Ouverture du fichier…" />
      ) : error ? (
        <ViewerError error={error} orderItemId={itemId} onRetry={retry} />
      ) : link.data ? (
        <Reader key={link.dataUpdatedAt} orderItemId={itemId} first={link.data} saved={saved.data ?? null} onFailure={setFailure} />
      ) : null}
    </div>
  );
}

interface ReaderProps {
  orderItemId: string;
  first: DeliveryLink;
  saved: ReadingPosition | null;
  onFailure(error: DeliveryError): void;
}

function Reader({ orderItemId, first, saved, onFailure }: ReaderProps) {
  const source = useMemo(() => renewingLink(first, () => issueDownload(orderItemId, 'inline')), [orderItemId, first]);
  const title = titleOf(first.fileName);
  const Icon = fileKindIcons[first.kind];
  return (
    <>
      <header className="space-y-2">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs font-semibold text-plum-800 shadow-sm">
          <Icon aria-hidden="true" className="h-4 w-4" />
          {fileKindLabels[first.kind]}
        </span>
        <h1 className="text-3xl font-semibold text-plum-900">{title}</h1>
      </header>
      {first.kind === 'pdf' ? (
        <Suspense fallback={<Spinner label="Chargement du document…" />}>
          <PdfViewer source={source} orderItemId={orderItemId} saved={saved} title={title} onFailure={onFailure} />
        </Suspense>
      ) : first.kind === 'audio' || first.kind === 'video' ? (
        <MediaPlayer source={source} orderItemId={orderItemId} saved={saved} kind={first.kind} title={title} onFailure={onFailure} />
      ) : (
        <ViewerError error={new DeliveryError('unsupported')} orderItemId={orderItemId} />
      )}
    </>
  );
}
