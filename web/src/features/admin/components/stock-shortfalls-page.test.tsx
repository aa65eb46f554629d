// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StockShortfall } from '@/features/admin/api/catalogue-history-queries';
import StockShortfallsPage from '@/features/admin/components/stock-shortfalls-page';

const { rpc, from, update } = vi.hoisted(() => ({ rpc: vi.fn(), from: vi.fn(), update: vi.fn() }));
vi.mock('@/lib/supabase', () => ({ supabase: { rpc, from } }));

const buyerId = '0b7e4d12-9c3a-4f6e-8d21-5a9b7c3e1f40';
const toDecide: StockShortfall = {
  order_item_id: '6f1c2a9e-3b7d-4e52-9a10-0c8d5e4f7a21',
  order_id: '7c000000-0000-4000-a000-00000000000b',
  order_created_at: '2026-11-29T17:00:00Z',
  buyer_id: buyerId,
  buyer_email: 'alice@example.test',
  product_title: 'Rituel du soir',
  variant_title: 'Édition numérotée',
  variant_id: 'var_rituel_numerote',
  wanted: 1,
  taken: 0,
  detected_at: '2026-11-29T17:00:00Z',
  resolution: null,
  handled_at: null,
  handled_by_email: null,
  handled_by_name: null,
};
const decided: StockShortfall = {
  ...toDecide,
  order_item_id: '9a9e2c1f-0000-4000-a000-000000000001',
  product_title: 'Méditation',
  variant_title: null,
  wanted: 3,
  taken: 1,
  resolution: 'refunded',
  handled_at: '2026-11-28T08:00:00Z',
  handled_by_name: 'Marie Dupont',
  handled_by_email: 'marie@lumiere-sacree.test',
};

/** The decision's update: `update(values).eq(column, value).is(column, null).select(columns)`, answering `rows`. */
function decisionAnswers(rows: unknown[]) {
  const chain = { eq: vi.fn(), is: vi.fn(), select: vi.fn() };
  chain.eq.mockReturnValue(chain);
  chain.is.mockReturnValue(chain);
  chain.select.mockResolvedValue({ data: rows, error: null });
  update.mockReturnValue(chain);
  from.mockReturnValue({ update });
  return chain;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StockShortfallsPage />
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  rpc.mockReset();
  from.mockReset();
  update.mockReset();
});

describe('StockShortfallsPage', () => {
  it('lists each shortfall: the item, what was missing, when, the order and its buyer; a decided one says what and who', async () => {
    rpc.mockResolvedValue({ data: [toDecide, decided], error: null });
    renderPage();

    const open = await screen.findByRole('article', { name: 'Rituel du soir (Édition numérotée)' });
    expect(rpc).toHaveBeenCalledWith('admin_stock_shortfalls', { p_limit: 100 });
    expect(open.textContent).toContain('1 commandé, 0 pris en stock\u00a0: 1 manquant');
    expect(open.textContent).toContain('29 novembre 2026 à 18:00');
    expect(open.textContent).toContain(toDecide.order_id);
    expect(within(open).getByRole('link', { name: 'alice@example.test' }).getAttribute('href')).toBe(`/admin/users?compte=${buyerId}`);
    expect(within(open).getByRole('button', { name: 'Marquer comme traitée' })).toBeTruthy();

    const done = card('Méditation');
    expect(done.textContent).toContain('3 commandés, 1 pris en stock\u00a0: 2 manquants');
    expect(done.textContent).toContain('Remboursé, le 28 novembre 2026 à 09:00, par Marie Dupont');
    expect(within(done).queryByRole('button')).toBeNull();
  });

  it('asks for the decision beside its choices before writing anything', async () => {
    rpc.mockResolvedValue({ data: [toDecide], error: null });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Marquer comme traitée' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Choisissez ce qui a été fait pour cette commande.');
    expect(from).not.toHaveBeenCalled();
  });

  it('records the decision on that shortfall alone, then reads the list afresh', async () => {
    rpc.mockResolvedValueOnce({ data: [toDecide], error: null }).mockResolvedValue({ data: [{ ...toDecide, resolution: 'delivered', handled_at: '2026-11-29T17:30:00Z', handled_by_name: 'Marie Dupont' }], error: null });
    const chain = decisionAnswers([{ order_item_id: toDecide.order_item_id }]);
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Livré malgré tout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Marquer comme traitée' }));

    expect(await screen.findByText('Livré malgré tout, le 29 novembre 2026 à 18:30, par Marie Dupont')).toBeTruthy();
    expect(from).toHaveBeenCalledWith('stock_shortfalls');
    expect(update).toHaveBeenCalledWith({ resolution: 'delivered' });
    expect(chain.eq).toHaveBeenCalledWith('order_item_id', toDecide.order_item_id);
    expect(chain.is).toHaveBeenCalledWith('resolution', null);
    expect(screen.queryByRole('button', { name: 'Marquer comme traitée' })).toBeNull();
  });

  it('says beside the choices when the decision was not recorded, keeping the choice', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    rpc.mockResolvedValue({ data: [toDecide], error: null });
    decisionAnswers([]);
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Remboursé' }));
    await userEvent.click(screen.getByRole('button', { name: 'Marquer comme traitée' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cette rupture a déjà été traitée, ou votre session n’est plus celle d’un administrateur. Rechargez la page.',
    );
    expect((screen.getByRole('radio', { name: 'Remboursé' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says when there is none', async () => {
    rpc.mockResolvedValueOnce({ data: [], error: null });
    renderPage();
    expect(await screen.findByText('Aucune rupture de stock')).toBeTruthy();
  });

  it('says when the list cannot be read', async () => {
    rpc.mockResolvedValueOnce({ data: null, error: { code: '42501', message: 'reserved to administrators' } });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les ruptures de stock. Rechargez la page pour réessayer.');
  });
});
