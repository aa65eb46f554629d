import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useHistoryState } from 'wouter/use-browser-location';
import { Footer } from '@/app/layouts/footer';
import { Header } from '@/app/layouts/header';
import { useCart } from '@/features/cart/hooks/use-cart';
import type { CheckoutConsent } from '@/features/checkout/api/create-checkout';
import { useCheckout } from '@/features/checkout/hooks/use-checkout';
import { usePageViewReport } from '@/hooks/use-page-view-report';
import { useScrollToTop } from '@/hooks/use-scroll-to-top';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth-context';
import { useNavigation } from '@/lib/navigation';

const loadCartPanel = () => import('@/features/cart/components/cart-panel');
const CartPanel = lazy(loadCartPanel);

export function PageLoader() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label="Chargement…" />
    </div>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  useScrollToTop();
  // Public pages only: the customer's dashboard and the admin area have layouts of their own.
  usePageViewReport();
  const { user, loading } = useAuth();
  const { items } = useCart();
  const checkoutItems = useMemo(() => items.map((line) => ({ variant_id: line.variant.id, quantity: line.quantity })), [items]);

  const [cartOpen, setCartOpen] = useState(false);
  const [cartRequested, setCartRequested] = useState(false);
  // Any navigation (a product link, the login redirect) closes the panel.
  const { key } = useNavigation();
  const state = useHistoryState();
  const [openedAt, setOpenedAt] = useState(key);
  const panelOpen = cartOpen && openedAt === key;
  const { startCheckout, isStarting, refusal } = useCheckout({
    items: checkoutItems,
    isSignedIn: user !== null,
    authLoading: loading,
    refusalShownElsewhere: panelOpen,
  });

  const checkout = (consent: CheckoutConsent) => {
    // A signed-out visitor is about to be sent to /login: do not leave the panel over it.
    if (!user) setCartOpen(false);
    startCheckout(consent);
  };

  const openCart = () => {
    setCartRequested(true);
    setOpenedAt(key);
    setCartOpen(true);
  };

  // A page elsewhere (the orders' 'Recommander') sends the visitor here with the panel open.
  const openCartOnArrival = (state as { openCart?: unknown } | null)?.openCart === true;
  useEffect(() => {
    if (!openCartOnArrival) return;
    setCartRequested(true);
    setOpenedAt(key);
    setCartOpen(true);
  }, [openCartOnArrival, key]);

  return (
    <div className="flex min-h-screen flex-col">
      <Header onOpenCart={openCart} onCartIntent={() => void loadCartPanel()} />
      {/* At least a screen tall, so the footer never jumps while a lazy page loads. */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 outline-none">
        <Suspense fallback={<PageLoader />}>
          {children}
        </Suspense>
      </main>
      <Footer />
      {cartRequested ? (
        <Suspense fallback={null}>
          <CartPanel open={panelOpen} onOpenChange={setCartOpen} onCheckout={checkout} checkingOut={isStarting} refusal={refusal} />
        </Suspense>
      ) : null}
    </div>
  );
}
