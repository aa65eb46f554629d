// /admin/products/:productId/history (« Historique » of a product's card) and /admin/products/history
// (« Dernières modifications », the whole catalogue's): every change the audit recorded, newest first,
// a page at a time, each said for a person (who, when, what before → after).
import { History } from 'lucide-react';
import { Link } from 'wouter';
import { useCatalogueHistory } from '@/features/admin/api/catalogue-history';
import type { CatalogueChange } from '@/features/admin/api/catalogue-history-queries';
import { changeAuthor, changedFields, changeSubject } from '@/features/admin/lib/catalogue-change-phrasing';
import { formatParisDateTime } from '@/features/admin/lib/paris-date-time';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const linkClass = 'text-sm font-medium text-plum-700 underline-offset-4 hover:underline';

/** One change; on the catalogue's page, with the product it touched. */
function ChangeEntry({ change, showProduct }: { change: CatalogueChange; showProduct: boolean }) {
  const fields = changedFields(change);
  return (
    <li className="rounded-3xl border border-plum-100 bg-white p-5 shadow-sm">
      <article aria-label={changeSubject(change)} className="space-y-2">
        <header className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-semibold text-plum-900">{changeSubject(change)}</h2>
          <p className="text-sm text-mist">
            {changeAuthor(change)}, le <time dateTime={change.changed_at}>{formatParisDateTime(change.changed_at)}</time>
          </p>
        </header>
        {showProduct && change.product_id ? (
          <Link href={`/admin/products/${encodeURIComponent(change.product_id)}/history`} className={linkClass}>
            {change.product_title ? `« ${change.product_title} »` : 'Produit supprimé'}
          </Link>
        ) : null}
        {fields.length ? (
          <ul className="space-y-1 text-sm text-ink">
            {fields.map((field) => (
              <li key={field}>{field}</li>
            ))}
          </ul>
        ) : null}
      </article>
    </li>
  );
}

export default function CatalogueHistoryPage({ productId = null }: { productId?: string | null }) {
  const history = useCatalogueHistory(productId);
  const changes = history.data?.pages.flatMap((page) => page.changes) ?? [];
  const productTitle = productId ? changes.find((change) => change.product_title)?.product_title : undefined;
  const title = productId ? (productTitle ? `Historique de « ${productTitle} »` : 'Historique du produit') : 'Dernières modifications';
  useDocumentMeta({ title });

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-2">
        <Link href="/admin/products" className={linkClass}>
          ← Retour aux produits
        </Link>
        <h1 className="text-4xl font-semibold text-plum-900">{title}</h1>
        <p className="text-mist">
          {productId
            ? 'Chaque modification de ce produit, de ses variantes et de ce que montre sa page, la plus récente en premier.'
            : 'Les modifications de tout le catalogue, les plus récentes en premier, quel que soit le produit.'}
        </p>
      </header>
      {history.isPending ? (
        <Spinner label="Chargement…" />
      ) : !history.data ? (
        <p role="alert" className="rounded-3xl border border-red-200 bg-red-50 p-6 text-red-800">
          Impossible de charger l’historique. Rechargez la page pour réessayer.
        </p>
      ) : changes.length === 0 ? (
        <div className="rounded-3xl border border-plum-100 bg-white p-10 text-center shadow-sm">
          <History aria-hidden="true" className="mx-auto h-10 w-10 text-gold-500" />
          <p className="mt-4 font-serif text-2xl text-plum-900">Aucune modification enregistrée pour le moment</p>
        </div>
      ) : (
        <ol aria-label="Modifications" className="space-y-3">
          {changes.map((change) => (
            <ChangeEntry key={change.id} change={change} showProduct={!productId} />
          ))}
        </ol>
      )}
      {history.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-red-800">
          Impossible de charger les modifications plus anciennes. Réessayez.
        </p>
      ) : null}
      {history.hasNextPage ? (
        <Button variant="outline" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage} aria-busy={history.isFetchingNextPage}>
          Afficher les modifications plus anciennes
        </Button>
      ) : null}
    </div>
  );
}
