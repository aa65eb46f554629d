// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { rememberedPath } from '@/features/auth/lib/remembered-path';
import type { AuthState } from '@/lib/auth-context';
import { CART_STORAGE_KEY } from '@/features/cart/stores/cart-store';
import { buildProduct, buildVariant } from '@/testing/catalogue-fixtures';

const invoke = vi.fn();
vi.mock('@/lib/supabase', () => ({ supabase: { functions: { invoke } } }));

const signedIn: AuthState = { user: { id: 'u1' } as AuthState['user'], session: null, loading: false, isAdmin: false };
const signedOut: AuthState = { user: null, session: null, loading: false, isAdmin: false };

/** Where the login page would send the visitor back to. */
function LoginFrom() {
  return <p data-testid="login-from">{rememberedPath(useHistoryState())}</p>;
}

async function renderSuccess(url: string, auth: AuthState) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ product: buildProduct(), variant: buildVariant(), quantity: 1 }]));
  vi.resetModules();
  const { default: SuccessRoute } = await import('@/app/routes/success');
  // Same fresh module graph as the page, so the page reads this provider's value.
  const { AuthContext } = await import('@/lib/auth-context');
  window.history.replaceState(null, '', url);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={auth}>
        <Switch>
          <Route path="/success">
            <SuccessRoute />
          </Route>
          <Route path="/login">
            <LoginFrom />
          </Route>
        </Switch>
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

  it('never thanks for a session record-order refuses, and keeps the cart', async () => {
    const refusal = new FunctionsHttpError(new Response(JSON.stringify({ error: { code: 'checkout_canceled', message: 'This checkout was canceled.' } }), { status: 409 }));
    invoke.mockResolvedValue({ data: null, error: refusal });
    await renderSuccess('/success?session_id=cs_annule', signedIn);
    expect(await screen.findByRole('heading', { name: 'Paiement annulé' })).toBeInTheDocument();
    expect(screen.queryByText(/reçu/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la boutique' })).toHaveAttribute('href', '/store');
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(storedCart()).toHaveLength(1);
  });

  it('offers a retry after a failure, and thanks once the retry records the order', async () => {
    invoke.mockResolvedValue({ data: null, error: new Error('Failed to send a request to the Edge Function') });
    await renderSuccess('/success?session_id=cs_1', signedIn);
    // A failure is retried once by itself (a second later) before the page offers the button.
    const retry = await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 4000 });
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(screen.getByText("Impossible d'enregistrer la commande. Veuillez nous contacter.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/contact');
    expect(storedCart()).toHaveLength(1);
    invoke.mockResolvedValue({ data: { order_id: 'order_1' }, error: null });
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Merci pour votre commande !' })).toBeInTheDocument();
    expect(storedCart()).toEqual([]);
  });

  it('asks a signed-out visitor to log in, and the link comes back to this session', async () => {
    await renderSuccess('/success?session_id=cs_1', signedOut);
    expect(screen.getByRole('heading', { name: 'Connectez-vous pour retrouver votre commande' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Se connecter' }));
    expect(screen.getByTestId('login-from')).toHaveTextContent('/success?session_id=cs_1');
    expect(invoke).not.toHaveBeenCalled();
    expect(storedCart()).toHaveLength(1);
  });

  it('says there is nothing to show without a session id, with a link to the store', async () => {
    await renderSuccess('/success', signedIn);
    expect(screen.getByRole('heading', { name: 'Aucune commande à afficher' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la boutique' })).toHaveAttribute('href', '/store');
    expect(invoke).not.toHaveBeenCalled();
    expect(storedCart()).toHaveLength(1);
  });
});
