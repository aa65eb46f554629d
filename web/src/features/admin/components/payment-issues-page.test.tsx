// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentIssue } from '@/features/admin/api/get-payment-issues';
import type { UnmatchedPayment } from '@/features/admin/api/get-unmatched-payments';
import PaymentIssuesPage from '@/features/admin/components/payment-issues-page';
import { toastStore } from '@/lib/toast-store';

const { rpc } = vi.hoisted(() => ({ rpc: vi.fn() }));
vi.mock('@/lib/supabase', () => ({ supabase: { rpc } }));

const tampered: PaymentIssue = {
  checkout_session_id: 'cs_tampered',
  customer_email: 'alice@example.test',
  reason: 'mismatch',
  priced_amount_cents: 123400,
  paid_amount_cents: 900,
  currency: 'eur',
  detected_at: '2026-11-26T10:15:00Z',
  handled_at: null,
  handled_by_email: null,
};
const unknown: PaymentIssue = {
  ...tampered,
  checkout_session_id: 'cs_unknown',
  customer_email: 'bruno@example.test',
  reason: 'unknown_session',
  paid_amount_cents: null,
  detected_at: '2026-11-25T09:00:00Z',
  handled_at: '2026-11-25T12:30:00Z',
  handled_by_email: 'admin@lumiere-sacree.test',
};

const likeliest = '6f1c2a9e-3b7d-4e52-9a10-0c8d5e4f7a21';
const other = '0b7e4d12-9c3a-4f6e-8d21-5a9b7c3e1f40';
/** Paid under another e-mail than the account's: two checkouts it may have paid. */
const paidElsewhere: UnmatchedPayment = {
  payment_id: 'hostinger-order-77',
  payment_reference: '1042',
  customer_email: 'alice.perso@example.test',
  total_cents: 2400,
  currency: 'eur',
  lines: [{ variant_id: 'var_souffle_sacre', title: 'Souffle sacré', quantity: 2, unit_price_cents: 1200 }],
  paid_at: '2026-11-26T10:20:00Z',
  found_at: '2026-11-26T10:21:00Z',
  attached_checkout_id: null,
  attached_at: null,
  attached_by_email: null,
  candidates: [
    { checkout_session_id: likeliest, customer_email: 'alice@example.test', total_amount_cents: 2400, created_at: '2026-11-26T10:05:00Z', status: 'pending', same_lines: true },
    { checkout_session_id: other, customer_email: 'bruno@example.test', total_amount_cents: 2400, created_at: '2026-11-24T18:00:00Z', status: 'expired', same_lines: false },
  ],
};
const attachedAt = '2026-11-26T11:00:00Z';
const attached: UnmatchedPayment = { ...paidElsewhere, attached_checkout_id: likeliest, attached_at: attachedAt, attached_by_email: 'admin@lumiere-sacree.test', candidates: [] };

type Answer = { data: unknown; error: unknown };

/** The database: each function's answer, by name; any other function is a test's mistake. */
function answer(functions: Record<string, (args: Record<string, unknown>) => Answer>) {
  rpc.mockImplementation(async (name: string, args: Record<string, unknown>) => {
    const reply = functions[name];
    if (!reply) throw new Error(`unexpected rpc ${name}`);
    return reply(args);
  });
}
const rows = (data: unknown[]) => () => ({ data, error: null });

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PaymentIssuesPage />
    </QueryClientProvider>,
  );
}

const issuesSection = () => screen.getByRole('region', { name: 'Commandes payées non enregistrées' });
const unmatchedSection = () => screen.getByRole('region', { name: 'Paiements non rattachés' });
const card = (sessionId: string) => screen.getByRole('article', { name: sessionId });
const paymentCard = (reference: string) => screen.getByRole('article', { name: `Commande Hostinger n° ${reference}` });
/** The candidates of a payment card, in their order. */
const candidatesOf = (payment: HTMLElement) => within(within(payment).getByRole('list', { name: 'Commandes possibles, la plus probable en premier' })).getAllByRole('listitem');
const lastToast = () => toastStore.getSnapshot()[0];
const calls = (name: string) => rpc.mock.calls.filter(([called]) => called === name);

