// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentIssue } from '@/features/admin/api/get-payment-issues';
import PaymentIssuesPage from '@/features/admin/components/payment-issues-page';

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

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PaymentIssuesPage />
    </QueryClientProvider>,
  );
}

const card = (sessionId: string) => screen.getByRole('article', { name: sessionId });

describe('/admin/payments', () => {
  beforeEach(() => rpc.mockReset());

  it('lists each issue with its customer, reason in French, both amounts, date and state', async () => {
    rpc.mockResolvedValue({ data: [tampered, unknown], error: null });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Paiements à vérifier' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'cs_tampered' })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('admin_payment_issues', { max_rows: 50 });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['payment-issue-cs_tampered', 'payment-issue-cs_unknown']);

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
    rpc.mockImplementation(async (name: string) => {
      if (name === 'mark_payment_issue_handled') return { data: handledAt, error: null };
      const handled = rpc.mock.calls.some(([called]) => called === 'mark_payment_issue_handled');
      return { data: [handled ? { ...tampered, handled_at: handledAt, handled_by_email: 'admin@lumiere-sacree.test' } : tampered], error: null };
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Marquer comme traité' }));
    expect(rpc).toHaveBeenCalledWith('mark_payment_issue_handled', { issue_session_id: 'cs_tampered' });
    expect(await within(card('cs_tampered')).findByText(/Traité le 26 novembre 2026 .* par admin@lumiere-sacree\.test/)).toBeInTheDocument();
    expect(within(card('cs_tampered')).queryByRole('button')).toBeNull();
  });

  it('says when there is nothing to check', async () => {
    rpc.mockResolvedValue({ data: [], error: null });
    renderPage();
    expect(await screen.findByText('Aucun paiement à vérifier')).toBeInTheDocument();
  });

  it('says so when the list cannot be read, never an empty list', async () => {
    rpc.mockResolvedValue({ data: null, error: { code: '42501', message: 'admin_payment_issues is reserved to administrators' } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger les paiements à vérifier.');
    expect(screen.queryByText('Aucun paiement à vérifier')).toBeNull();
  });
});
