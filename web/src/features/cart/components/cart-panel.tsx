// The "Panier Spirituel" side panel (spec §2): a Radix dialog animated by framer-motion. It is
// loaded lazily on first open so the animation library stays off the home page's critical path.
// 'Finaliser la Commande' proceeds only once both consent boxes are ticked on the CGV in force
// (checkout-consent-fields.tsx); create-checkout checks them again, and its refusal shows above
// the button. A box ticked on a CGV version no longer in force is unticked: the buyer accepts the
// version they are shown, never one published since.
import * as Dialog from '@radix-ui/react-dialog';
import { AnimatePresence, motion } from 'framer-motion';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { CartLineItem } from '@/features/cart/components/cart-line-item';
import { useCart } from '@/features/cart/hooks/use-cart';
import type { CheckoutConsent } from '@/features/checkout/api/create-checkout';
import { checkoutTermsQueryOptions } from '@/features/checkout/api/get-checkout-terms';
import { CheckoutConsentFields, type ConsentState } from '@/features/checkout/components/checkout-consent-fields';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { formatPrice } from '@/lib/format-price';

export interface CartPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCheckout: (consent: CheckoutConsent) => void;
  checkingOut: boolean;
  /** create-checkout's French refusal of the last attempt, if any. */
  refusal: string | null;
}

export default function CartPanel({ open, onOpenChange, onCheckout, checkingOut, refusal }: CartPanelProps) {
  const { items, totalCents, updateQuantity, removeItem } = useCart();
  const currency = items[0]?.variant.currency_info ?? items[0]?.variant.currency;
  const returnFocus = useReturnFocus(open);
  const terms = useQuery({ ...checkoutTermsQueryOptions(), enabled: open && items.length > 0 });
  const [consent, setConsent] = useState<ConsentState>({ acceptsCgv: false, requestsImmediateAccess: false });
  const [showErrors, setShowErrors] = useState(false);
  const cgvVersion = terms.data?.cgv_version ?? null;
  const [consentVersion, setConsentVersion] = useState(cgvVersion);
  if (consentVersion !== cgvVersion) {
    setConsentVersion(cgvVersion);
    setConsent((ticked) => ({ ...ticked, acceptsCgv: false }));
  }

  const finalise = () => {
    if (cgvVersion === null) return;
    if (!consent.acceptsCgv || !consent.requestsImmediateAccess) {
      setShowErrors(true);
      document.getElementById(consent.acceptsCgv ? 'checkout-consent-requestsImmediateAccess' : 'checkout-consent-acceptsCgv')?.focus();
      return;
    }
    onCheckout({ cgvVersion, acceptsCgv: true, requestsImmediateAccess: true });
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <AnimatePresence>
        {open ? (
          <Dialog.Portal forceMount>
            <Dialog.Overlay asChild forceMount>
              <motion.div
                className="fixed inset-0 z-[100] bg-plum-900/60 backdrop-blur-[2px]"
                initial={{ opacity: 0 }}
                animate={{ opacity: 1 }}
                exit={{ opacity: 0 }}
              />
            </Dialog.Overlay>
            <Dialog.Content asChild forceMount aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
              <motion.div
                className="fixed inset-y-0 right-0 z-[101] flex w-full max-w-md flex-col bg-ivory shadow-2xl"
                initial={{ x: '100%' }}
                animate={{ x: 0 }}
                exit={{ x: '100%' }}
                transition={{ type: 'spring', stiffness: 300, damping: 30 }}
              >
                <div className="flex items-center justify-between border-b border-plum-100 px-6 py-5">
                  <Dialog.Title className="font-serif text-2xl font-semibold text-plum-900">Panier Spirituel</Dialog.Title>
                  <Dialog.Close aria-label="Fermer le panier" className="rounded-full p-2 text-plum-800 hover:bg-plum-50">
                    <X aria-hidden="true" className="h-5 w-5" />
                  </Dialog.Close>
                </div>

                {items.length === 0 ? (
                  <p className="flex flex-1 items-center justify-center p-6 text-center text-mist">Votre panier est vide.</p>
                ) : (
                  <>
                    <ul className="flex-1 space-y-3 overflow-y-auto p-6">
                      {items.map((line) => (
                        <CartLineItem key={line.variant.id} line={line} onQuantityChange={updateQuantity} onRemove={removeItem} />
                      ))}
                    </ul>
                    <div className="space-y-4 border-t border-plum-100 bg-white px-6 py-5">
                      <p className="flex items-center justify-between text-lg font-semibold text-plum-900">
                        <span>Total</span>
                        <span>{formatPrice(totalCents, currency)}</span>
                      </p>
                      {terms.isPending ? (
                        <Spinner label="Chargement des conditions de vente…" />
                      ) : terms.isError ? (
                        <p role="alert" className="text-sm text-red-700">
                          Les conditions de vente n'ont pas pu être chargées. Veuillez réessayer dans un instant.
                        </p>
                      ) : cgvVersion === null ? (
                        <p role="alert" className="text-sm text-red-700">
                          La boutique ne peut pas encore prendre de commande : ses conditions générales de vente ne sont pas publiées.
                        </p>
                      ) : (
                        <CheckoutConsentFields terms={{ ...terms.data, cgv_version: cgvVersion }} value={consent} onChange={setConsent} showErrors={showErrors} />
                      )}
                      {refusal && !checkingOut ? (
                        <p role="alert" className="text-sm text-red-700">
                          {refusal}
                        </p>
                      ) : null}
                      <Button size="lg" className="w-full" onClick={finalise} disabled={checkingOut || cgvVersion === null} aria-busy={checkingOut}>
                        Finaliser la Commande
                      </Button>
                    </div>
                  </>
                )}
              </motion.div>
            </Dialog.Content>
          </Dialog.Portal>
        ) : null}
      </AnimatePresence>
    </Dialog.Root>
  );
}
