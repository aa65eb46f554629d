import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { CheckoutRefusedError, useCreateCheckout, type CheckoutConsent, type CheckoutItem } from '@/features/checkout/api/create-checkout';
import { checkoutTermsQueryKey } from '@/features/checkout/api/get-checkout-terms';
import { clearPendingCheckout, readPendingCheckout, savePendingCheckout } from '@/features/checkout/pending-checkout';
import { useCurrentPath } from '@/lib/navigation';
import { redirectTo } from '@/lib/redirect';
import { toast } from '@/lib/toast-store';

interface UseCheckoutOptions {
  items: CheckoutItem[];
  isSignedIn: boolean;
  authLoading: boolean;
  /** The open cart panel shows `refusal` beside its button: no toast over it then. */
  refusalShownElsewhere?: boolean;
}

/**
 * "Finaliser la Commande" with the buyer's consent: refuses an empty cart, sends a signed-out
 * visitor to /login (the checkout resumes when they are back on this page, signed in), else opens
 * the hosted checkout. A refusal's French sentence (a box, the CGV changed, too many checkouts)
 * is shown as it came: as `refusal` in the open cart panel, else in the toast; when the CGV
 * changed, the panel reads the version in force again.
 */
export function useCheckout({ items, isSignedIn, authLoading, refusalShownElsewhere = false }: UseCheckoutOptions) {
  const [pathname, navigate] = useLocation();
  const create = useCreateCheckout();
  const queryClient = useQueryClient();
  const here = useCurrentPath();

  // Read when the answer comes: the panel may have closed meanwhile.
  const refusalShownElsewhereRef = useRef(refusalShownElsewhere);
  useEffect(() => {
    refusalShownElsewhereRef.current = refusalShownElsewhere;
  });

  const startCheckout = useCallback((consent: CheckoutConsent) => {
    if (items.length === 0) {
      toast({ variant: 'destructive', title: 'Votre panier est vide', description: 'Ajoutez des produits avant de passer commande.' });
      return;
    }
    if (!isSignedIn) {
      savePendingCheckout(here, consent);
      toast({ title: 'Connexion requise', description: 'Connectez-vous pour finaliser votre commande : vos achats rejoindront votre bibliothèque.' });
      navigate('/login', { state: { from: here } });
      return;
    }
    create.mutate({ items, consent }, {
      onSuccess: (url) => redirectTo(url),
      onError: (error) => {
        console.error('create-checkout failed:', error);
        if (error instanceof CheckoutRefusedError && error.code === 'cgv_changed') void queryClient.invalidateQueries({ queryKey: checkoutTermsQueryKey });
        if (error instanceof CheckoutRefusedError && refusalShownElsewhereRef.current) return;
        toast({
          variant: 'destructive',
          title: 'Erreur de paiement',
          description:
            error instanceof CheckoutRefusedError
              ? error.detail
              : "Un problème est survenu lors de l'initialisation du paiement. Veuillez réessayer.",
        });
      },
    });
  }, [items, isSignedIn, here, navigate, create, queryClient]);

  const latestStart = useRef(startCheckout);
  useEffect(() => {
    latestStart.current = startCheckout;
  });

  useEffect(() => {
    if (authLoading || !isSignedIn) return;
    const pending = readPendingCheckout();
    if (!pending) return;
    if (pending.returnTo === here) {
      clearPendingCheckout();
      latestStart.current(pending.consent);
    } else if (pathname !== '/login' && pathname !== '/register') {
      // Signed in but gone elsewhere: the visitor changed their mind.
      clearPendingCheckout();
    }
  }, [authLoading, isSignedIn, here, pathname]);

  // Coming back from the payment page through the back/forward cache restores this state as
  // "redirecting"; start afresh so the button works again.
  const { reset } = create;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  // The server's refusal (a box, the CGV changed, too many checkouts), for the panel to show beside
  // its button; gone at the next attempt.
  const refusal = create.error instanceof CheckoutRefusedError ? create.error.detail : null;
  return { startCheckout, isStarting: create.isPending || create.isSuccess, refusal };
}
