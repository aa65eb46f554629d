// /dashboard/orders: the order history, newest first, cards coming in one after another.
import { MotionConfig, motion } from 'framer-motion';
import { ReceiptText } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useOrders } from '@/features/dashboard/api/get-orders';
import { OrderCard, type OrderLines } from '@/features/dashboard/components/order-card';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth } from '@/lib/auth-context';
import { toast } from '@/lib/toast-store';

const STAGGER_SECONDS = 0.1;
// A long history must not keep its last cards hidden for seconds.
const STAGGERED_CARDS = 10;

export interface ReorderAction {
  reorder: (lines: OrderLines) => void;
  /** Whether a re-order is under way (its buttons wait). */
  pending: boolean;
}

export default function OrdersPage({ reorder }: { reorder: ReorderAction }) {
  useDocumentMeta({ title: 'Mes Commandes' });
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <header>
        <h1 className="text-4xl font-semibold text-plum-900">Mes Commandes</h1>
        <p className="mt-2 text-mist">L'historique de vos achats sur Lumière Sacrée.</p>
      </header>
      {user ? <OrderHistory userId={user.id} reorder={reorder} /> : <Spinner label="Chargement…" />}
    </div>
  );
}

function OrderHistory({ userId, reorder }: { userId: string; reorder: ReorderAction }) {
  const orders = useOrders(userId);

  useEffect(() => {
    if (orders.isError) {
      console.error('Loading the orders failed:', orders.error);
      toast({ variant: 'destructive', title: 'Erreur de chargement', description: "Impossible de charger l'historique des commandes." });
    }
  }, [orders.isError, orders.error]);

  if (orders.isPending) return <Spinner label="Chargement…" />;
  if (orders.isError) return null;
  if (orders.data.length === 0) {
    return (
      <div className="rounded-3xl border border-plum-100 bg-white p-10 text-center shadow-sm">
        <ReceiptText aria-hidden="true" className="mx-auto h-10 w-10 text-gold-500" />
        <p className="mt-4 font-serif text-2xl text-plum-900">Aucune commande</p>
        <Link to="/store" className={buttonVariants({ variant: 'gold', className: 'mt-6' })}>
          Découvrir la boutique
        </Link>
      </div>
    );
  }
  return (
    <MotionConfig reducedMotion="user">
      <ol className="space-y-6">
        {orders.data.map((order, index) => (
          <motion.li
            key={order.id}
            initial={{ opacity: 0, y: 16 }}
            animate={{ opacity: 1, y: 0 }}
            transition={{ delay: Math.min(index, STAGGERED_CARDS) * STAGGER_SECONDS, duration: 0.35, ease: 'easeOut' }}
          >
            <OrderCard order={order} onReorder={reorder.reorder} reordering={reorder.pending} />
          </motion.li>
        ))}
      </ol>
    </MotionConfig>
  );
}
