// /admin/payments: « Paiements à vérifier », in two lists. First the payments the shop received
// but could not surely match to a checkout (unmatched_payments: another e-mail, another amount,
// twin payments), each attached by an administrator to the checkout it paid, which records the
// order. Then the paid checkouts the reconciliation could not turn into orders (payment_issues),
// newest first, each marked handled once dealt with. The database decides who may read, attach
// or mark them (admin-only functions).
import { CheckCircle2, Link2, ShieldCheck } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useAttachPayment } from '@/features/admin/api/attach-payment';
import { PAYMENT_ISSUES_STEP, usePaymentIssues, type PaymentIssue } from '@/features/admin/api/get-payment-issues';
import { UNMATCHED_PAYMENTS_STEP, useUnmatchedPayments, type PaymentCandidate, type UnmatchedPayment } from '@/features/admin/api/get-unmatched-payments';
import { useMarkPaymentIssueHandled } from '@/features/admin/api/mark-payment-issue-handled';
import { attachPaymentErrorMessage } from '@/features/admin/lib/attach-payment-error';
import { paymentIssueReason } from '@/features/admin/lib/payment-issue-reason';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { formatPrice } from '@/lib/format-price';
import { toast } from '@/lib/toast-store';

const dateTime = (iso: string) => new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

export default function PaymentIssuesPage() {
  useDocumentMeta({ title: 'Paiements à vérifier' });
  return (
    <div className="mx-auto max-w-4xl space-y-10">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Paiements à vérifier</h1>
        <p className="mt-2 text-mist">
          D’abord les paiements reçus que la boutique n’a pas pu relier avec certitude à une commande : rattachez chacun à la commande qu’il a payée, qui sera alors enregistrée. Ensuite les commandes payées que la boutique n’a pas pu enregistrer, les plus récentes en premier : vérifiez chacune auprès du service de paiement, puis marquez-la comme traitée.
        </p>
      </header>
      <UnmatchedPayments />
      <PaymentIssues />
    </div>
  );
}

/** One list of the page: its heading, its loading, failure and empty states, and « Afficher plus ». */
function PagedSection<T>(props: {
  id: string;
  title: string;
  step: number;
  useList: (limit: number) => { data?: T[]; isPending: boolean; isError: boolean; isPlaceholderData: boolean };
  failure: string;
  empty: string;
  renderItem: (item: T) => ReactNode;
}) {
  const [limit, setLimit] = useState(props.step);
  const list = props.useList(limit);
  const items = list.data ?? [];
  const titleId = `${props.id}-title`;
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h2 id={titleId} className="text-2xl font-semibold text-plum-900">
        {props.title}
      </h2>
      {list.isPending ? (
        <Spinner label="Chargement…" />
      ) : list.isError ? (
        <p role="alert" className="rounded-3xl border border-red-200 bg-red-50 p-6 text-red-800">
          {props.failure}
        </p>
      ) : items.length === 0 ? (
        <div className="rounded-3xl border border-plum-100 bg-white p-10 text-center shadow-sm">
          <ShieldCheck aria-hidden="true" className="mx-auto h-10 w-10 text-gold-500" />
          <p className="mt-4 font-serif text-2xl text-plum-900">{props.empty}</p>
        </div>
      ) : (
        <ol className="space-y-4">{items.map(props.renderItem)}</ol>
      )}
      {items.length >= limit ? (
        <Button
          variant="outline"
          onClick={() => setLimit(limit + props.step)}
          disabled={list.isPlaceholderData}
          aria-busy={list.isPlaceholderData}
          aria-describedby={titleId}
        >
          Afficher plus
        </Button>
      ) : null}
    </section>
  );
}

function UnmatchedPayments() {
  return (
    <PagedSection
      id="unmatched-payments"
      title="Paiements non rattachés"
      step={UNMATCHED_PAYMENTS_STEP}
      useList={useUnmatchedPayments}
      failure="Impossible de charger les paiements non rattachés. Veuillez réessayer plus tard."
      empty="Aucun paiement à rattacher"
      renderItem={(payment: UnmatchedPayment) => <UnmatchedPaymentCard key={payment.payment_id} payment={payment} />}
    />
  );
}

