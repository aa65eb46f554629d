import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import type { AuthState } from '@/lib/auth-context';
import { CART_STORAGE_KEY } from '@/features/cart/stores/cart-store';
import { buildProduct, buildVariant } from '@/testing/catalogue-fixtures';

const invoke = vi.fn();
vi.mock('@/lib/supabase', () => ({ supabase: { functions: { invoke } } }));

const signedIn: AuthState = { user: { id: 'u1' } as AuthState['user'], session: null, loading: false, isAdmin: false };
const signedOut: AuthState = { user: null, session: null, loading: false, isAdmin: false };

async function renderSuccess(url: string, auth: AuthState) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ product: buildProduct(), variant: buildVariant(), quantity: 1 }]));
  vi.resetModules();
  const { default: SuccessRoute } = await import('@/app/routes/success');
  // Same fresh module graph as the page, so the page reads this provider's value.
  const { AuthContext } = await import('@/lib/auth-context');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[url]}>
          <SuccessRoute />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const storedCart = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown[];

describe('/success', () => {
  beforeEach(() => invoke.mockReset());

  it('records the order, then thanks the buyer and clears the cart', async () => {
    invoke.mockResolvedValue({ data: { order_id: 'order_1' }, error: null });
    await renderSuccess('/success?session_id=cs_1', signedIn);
    expect(screen.getByRole('status')).toHaveTextContent('Traitement de votre commande…');
    expect(await screen.findByRole('heading', { name: 'Merci pour votre commande !' })).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('record-order', { body: { session_id: 'cs_1' } });
    expect(storedCart()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Continuer mes achats' })).toHaveAttribute('href', '/store');
    expect(screen.getByRole('link', { name: 'Voir mon espace' })).toHaveAttribute('href', '/profile');
  });

  it('shows the order error with a contact link, keeping the cart, when recording fails', async () => {
    invoke.mockResolvedValue({ data: null, error: new Error('HTTP 400') });
    await renderSuccess('/success?session_id=cs_bad', signedIn);
    expect(await screen.findByText("Impossible d'enregistrer la commande. Veuillez nous contacter.", {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/contact');
    expect(storedCart()).toHaveLength(1);
  });

  it('records nothing without a session id or without a signed-in buyer', async () => {
    await renderSuccess('/success', signedIn);
    expect(screen.getByRole('heading', { name: 'Merci pour votre commande !' })).toBeInTheDocument();
    await renderSuccess('/success?session_id=cs_1', signedOut);
    expect(invoke).not.toHaveBeenCalled();
    expect(storedCart()).toHaveLength(1);
  });
});
