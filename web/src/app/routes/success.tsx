import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { useCart } from '@/features/cart/hooks/use-cart';
import { useRecordOrder } from '@/features/checkout/api/record-order';
import { OrderOutcomeNotice } from '@/features/checkout/components/order-outcome-notice';
import { OrderConfirmation, OrderProcessing } from '@/features/checkout/components/order-status';
import type { OrderOutcome } from '@/features/checkout/lib/record-order-outcome';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';

/**
 * Back from the payment page: thanks the buyer only once `record-order` has recorded the order
 * (and only then empties the cart); otherwise says what is known, signed out included.
 */
export default function SuccessRoute() {
  const [searchParams] = useSearchParams();
  // create-checkout's return address names the shop's checkout (`/success?checkout=<id>`).
  const checkoutId = searchParams.get('checkout') || null;
  const { user, loading } = useAuth();
  const { clear } = useCart();
  const canRecord = !loading && user !== null && checkoutId !== null;
  const order = useRecordOrder(checkoutId, canRecord);
  const orderId = order.data?.order_id;
  useDocumentMeta({ title: orderId ? 'Commande confirmée' : 'Votre commande' });

  useEffect(() => {
    if (orderId) clear();
  }, [orderId, clear]);

  const outcome: OrderOutcome | null =
    checkoutId === null ? 'missing-checkout' : !loading && user === null ? 'signed-out' : order.isError && !order.isFetching ? order.error.failure : null;

  return (
    <div className="px-4 py-12">
      {orderId ? <OrderConfirmation /> : outcome ? <OrderOutcomeNotice outcome={outcome} onRetry={() => void order.refetch()} /> : <OrderProcessing />}
    </div>
  );
}
