// The viewer's error page: what went wrong in the customer's words, and a way on (try again,
// download instead) and back to the library.
import { AlertTriangle, ArrowLeft, Download, RotateCcw } from 'lucide-react';
import { Link } from 'wouter';
import { useDownload } from '@/features/dashboard/hooks/use-download';
import { deliveryMessage, type DeliveryError, type DeliveryFailure } from '@/features/dashboard/lib/delivery-errors';
import { Button, buttonVariants } from '@/components/ui/button';

/** Failures that may pass by themselves: the network, the copy being prepared, a server error. */
const retryable = new Set<DeliveryFailure>(['network', 'preparing', 'failed', 'expired']);

export function ViewerError({ error, orderItemId, onRetry }: { error: DeliveryError; orderItemId: string; onRetry?: () => void }) {
  const { title, description } = deliveryMessage(error);
  const download = useDownload();
  return (
    <section role="alert" aria-labelledby="viewer-error-title" className="rounded-3xl border border-plum-100 bg-white p-10 text-center shadow-sm">
      <AlertTriangle aria-hidden="true" className="mx-auto h-10 w-10 text-gold-500" />
      <h1 id="viewer-error-title" className="mt-4 font-serif text-3xl text-plum-900">
        {title}
      </h1>
      <p className="mx-auto mt-2 max-w-prose text-mist">{description}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {onRetry && retryable.has(error.failure) ? (
          <Button onClick={onRetry}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            Réessayer
          </Button>
        ) : null}
        {error.failure === 'unsupported' ? (
          <Button onClick={() => download.mutate(orderItemId)} disabled={download.isPending}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Télécharger
          </Button>
        ) : null}
        <Link to="/dashboard/library" className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Retour à la bibliothèque
        </Link>
      </div>
    </section>
  );
}
