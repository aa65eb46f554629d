import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCart } from '@/features/cart/hooks/use-cart';
import { useRecordOrder } from '@/features/checkout/api/record-order';
import { OrderConfirmation, OrderError, OrderProcessing } from '@/features/checkout/components/order-status';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';

export default function SuccessRoute() {
  useDocumentMeta({ title: 'Commande confirmée' });
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const { user, loading } = useAuth();
  const { clear } = useCart();
  // Without a session id or a signed-in buyer there is nothing to record: loading just stops.
  const canRecord = !loading && user !== null && sessionId !== null;
  const order = useRecordOrder(sessionId, canRecord);
  const orderId = order.data?.order_id;

  useEffect(() => {
    if (orderId) clear();
  }, [orderId, clear]);

  return (
    <div className="px-4 py-12">
      {loading || (canRecord && order.isPending) ? <OrderProcessing /> : order.isError ? <OrderError /> : <OrderConfirmation />}
    </div>
  );
}
