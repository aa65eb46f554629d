// /admin/payments: « Paiements à vérifier », the paid checkouts the reconciliation could not turn
// into orders (payment_issues), newest first, each marked handled by an administrator once dealt
// with. The database decides who may read or mark them (admin-only functions).
import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { PAYMENT_ISSUES_STEP, usePaymentIssues, type PaymentIssue } from '@/features/admin/api/get-payment-issues';
import { useMarkPaymentIssueHandled } from '@/features/admin/api/mark-payment-issue-handled';
import { paymentIssueReason } from '@/features/admin/lib/payment-issue-reason';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { formatPrice } from '@/lib/format-price';
import { toast } from '@/lib/toast-store';

const dateTime = (iso: string) => new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

export default function PaymentIssuesPage() {
  useDocumentMeta({ title: 'Paiements à vérifier' });
  const [limit, setLimit] = useState(PAYMENT_ISSUES_STEP);
  const list = usePaymentIssues(limit);
  const issues = list.data ?? [];
  const loadingMore = list.isPlaceholderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Paiements à vérifier</h1>
        <p className="mt-2 text-mist">
          Les paiements reçus que la boutique n'a pas pu enregistrer comme commandes, les plus récents en premier. Vérifiez chacun auprès du service de paiement, puis marquez-le comme traité.
        </p>
      </header>
      {list.isPending ? (
        <Spinner label="Chargement…" />
      ) : list.isError ? (
        <p role="alert" className="rounded-3xl border border-red-200 bg-red-50 p-6 text-red-800">
          Impossible de charger les paiements à vérifier. Veuillez réessayer plus tard.
        </p>
      ) : issues.length === 0 ? (
        <div className="rounded-3xl border border-plum-100 bg-white p-10 text-center shadow-sm">
          <ShieldCheck aria-hidden="true" className="mx-auto h-10 w-10 text-gold-500" />
          <p className="mt-4 font-serif text-2xl text-plum-900">Aucun paiement à vérifier</p>
        </div>
      ) : (
        <ol className="space-y-4">
          {issues.map((issue) => (
            <PaymentIssueCard key={issue.checkout_session_id} issue={issue} />
          ))}
        </ol>
      )}
      {issues.length >= limit ? (
        <Button variant="outline" onClick={() => setLimit(limit + PAYMENT_ISSUES_STEP)} disabled={loadingMore} aria-busy={loadingMore}>
          Afficher plus
        </Button>
      ) : null}
    </div>
  );
}

function PaymentIssueCard({ issue }: { issue: PaymentIssue }) {
  const titleId = `payment-issue-${issue.checkout_session_id}`;
  const mark = useMarkPaymentIssueHandled();
  const markHandled = () =>
    mark.mutate(issue.checkout_session_id, {
      onSuccess: () => toast({ title: 'Paiement marqué comme traité.' }),
      onError: (error) => {
        console.error('Marking a payment issue handled failed:', error);
        toast({ variant: 'destructive', title: 'Erreur', description: 'Impossible de marquer ce paiement comme traité.' });
      },
    });
  return (
    <li>
      <article aria-labelledby={titleId} className="rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="break-all font-mono text-base font-semibold text-plum-900">
              {issue.checkout_session_id}
            </h2>
            <p className="text-sm text-mist">
              {issue.customer_email ? (
                <a href={`mailto:${issue.customer_email}`} className="text-plum-700 underline-offset-4 hover:underline">
                  {issue.customer_email}
                </a>
              ) : (
                'Client supprimé'
              )}
            </p>
          </div>
          <time dateTime={issue.detected_at} className="shrink-0 text-sm text-mist">
            {dateTime(issue.detected_at)}
          </time>
        </header>
        <p className="mt-4 text-ink">{paymentIssueReason(issue.reason)}</p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-mist">Montant de la commande</dt>
          <dd className="text-ink">{formatPrice(issue.priced_amount_cents, issue.currency)}</dd>
          <dt className="text-mist">Montant payé</dt>
          <dd className="text-ink">{issue.paid_amount_cents === null ? 'Inconnu' : formatPrice(issue.paid_amount_cents, issue.currency)}</dd>
        </dl>
        {issue.handled_at ? (
          <p className="mt-4 inline-flex items-center gap-2 text-sm text-plum-700">
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
            Traité le {dateTime(issue.handled_at)}
            {issue.handled_by_email ? ` par ${issue.handled_by_email}` : ''}
          </p>
        ) : (
          <Button className="mt-4" size="sm" variant="outline" onClick={markHandled} disabled={mark.isPending} aria-busy={mark.isPending}>
            Marquer comme traité
          </Button>
        )}
      </article>
    </li>
  );
}