function UnmatchedPaymentCard({ payment }: { payment: UnmatchedPayment }) {
  const id = useId();
  const attach = useAttachPayment();
  return (
    <li>
      <article aria-labelledby={`${id}-title`} className="rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
        <h3 id={`${id}-title`} className="text-lg font-semibold text-plum-900">
          Commande Hostinger n° {payment.payment_reference}
        </h3>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-mist">Montant payé</dt>
          <dd className="text-ink">{formatPrice(payment.total_cents, payment.currency)}</dd>
          <dt className="text-mist">E-mail saisi au paiement</dt>
          <dd className="break-all text-ink">{payment.customer_email ?? 'Aucun'}</dd>
          <dt className="text-mist">Payé le</dt>
          <dd className="text-ink">
            <time dateTime={payment.paid_at}>{dateTime(payment.paid_at)}</time>
          </dd>
        </dl>
        <h4 id={`${id}-lines`} className="mt-4 text-sm font-medium text-plum-900">
          Articles payés
        </h4>
        <ul aria-labelledby={`${id}-lines`} className="mt-1 space-y-1 text-sm text-ink">
          {payment.lines.map((line) => (
            <li key={line.variant_id}>
              {line.title} · {line.quantity} × {formatPrice(line.unit_price_cents, payment.currency)}
            </li>
          ))}
        </ul>
        {payment.attached_at ? (
          <p className="mt-4 inline-flex items-center gap-2 text-sm text-plum-700">
            <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
            {/* The checkout is forgotten (null) only if its buyer's account was erased since. */}
            Rattaché{payment.attached_checkout_id ? ` à la commande ${payment.attached_checkout_id.slice(0, 8)}` : ''}
            {payment.attached_by_email ? ` par ${payment.attached_by_email}` : ''} le {dateTime(payment.attached_at)}
          </p>
        ) : payment.candidates.length === 0 ? (
          <p className="mt-4 text-sm text-ink">Aucune commande en attente ne correspond : vérifiez le paiement dans hPanel.</p>
        ) : (
          <>
            <h4 id={`${id}-candidates`} className="mt-4 text-sm font-medium text-plum-900">
              Commandes possibles, la plus probable en premier
            </h4>
            <ul aria-labelledby={`${id}-candidates`} className="mt-2 space-y-3">
              {payment.candidates.map((candidate) => (
                <CandidateItem key={candidate.checkout_session_id} payment={payment} candidate={candidate} attach={attach} />
              ))}
            </ul>
          </>
        )}
      </article>
    </li>
  );
}

/** A checkout the payment may have paid, with « Rattacher à cette commande » and its confirmation. */
function CandidateItem({ payment, candidate, attach }: { payment: UnmatchedPayment; candidate: PaymentCandidate; attach: ReturnType<typeof useAttachPayment> }) {
  const summaryId = useId();
  const [confirming, setConfirming] = useState(false);
  // Focus follows the confirmation: onto « Annuler » when it opens, back onto the button after.
  const [focusButton, setFocusButton] = useState(false);
  const close = () => {
    setConfirming(false);
    setFocusButton(true);
  };
  const confirm = () => {
    close();
    attach.mutate(
      { paymentId: payment.payment_id, checkoutId: candidate.checkout_session_id },
      {
        onSuccess: () => toast({ title: 'Paiement rattaché : la commande est enregistrée.' }),
        onError: (error) => {
          console.error('Attaching a payment failed:', error);
          toast({ variant: 'destructive', title: 'Erreur', description: attachPaymentErrorMessage(error) });
        },
      },
    );
  };
  return (
    <li className="rounded-2xl border border-plum-100 bg-sand/40 p-4">
      <div id={summaryId} className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 text-sm">
          <p className="break-all font-medium text-plum-900">
            {candidate.customer_email ? (
              <a href={`mailto:${candidate.customer_email}`} className="text-plum-700 underline-offset-4 hover:underline">
                {candidate.customer_email}
              </a>
            ) : (
              'Client supprimé'
            )}
          </p>
          <p className="text-mist">
            {formatPrice(candidate.total_amount_cents, payment.currency)} · ouverte le <time dateTime={candidate.created_at}>{dateTime(candidate.created_at)}</time>
          </p>
        </div>
        {candidate.same_lines ? (
          <span className="shrink-0 rounded-full bg-gold-400 px-2.5 py-0.5 text-xs font-semibold text-plum-900">Mêmes articles</span>
        ) : null}
      </div>
      {confirming ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-plum-900">
            Rattacher la commande Hostinger n° {payment.payment_reference} ({formatPrice(payment.total_cents, payment.currency)}) à la commande ouverte le {dateTime(candidate.created_at)}
            {candidate.customer_email ? ` par ${candidate.customer_email}` : ''} ? Elle sera enregistrée : le client recevra son accès et son e-mail de confirmation.
          </p>
          <Button size="sm" onClick={confirm} disabled={attach.isPending}>
            Confirmer
          </Button>
          <Button size="sm" variant="ghost" onClick={close} autoFocus>
            Annuler
          </Button>
        </div>
      ) : (
        <Button
          className="mt-3"
          size="sm"
          variant="outline"
          aria-describedby={summaryId}
          disabled={attach.isPending}
          aria-busy={attach.isPending}
          autoFocus={focusButton}
          onClick={() => setConfirming(true)}
        >
          <Link2 aria-hidden="true" className="h-4 w-4" />
          Rattacher à cette commande
        </Button>
      )}
    </li>
  );
}

function PaymentIssues() {
  return (
    <PagedSection
      id="payment-issues"
      title="Commandes payées non enregistrées"
      step={PAYMENT_ISSUES_STEP}
      useList={usePaymentIssues}
      failure="Impossible de charger les commandes à vérifier. Veuillez réessayer plus tard."
      empty="Aucune commande à vérifier"
      renderItem={(issue: PaymentIssue) => <PaymentIssueCard key={issue.checkout_session_id} issue={issue} />}
    />
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
            <h3 id={titleId} className="break-all font-mono text-base font-semibold text-plum-900">
              {issue.checkout_session_id}
            </h3>
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
