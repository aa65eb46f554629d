import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CheckoutRateLimitedError, useCreateCheckout, type CheckoutItem } from '@/features/checkout/api/create-checkout';
import { clearPendingCheckout, readPendingCheckout, savePendingCheckout } from '@/features/checkout/pending-checkout';
import { redirectTo } from '@/lib/redirect';
import { toast } from '@/lib/toast-store';

interface UseCheckoutOptions {
  items: CheckoutItem[];
  isSignedIn: boolean;
  authLoading: boolean;
}

/**
 * "Finaliser la Commande": refuses an empty cart, sends a signed-out visitor to /login (the
 * checkout resumes when they are back on this page, signed in), else opens the hosted checkout.
 */
export function useCheckout({ items, isSignedIn, authLoading }: UseCheckoutOptions) {
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateCheckout();
  const here = `${location.pathname}${location.search}${location.hash}`;

  const startCheckout = useCallback(() => {
    if (items.length === 0) {
      toast({ variant: 'destructive', title: 'Votre panier est vide', description: 'Ajoutez des produits avant de passer commande.' });
      return;
    }
    if (!isSignedIn) {
      savePendingCheckout(here);
      toast({ title: 'Connexion requise', description: 'Connectez-vous pour finaliser votre commande : vos achats rejoindront votre bibliothèque.' });
      navigate('/login', { state: { from: location } });
      return;
    }
    create.mutate(items, {
      onSuccess: (url) => redirectTo(url),
      onError: (error) => {
        console.error('create-checkout failed:', error);
        toast({
          variant: 'destructive',
          title: 'Erreur de paiement',
          description:
            error instanceof CheckoutRateLimitedError
              ? error.detail
              : "Un problème est survenu lors de l'initialisation du paiement. Veuillez réessayer.",
        });
      },
    });
  }, [items, isSignedIn, here, location, navigate, create]);

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
      latestStart.current();
    } else if (location.pathname !== '/login' && location.pathname !== '/register') {
      // Signed in but gone elsewhere: the visitor changed their mind.
      clearPendingCheckout();
    }
  }, [authLoading, isSignedIn, here, location.pathname]);

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

  return { startCheckout, isStarting: create.isPending || create.isSuccess };
}