describe('/admin/payments', () => {
  beforeEach(() => {
    rpc.mockReset();
    toastStore.dismiss();
  });

  it('lists each issue with its customer, reason in French, both amounts, date and state', async () => {
    answer({ admin_unmatched_payments: rows([]), admin_payment_issues: rows([tampered, unknown]) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Paiements à vérifier', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'cs_tampered' })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('admin_payment_issues', { max_rows: 50 });
    expect(within(issuesSection()).getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['payment-issue-cs_tampered', 'payment-issue-cs_unknown']);

    const first = within(card('cs_tampered'));
    expect(first.getByRole('link', { name: 'alice@example.test' })).toHaveAttribute('href', 'mailto:alice@example.test');
    expect(first.getByText('Le paiement reçu ne correspond pas à la commande (articles, montant ou devise)')).toBeInTheDocument();
    expect(first.getByText('1 234,00 €')).toBeInTheDocument();
    expect(first.getByText('9,00 €')).toBeInTheDocument();
    expect(first.getByText(/26 novembre 2026/)).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Marquer comme traité' })).toBeEnabled();

    const second = within(card('cs_unknown'));
    expect(second.getByText('Session inconnue du service de paiement')).toBeInTheDocument();
    expect(second.getByText('Inconnu')).toBeInTheDocument();
    expect(second.getByText(/Traité le 25 novembre 2026 .* par admin@lumiere-sacree\.test/)).toBeInTheDocument();
    expect(second.queryByRole('button')).toBeNull();
  });

  it('marks an issue handled through the admin-only function, then shows it handled', async () => {
    const handledAt = '2026-11-26T11:00:00Z';
    answer({
      admin_unmatched_payments: rows([]),
      mark_payment_issue_handled: () => ({ data: handledAt, error: null }),
      admin_payment_issues: () => {
        const handled = calls('mark_payment_issue_handled').length > 0;
        return { data: [handled ? { ...tampered, handled_at: handledAt, handled_by_email: 'admin@lumiere-sacree.test' } : tampered], error: null };
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Marquer comme traité' }));
    expect(rpc).toHaveBeenCalledWith('mark_payment_issue_handled', { issue_session_id: 'cs_tampered' });
    expect(await within(card('cs_tampered')).findByText(/Traité le 26 novembre 2026 .* par admin@lumiere-sacree\.test/)).toBeInTheDocument();
    expect(within(card('cs_tampered')).queryByRole('button')).toBeNull();
  });

  it('says when there is nothing to attach nor to check', async () => {
    answer({ admin_unmatched_payments: rows([]), admin_payment_issues: rows([]) });
    renderPage();
    expect(await within(unmatchedSection()).findByText('Aucun paiement à rattacher')).toBeInTheDocument();
    expect(await within(issuesSection()).findByText('Aucune commande à vérifier')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when a list cannot be read, never an empty list', async () => {
    const refused = (name: string) => () => ({ data: null, error: { code: '42501', message: `${name} is reserved to administrators` } });
    answer({ admin_unmatched_payments: refused('admin_unmatched_payments'), admin_payment_issues: refused('admin_payment_issues') });
    renderPage();
    expect(await within(unmatchedSection()).findByRole('alert')).toHaveTextContent('Impossible de charger les paiements non rattachés.');
    expect(await within(issuesSection()).findByRole('alert')).toHaveTextContent('Impossible de charger les commandes à vérifier.');
    expect(screen.queryByText('Aucun paiement à rattacher')).toBeNull();
    expect(screen.queryByText('Aucune commande à vérifier')).toBeNull();
  });

  describe('Paiements non rattachés', () => {
    it('comes first, and shows each payment with what it paid and the checkouts it may have paid, the likeliest first', async () => {
      answer({ admin_unmatched_payments: rows([paidElsewhere]), admin_payment_issues: rows([tampered]) });
      renderPage();
      const payment = await screen.findByRole('article', { name: 'Commande Hostinger n° 1042' });
      expect(rpc).toHaveBeenCalledWith('admin_unmatched_payments', { max_rows: 50 });
      expect(unmatchedSection().compareDocumentPosition(issuesSection()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Paiements non rattachés', level: 2 })).toBeInTheDocument();

      const details = within(payment);
      expect(details.getByText('Montant payé').nextElementSibling).toHaveTextContent('24,00 €');
      expect(details.getByText('E-mail saisi au paiement').nextElementSibling).toHaveTextContent('alice.perso@example.test');
      expect(details.getByText('Payé le').nextElementSibling).toHaveTextContent(/26 novembre 2026/);
      expect(within(details.getByRole('list', { name: 'Articles payés' })).getByRole('listitem')).toHaveTextContent('Souffle sacré · 2 × 12,00 €');

      const [first, second] = candidatesOf(payment);
      expect(within(first!).getByRole('link', { name: 'alice@example.test' })).toHaveAttribute('href', 'mailto:alice@example.test');
      expect(first).toHaveTextContent(/24,00 € · ouverte le 26 novembre 2026/);
      expect(within(first!).getByText('Mêmes articles')).toBeInTheDocument();
      expect(within(second!).getByRole('link', { name: 'bruno@example.test' })).toBeInTheDocument();
      expect(second).toHaveTextContent(/ouverte le 24 novembre 2026/);
      expect(within(second!).queryByText('Mêmes articles')).toBeNull();
      // Each button says which checkout it attaches to.
      expect(within(first!).getByRole('button', { name: 'Rattacher à cette commande' })).toHaveAccessibleDescription(/alice@example\.test/);
      expect(within(second!).getByRole('button', { name: 'Rattacher à cette commande' })).toHaveAccessibleDescription(/bruno@example\.test/);
      expect(calls('attach_payment')).toEqual([]);
    });

    it('attaches a payment only once confirmed, through the admin-only function, then toasts and shows it attached', async () => {
      answer({
        admin_payment_issues: rows([]),
        attach_payment: () => ({ data: 'order-1', error: null }),
        admin_unmatched_payments: () => ({ data: [calls('attach_payment').length > 0 ? attached : paidElsewhere], error: null }),
      });
      renderPage();
      const payment = await screen.findByRole('article', { name: 'Commande Hostinger n° 1042' });
      const [first] = candidatesOf(payment);

      await userEvent.click(within(first!).getByRole('button', { name: 'Rattacher à cette commande' }));
      expect(first).toHaveTextContent(
        /Rattacher la commande Hostinger n° 1042 \(24,00 €\) à la commande ouverte le 26 novembre 2026 .* par alice@example\.test \? Elle sera enregistrée : le client recevra son accès et son e-mail de confirmation\./,
      );
      expect(within(first!).getByRole('button', { name: 'Annuler' })).toHaveFocus();
      await userEvent.click(within(first!).getByRole('button', { name: 'Annuler' }));
      expect(within(first!).getByRole('button', { name: 'Rattacher à cette commande' })).toHaveFocus();
      expect(calls('attach_payment')).toEqual([]);

      await userEvent.click(within(first!).getByRole('button', { name: 'Rattacher à cette commande' }));
      await userEvent.click(within(first!).getByRole('button', { name: 'Confirmer' }));
      expect(rpc).toHaveBeenCalledWith('attach_payment', { p_payment_id: 'hostinger-order-77', p_checkout_session_id: likeliest });
      expect(await within(paymentCard('1042')).findByText(/^Rattaché à la commande 6f1c2a9e par admin@lumiere-sacree\.test le 26 novembre 2026/)).toBeInTheDocument();
      expect(lastToast()).toMatchObject({ variant: 'default', title: 'Paiement rattaché : la commande est enregistrée.' });
      expect(calls('admin_unmatched_payments')).toHaveLength(2);
      expect(within(paymentCard('1042')).queryByRole('button')).toBeNull();
      expect(calls('attach_payment')).toHaveLength(1);
    });

    it.each([
      ['P0002', 'Ce paiement ou cette commande n’existe plus. Rechargez la page.'],
      ['PT409', 'Ce paiement ou cette commande est déjà rattaché. Rechargez la page.'],
      ['23505', 'Une autre commande est déjà enregistrée pour ce paiement.'],
      ['42501', 'Le paiement n’a pas pu être rattaché. Veuillez réessayer.'],
    ])('says in French why attach_payment refused (%s), and lists the payments again', async (code, explanation) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      answer({
        admin_payment_issues: rows([]),
        admin_unmatched_payments: rows([paidElsewhere]),
        attach_payment: () => ({ data: null, error: { code, message: 'refused' } }),
      });
      renderPage();
      const payment = await screen.findByRole('article', { name: 'Commande Hostinger n° 1042' });
      const [, second] = candidatesOf(payment);
      await userEvent.click(within(second!).getByRole('button', { name: 'Rattacher à cette commande' }));
      await userEvent.click(within(second!).getByRole('button', { name: 'Confirmer' }));
      expect(rpc).toHaveBeenCalledWith('attach_payment', { p_payment_id: 'hostinger-order-77', p_checkout_session_id: other });
      await vi.waitFor(() => expect(lastToast()).toMatchObject({ variant: 'destructive', title: 'Erreur', description: explanation }));
      expect(calls('admin_unmatched_payments')).toHaveLength(2);
      expect(await within(second!).findByRole('button', { name: 'Rattacher à cette commande' })).toBeEnabled();
    });

    it('shows who attached a payment and when, and nothing to attach it with', async () => {
      answer({ admin_payment_issues: rows([]), admin_unmatched_payments: rows([attached]) });
      renderPage();
      const payment = within(await screen.findByRole('article', { name: 'Commande Hostinger n° 1042' }));
      expect(payment.getByText(/^Rattaché à la commande 6f1c2a9e par admin@lumiere-sacree\.test le 26 novembre 2026/)).toBeInTheDocument();
      expect(payment.queryByRole('button')).toBeNull();
      expect(payment.queryByRole('list', { name: 'Commandes possibles, la plus probable en premier' })).toBeNull();
    });

    it('sends the administrator to hPanel when no checkout matches, and says when no e-mail was typed', async () => {
      answer({ admin_payment_issues: rows([]), admin_unmatched_payments: rows([{ ...paidElsewhere, customer_email: null, candidates: [] }]) });
      renderPage();
      const payment = within(await screen.findByRole('article', { name: 'Commande Hostinger n° 1042' }));
      expect(payment.getByText('Aucune commande en attente ne correspond : vérifiez le paiement dans hPanel.')).toBeInTheDocument();
      expect(payment.getByText('E-mail saisi au paiement').nextElementSibling).toHaveTextContent('Aucun');
      expect(payment.queryByRole('button')).toBeNull();
    });

    it('shows more payments on demand', async () => {
      const many = Array.from({ length: 50 }, (_, index) => ({ ...paidElsewhere, payment_id: `hostinger-order-${index}`, payment_reference: String(2000 + index), candidates: [] }));
      answer({ admin_payment_issues: rows([]), admin_unmatched_payments: ({ max_rows }) => ({ data: max_rows === 50 ? many : [...many, { ...paidElsewhere, payment_reference: '3000' }], error: null }) });
      renderPage();
      await screen.findByRole('article', { name: 'Commande Hostinger n° 2000' });
      await userEvent.click(within(unmatchedSection()).getByRole('button', { name: 'Afficher plus' }));
      expect(await screen.findByRole('article', { name: 'Commande Hostinger n° 3000' })).toBeInTheDocument();
      expect(rpc).toHaveBeenCalledWith('admin_unmatched_payments', { max_rows: 100 });
      expect(within(unmatchedSection()).queryByRole('button', { name: 'Afficher plus' })).toBeNull();
    });
  });
});
