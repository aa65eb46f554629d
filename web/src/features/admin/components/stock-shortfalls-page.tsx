// /admin/stock: « Ruptures de stock », the paid items the stock could not cover (two payments for
// the last unit). Those still to decide come first; the administrator records what they did
// (delivered anyway, or refunded) and the database stamps who and when. The buyer's account
// panel, on the users page, holds their orders.
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, PackageCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { ShortfallNotDecidedError, type StockShortfall } from '@/features/admin/api/catalogue-history-queries';
import { useDecideStockShortfall, useStockShortfalls } from '@/features/admin/api/stock-shortfalls';
import { formatParisDateTime } from '@/features/admin/lib/paris-date-time';
import { resolutionLabels, shortfallDecision, shortfallItem, shortfallQuantities } from '@/features/admin/lib/stock-shortfall-phrasing';
import { writeUsersParams } from '@/features/admin/lib/users-page-params';
import { stockShortfallDecisionSchema, type StockShortfallDecisionValues } from '@/features/admin/schemas/stock-shortfall-decision-schema';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { toast } from '@/lib/toast-store';

const decisionFailed = (error: unknown) =>
  error instanceof ShortfallNotDecidedError
    ? 'Cette rupture a déjà été traitée, ou votre session n’est plus celle d’un administrateur. Rechargez la page.'
    : 'Impossible d’enregistrer la décision pour le moment. Réessayez.';

function DecisionForm({ shortfall, label }: { shortfall: StockShortfall; label: string }) {
  const decide = useDecideStockShortfall();
  const form = useForm<StockShortfallDecisionValues>({ resolver: zodResolver(stockShortfallDecisionSchema) });
  const error = form.formState.errors.resolution?.message;
  const errorId = `shortfall-${shortfall.order_item_id}-error`;
  const onSubmit = form.handleSubmit(async ({ resolution }) => {
    try {
      await decide.mutateAsync({ orderItemId: shortfall.order_item_id, resolution });
      toast({ title: 'Décision enregistrée.' });
    } catch (failure) {
      console.error('Deciding a stock shortfall failed:', failure);
      form.setError('resolution', { message: decisionFailed(failure) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Décision pour ${label}`} className="space-y-3">
      <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
        <legend className="text-sm font-medium text-plum-900">Qu’avez-vous fait pour cet acheteur ?</legend>
        {(['delivered', 'refunded'] as const).map((resolution) => (
          <label key={resolution} className="flex items-center gap-3 text-ink">
            <input type="radio" value={resolution} aria-invalid={error ? true : undefined} {...form.register('resolution')} />
            {resolutionLabels[resolution]}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={form.formState.isSubmitting} aria-busy={form.formState.isSubmitting}>
        Marquer comme traitée
      </Button>
    </form>
  );
}

function ShortfallCard({ shortfall }: { shortfall: StockShortfall }) {
  const label = shortfallItem(shortfall);
  const titleId = `shortfall-${shortfall.order_item_id}`;
  const decision = shortfallDecision(shortfall);
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-4 rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-plum-900">
              {label}
            </h2>
            <p className="text-sm text-mist">{shortfallQuantities(shortfall)}</p>
          </div>
          <time dateTime={shortfall.detected_at} className="shrink-0 text-sm text-mist">
            {formatParisDateTime(shortfall.detected_at)}
          </time>
        </header>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-mist">Commande</dt>
          <dd className="break-all font-mono text-ink">{shortfall.order_id}</dd>
          <dt className="text-mist">Acheteur</dt>
          <dd className="text-ink">
            {shortfall.buyer_email ? (
              <Link
                href={`/admin/users?${writeUsersParams({ search: '', page: 1, accountId: shortfall.buyer_id })}`}
                className="text-plum-700 underline-offset-4 hover:underline"
              >
                {shortfall.buyer_email}
              </Link>
            ) : (
              'Client supprimé'
            )}
          </dd>
        </dl>
        {decision ? (
          <p className="inline-flex items-center gap-2 text-sm text-plum-700">
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
            {decision}
          </p>
        ) : (
          <DecisionForm shortfall={shortfall} label={label} />
        )}
      </article>
    </li>
  );
}

export default function StockShortfallsPage() {
  useDocumentMeta({ title: 'Ruptures de stock' });
  const shortfalls = useStockShortfalls();
  const list = shortfalls.data ?? [];
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-4xl font-semibold text-plum-900">Ruptures de stock</h1>
        <p className="text-mist">
          Quand deux personnes paient en même temps le dernier exemplaire, les deux commandes sont enregistrées : le paiement est déjà fait. Pour
          chaque rupture, livrez malgré tout (un produit numérique) ou remboursez, puis notez votre décision. Celles qui restent à traiter viennent
          en premier ; l’adresse de l’acheteur ouvre sa fiche et ses commandes.
        </p>
      </header>
      {shortfalls.isPending ? (
        <Spinner label="Chargement…" />
      ) : shortfalls.isError ? (
        <p role="alert" className="rounded-3xl border border-red-200 bg-red-50 p-6 text-red-800">
          Impossible de charger les ruptures de stock. Rechargez la page pour réessayer.
        </p>
      ) : list.length === 0 ? (
        <div className="rounded-3xl border border-plum-100 bg-white p-10 text-center shadow-sm">
          <PackageCheck aria-hidden="true" className="mx-auto h-10 w-10 text-gold-500" />
          <p className="mt-4 font-serif text-2xl text-plum-900">Aucune rupture de stock</p>
        </div>
      ) : (
        <ol aria-label="Ruptures de stock" className="space-y-4">
          {list.map((shortfall) => (
            <ShortfallCard key={shortfall.order_item_id} shortfall={shortfall} />
          ))}
        </ol>
      )}
    </div>
  );
}
