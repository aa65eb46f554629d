// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import type { CheckoutItem } from '@/features/checkout/api/create-checkout';
import { rememberedPath } from '@/features/auth/lib/remembered-path';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import { readPendingCheckout, savePendingCheckout } from '@/features/checkout/pending-checkout';
import { redirectTo } from '@/lib/redirect';
import { toastStore } from '@/lib/toast-store';

const invoke = vi.fn();
vi.mock('@/lib/supabase-loader', () => ({ loadSupabase: async () => ({ functions: { invoke } }) }));
vi.mock('@/lib/redirect', () => ({ redirectTo: vi.fn() }));

const items: CheckoutItem[] = [{ variant_id: 'var_lune', quantity: 2 }];
const consent = { cgvVersion: 3, acceptsCgv: true, requestsImmediateAccess: true } as const;
let startWith: (given: typeof consent) => void = () => {};
const start = () => startWith(consent);

function Harness({ items, isSignedIn, panelOpen = false }: { items: CheckoutItem[]; isSignedIn: boolean; panelOpen?: boolean }) {
  const { startCheckout, refusal } = useCheckout({ items, isSignedIn, authLoading: false, refusalShownElsewhere: panelOpen });
  startWith = startCheckout;
  const [pathname] = useLocation();
  const from = rememberedPath(useHistoryState());
  return (
    <>
      <p data-testid="where">{`${pathname}${from ? ` from ${from}` : ''}`}</p>
      <p data-testid="refusal">{refusal}</p>
    </>
  );
}

function renderAt(path: string, props: { items: CheckoutItem[]; isSignedIn: boolean; panelOpen?: boolean }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  window.history.replaceState(null, '', path);
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const lastToast = () => toastStore.getSnapshot()[0];

describe('useCheckout', () => {
  beforeEach(() => {
    invoke.mockReset();
    vi.mocked(redirectTo).mockReset();
    toastStore.dismiss();
  });
  afterEach(() => vi.useRealTimers());

  it('refuses an empty cart with the destructive toast', () => {
    renderAt('/store', { items: [], isSignedIn: true });
    act(() => start());
    expect(lastToast()).toMatchObject({ variant: 'destructive', title: 'Votre panier est vide', description: 'Ajoutez des produits avant de passer commande.' });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to /login and remembers the pending checkout', () => {
    renderAt('/product/p1?x=1', { items, isSignedIn: false });
    act(() => start());
    expect(screen.getByTestId('where')).toHaveTextContent('/login from /product/p1?x=1');
    expect(readPendingCheckout()).toMatchObject({ returnTo: '/product/p1?x=1', consent });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('asks create-checkout for a hosted page and goes there', async () => {
    invoke.mockResolvedValue({ data: { url: 'https://pay.test/cs_1' }, error: null });
    renderAt('/store', { items, isSignedIn: true });
    act(() => start());
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://pay.test/cs_1'));
    expect(invoke).toHaveBeenCalledWith('create-checkout', {
      body: {
        items,
        successUrl: `${window.location.origin}/success`,
        cancelUrl: window.location.href,
        locale: 'fr',
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        consent,
      },
    });
  });

  it('shows the payment error toast when the function fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    invoke.mockResolvedValue({ data: null, error: new Error('Edge Function returned a non-2xx status code') });
    renderAt('/store', { items, isSignedIn: true });
    act(() => start());
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        variant: 'destructive',
        title: 'Erreur de paiement',
        description: "Un problème est survenu lors de l'initialisation du paiement. Veuillez réessayer.",
      }),
    );
    expect(redirectTo).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("says why when the buyer's checkout limit is reached, in the function's own French", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const detail = 'Vous avez commencé plusieurs paiements en peu de temps. Veuillez patienter quelques minutes avant de réessayer.';
    const answer = new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'too many checkouts', detail } }), { status: 429 });
    invoke.mockResolvedValue({ data: null, error: Object.assign(new Error('Edge Function returned a non-2xx status code'), { context: answer }) });
    renderAt('/store', { items, isSignedIn: true });
    act(() => start());
    await waitFor(() => expect(lastToast()).toMatchObject({ variant: 'destructive', title: 'Erreur de paiement', description: detail }));
    expect(redirectTo).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("shows create-checkout's French refusal of an unticked box", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const detail = 'Veuillez accepter les conditions générales de vente pour finaliser votre commande.';
    const answer = new Response(JSON.stringify({ error: { code: 'cgv_not_accepted', message: 'refused', detail } }), { status: 400 });
    invoke.mockResolvedValue({ data: null, error: Object.assign(new Error('Edge Function returned a non-2xx status code'), { context: answer }) });
    renderAt('/store', { items, isSignedIn: true });
    act(() => start());
    await waitFor(() => expect(lastToast()).toMatchObject({ variant: 'destructive', description: detail }));
    expect(screen.getByTestId('refusal')).toHaveTextContent(detail);
    expect(redirectTo).not.toHaveBeenCalled();

    // The next attempt clears it.
    invoke.mockResolvedValue({ data: { url: 'https://pay.test/cs_3' }, error: null });
    act(() => start());
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://pay.test/cs_3'));
    expect(screen.getByTestId('refusal')).toBeEmptyDOMElement();
    vi.restoreAllMocks();
  });

  it('leaves a refusal to the open cart panel, without a toast over it; a failure still toasts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const detail = "Les conditions générales de vente viennent d'être mises à jour : veuillez relire la nouvelle version et cocher à nouveau la case.";
    const answer = new Response(JSON.stringify({ error: { code: 'cgv_changed', message: 'refused', detail } }), { status: 409 });
    invoke.mockResolvedValue({ data: null, error: Object.assign(new Error('Edge Function returned a non-2xx status code'), { context: answer }) });
    renderAt('/store', { items, isSignedIn: true, panelOpen: true });
    // An earlier test's toast may leave the store meanwhile (its timer runs on): what counts is
    // that none is added.
    const shownBefore = new Set(toastStore.getSnapshot().map((item) => item.id));
    act(() => start());
    await waitFor(() => expect(screen.getByTestId('refusal')).toHaveTextContent(detail));
    expect(toastStore.getSnapshot().filter((item) => !shownBefore.has(item.id))).toEqual([]);

    invoke.mockResolvedValue({ data: null, error: new Error('Edge Function returned a non-2xx status code') });
    act(() => start());
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Erreur de paiement', description: "Un problème est survenu lors de l'initialisation du paiement. Veuillez réessayer." }));
    vi.restoreAllMocks();
  });

  it('resumes the pending checkout once signed in on the page it was started from', async () => {
    invoke.mockResolvedValue({ data: { url: 'https://pay.test/cs_2' }, error: null });
    savePendingCheckout('/product/p1', consent);
    renderAt('/product/p1', { items, isSignedIn: true });
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://pay.test/cs_2'));
    expect(invoke).toHaveBeenCalledWith('create-checkout', { body: expect.objectContaining({ consent }) });
    expect(readPendingCheckout()).toBeNull();
  });

  it('drops the pending checkout when the visitor signed in and went elsewhere', () => {
    savePendingCheckout('/product/p1', consent);
    renderAt('/about', { items, isSignedIn: true });
    expect(readPendingCheckout()).toBeNull();
    expect(invoke).not.toHaveBeenCalled();
  });
});
