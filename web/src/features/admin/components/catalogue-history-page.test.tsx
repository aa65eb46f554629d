// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_PAGE_SIZE, type CatalogueChange } from '@/features/admin/api/catalogue-history-queries';
import CatalogueHistoryPage from '@/features/admin/components/catalogue-history-page';

const { rpc } = vi.hoisted(() => ({ rpc: vi.fn() }));
vi.mock('@/lib/supabase', () => ({ supabase: { rpc } }));

const base: CatalogueChange = {
  id: 100,
  changed_at: '2026-11-29T17:05:00Z',
  changed_by: '6f1c2a9e-3b7d-4e52-9a10-0c8d5e4f7a21',
  changed_by_role: 'authenticated',
  changed_by_email: 'marie@lumiere-sacree.test',
  changed_by_name: 'Marie Dupont',
  table_name: 'product_variants',
  operation: 'update',
  row_id: 'var_rituel_pdf',
  product_id: 'prod_rituel',
  product_title: 'Rituel du soir',
  product_currency: 'eur',
  before: { price_in_cents: 1500 },
  after: { price_in_cents: 1290 },
};
const imported: CatalogueChange = {
  ...base,
  id: 99,
  changed_at: '2026-11-28T09:00:00Z',
  changed_by: null,
  changed_by_role: 'service_role',
  changed_by_email: null,
  changed_by_name: null,
  table_name: 'products',
  operation: 'insert',
  row_id: 'prod_rituel',
  before: null,
  after: { title: 'Rituel' },
};

/** A page of `count` changes, ids descending from `firstId`, as the database serves them. */
const pageOf = (count: number, firstId: number) =>
  Array.from({ length: count }, (_, index) => ({ ...base, id: firstId - index, changed_at: `2026-11-2${index % 9}T10:00:00Z` }));

function renderPage(productId: string | null) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CatalogueHistoryPage productId={productId} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  rpc.mockReset();
});

describe('CatalogueHistoryPage', () => {
  it('says each change of a product for a person: who, when in Paris time, what before → after', async () => {
    rpc.mockResolvedValue({ data: [base, imported], error: null });
    renderPage('prod_rituel');

    expect(await screen.findByRole('heading', { level: 1, name: 'Historique de « Rituel du soir »' })).toBeTruthy();
    expect(rpc).toHaveBeenCalledWith('admin_catalogue_history', { p_product_id: 'prod_rituel', p_limit: HISTORY_PAGE_SIZE + 1 });
    const [priceChange, creation] = within(screen.getByRole('list', { name: 'Modifications' })).getAllByRole('article');
    expect(within(priceChange!).getByRole('heading', { name: 'Variante modifiée' })).toBeTruthy();
    expect(priceChange!.textContent).toContain('Marie Dupont, le 29 novembre 2026 à 18:05');
    expect(within(priceChange!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Prix\u00a0: 15,00\u00a0€ → 12,90\u00a0€']);
    expect(within(creation!).getByRole('heading', { name: 'Produit « Rituel » créé' })).toBeTruthy();
    expect(creation!.textContent).toContain('Import, le 28 novembre 2026 à 10:00');
    // A product's own page does not repeat its name on each change.
    expect(within(priceChange!).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Afficher les modifications plus anciennes' })).toBeNull();
  });

  it('on the catalogue’s page, links each change to its product’s history', async () => {
    rpc.mockResolvedValue({ data: [base], error: null });
    renderPage(null);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dernières modifications' })).toBeTruthy();
    expect(rpc).toHaveBeenCalledWith('admin_catalogue_history', { p_limit: HISTORY_PAGE_SIZE + 1 });
    const link = await screen.findByRole('link', { name: '« Rituel du soir »' });
    expect(link.getAttribute('href')).toBe('/admin/products/prod_rituel/history');
  });

  it('reads older changes after the last one shown (keyset), until there are none', async () => {
    const first = pageOf(HISTORY_PAGE_SIZE + 1, 500);
    const second = pageOf(3, 400);
    rpc.mockResolvedValueOnce({ data: first, error: null }).mockResolvedValueOnce({ data: second, error: null });
    renderPage('prod_rituel');

    const more = await screen.findByRole('button', { name: 'Afficher les modifications plus anciennes' });
    expect(within(screen.getByRole('list', { name: 'Modifications' })).getAllByRole('article')).toHaveLength(HISTORY_PAGE_SIZE);
    await userEvent.click(more);

    const lastShown = first[HISTORY_PAGE_SIZE - 1]!;
    expect(rpc).toHaveBeenLastCalledWith('admin_catalogue_history', {
      p_product_id: 'prod_rituel',
      p_after_changed_at: lastShown.changed_at,
      p_after_id: lastShown.id,
      p_limit: HISTORY_PAGE_SIZE + 1,
    });
    expect(await screen.findAllByRole('article')).toHaveLength(HISTORY_PAGE_SIZE + 3);
    expect(screen.queryByRole('button', { name: 'Afficher les modifications plus anciennes' })).toBeNull();
  });

  it('says when nothing was recorded', async () => {
    rpc.mockResolvedValueOnce({ data: [], error: null });
    renderPage('prod_rien');
    expect(await screen.findByText('Aucune modification enregistrée pour le moment')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Historique du produit' })).toBeTruthy();
  });

  it('says when the history cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    rpc.mockResolvedValueOnce({ data: null, error: { code: '42501', message: 'reserved to administrators' } });
    renderPage(null);
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger l’historique. Rechargez la page pour réessayer.');
  });
});
