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

const checkoutId = '6f1c2a9e-3b7d-4e52-9a10-0c8d5e4f7a21';
const refusal = (code: string) => new FunctionsHttpError(new Response(JSON.stringify({ error: { code, message: 'whatever the function says' } }), { status: 409 }));

const storedCart = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown[];

describe('/success', () => {
  beforeEach(() => invoke.mockReset());

  it('records the order, then thanks the buyer and clears the cart', async () => {
    invoke.mockResolvedValue({ data: { order_id: 'order_1' }, error: null });
    await renderSuccess(`/success?checkout=${checkoutId}`, signedIn);
    expect(screen.getByRole('status')).toHaveTextContent('Traitement de votre commande…');
    expect(await screen.findByRole('heading', { name: 'Merci pour votre commande !' })).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('record-order', { body: { checkout_id: checkoutId } });
    expect(storedCart()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Continuer mes achats' })).toHaveAttribute('href', '/store');
    expect(screen.getByRole('link', { name: 'Voir mon espace' })).toHaveAttribute('href', '/profile');
  });

  it('never thanks for a checkout record-order refuses, and keeps the cart', async () => {
    invoke.mockResolvedValue({ data: null, error: refusal('payment_not_completed') });
    await renderSuccess(`/success?checkout=${checkoutId}`, signedIn);
    expect(await screen.findByRole('heading', { name: 'Paiement non finalisé' })).toBeInTheDocument();
    expect(screen.queryByText(/reçu/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la boutique' })).toHaveAttribute('href', '/store');
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(storedCart()).toHaveLength(1);
  });

  it('tells the buyer of a checkout set aside for review that the shop attaches the payment by hand, and keeps the cart', async () => {
    invoke.mockResolvedValue({ data: null, error: refusal('checkout_needs_review') });
    await renderSuccess(`/success?checkout=${checkoutId}`, signedIn);
    expect(await screen.findByRole('heading', { name: 'Paiement en cours de vérification' })).toBeInTheDocument();
    expect(screen.getByText(/Vous recevrez l’e-mail de confirmation dès que ce sera fait ; vous n’avez rien à refaire\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la boutique' })).toHaveAttribute('href', '/store');
    expect(screen.getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Merci pour votre commande !' })).not.toBeInTheDocument();
    expect(invoke).toHaveBeenCalledTimes(1);
    expect(storedCart()).toHaveLength(1);
  });

  it('offers a retry after a failure, and thanks once the retry records the order', async () => {
    invoke.mockResolvedValue({ data: null, error: new Error('Failed to send a request to the Edge Function') });
    await renderSuccess(`/success?checkout=${checkoutId}`, signedIn);
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

  it('asks a signed-out visitor to log in, and the link comes back to this checkout', async () => {
    await renderSuccess(`/success?checkout=${checkoutId}`, signedOut);
    expect(screen.getByRole('heading', { name: 'Connectez-vous pour retrouver votre commande' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Se connecter' }));
    expect(screen.getByTestId('login-from')).toHaveTextContent(`/success?checkout=${checkoutId}`);
    expect(invoke).not.toHaveBeenCalled();
    expect(storedCart()).toHaveLength(1);
  });

  it('says there is nothing to show without a checkout id, with a link to the store', async () => {
    // The return address of before, which named the payment session, names no checkout.
    await renderSuccess('/success?session_id=cs_1', signedIn);
    expect(screen.getByRole('heading', { name: 'Aucune commande à afficher' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la boutique' })).toHaveAttribute('href', '/store');
    expect(invoke).not.toHaveBeenCalled();
    expect(storedCart()).toHaveLength(1);
  });
});
