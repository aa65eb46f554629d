// The users page's detail panel: one account's figures, orders, conversation link, role and the
// history of its role.
import * as Dialog from '@radix-ui/react-dialog';
import { MessagesSquare, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useRoleHistory } from '@/features/admin/api/get-role-history';
import type { AdminUser } from '@/features/admin/api/get-users';
import { useUserOrders, type UserOrder } from '@/features/admin/api/get-user-orders';
import { RefundForm } from '@/features/admin/components/refund-form';
import { RoleControl } from '@/features/admin/components/role-control';
import { roleChangeLabel, roleLabel } from '@/features/admin/lib/account-role';
import { formatDay, formatDayAndTime, ordersCountLabel, orderStatusLabel } from '@/features/admin/lib/users-format';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { useAuth } from '@/lib/auth-context';
import { formatPrice } from '@/lib/format-price';
import { paymentStatusLabel } from '@/lib/payment-status';

/** A side sheet over the list (a Radix dialog: focus kept inside, Escape or the overlay closes it). */
export function UserDetailPanel({ account, onClose }: { account: AdminUser; onClose: () => void }) {
  const name = account.full_name || account.email || 'Compte';
  const returnFocus = useReturnFocus(true);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[100] bg-plum-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className="fixed inset-y-0 right-0 z-[101] w-full max-w-lg space-y-6 overflow-y-auto bg-ivory p-6 shadow-2xl"
        >
          <header className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="truncate font-serif text-2xl font-semibold text-plum-900">{name}</Dialog.Title>
              {account.email ? <p className="truncate text-sm text-mist">{account.email}</p> : null}
              <p className="mt-1 text-sm text-mist">
                {roleLabel(account.role)} · compte créé le {formatDay(account.created_at)}
              </p>
            </div>
            <Dialog.Close aria-label="Fermer le détail du compte" className="rounded-full p-2 text-plum-800 hover:bg-plum-50">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </header>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-2xl bg-white p-3">
              <dt className="text-mist">Commandes payées</dt>
              <dd className="text-lg font-semibold text-plum-900">{account.orders_count}</dd>
            </div>
            <div className="rounded-2xl bg-white p-3">
              <dt className="text-mist">Total dépensé</dt>
              <dd className="text-lg font-semibold text-plum-900">{formatPrice(account.total_spent_cents, 'eur')}</dd>
            </div>
          </dl>
          <Link to={`/admin/conversations/${account.id}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <MessagesSquare aria-hidden="true" className="h-4 w-4" />
            Voir la conversation
            {account.unread_messages > 0 ? ` (${account.unread_messages} non ${account.unread_messages > 1 ? 'lus' : 'lu'})` : ''}
          </Link>
          <RoleControl account={account} />
          <AccountOrders accountId={account.id} />
          <RoleHistory accountId={account.id} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AccountOrders({ accountId }: { accountId: string }) {
  const orders = useUserOrders(accountId);
  return (
    <section aria-labelledby="account-orders-title" className="space-y-3">
      <h3 id="account-orders-title" className="text-lg font-semibold text-plum-900">
        Commandes
      </h3>
      {orders.isPending ? (
        <Spinner label="Chargement…" />
      ) : orders.isError ? (
        <p role="alert" className="text-sm text-red-700">Les commandes n'ont pas pu être chargées.</p>
      ) : orders.data.length === 0 ? (
        <p className="text-sm text-mist">{ordersCountLabel(0)}</p>
      ) : (
        <ol className="space-y-3">
          {orders.data.map((order) => (
            <AccountOrder key={order.id} order={order} userId={accountId} />
          ))}
        </ol>
      )}
    </section>
  );
}

function AccountOrder({ order, userId }: { order: UserOrder; userId: string }) {
  const [refunding, setRefunding] = useState(false);
  const refundable = order.status === 'completed' && order.payment_status !== 'disputed' && order.order_items.some((line) => line.refunded_at === null);
  return (
    <li className="rounded-2xl border border-plum-100 bg-white p-4 text-sm">
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-medium text-plum-900">
          Commande du {formatDay(order.created_at)} <span className="text-mist">· N° {order.id.slice(0, 8).toUpperCase()}</span>
        </p>
        <p className="shrink-0 font-semibold text-plum-900">{formatPrice(order.total_amount_cents, order.currency)}</p>
      </div>
      <p className="mt-1 inline-block rounded-full bg-plum-100 px-2.5 py-0.5 text-xs font-medium text-plum-800">
        {order.status === 'completed' ? paymentStatusLabel(order.payment_status) : orderStatusLabel(order.status)}
      </p>
      <ul className="mt-2 space-y-1 text-mist">
        {order.order_items.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.product_title}
            {line.variant_title ? ` (${line.variant_title})` : ''}
            {line.refunded_at ? ' · remboursée' : ''}
          </li>
        ))}
      </ul>
      {refunding ? (
        <RefundForm order={order} userId={userId} onDone={() => setRefunding(false)} />
      ) : refundable ? (
        <Button size="sm" variant="outline" className="mt-3" onClick={() => setRefunding(true)}>
          Rembourser
        </Button>
      ) : null}
    </li>
  );
}

function RoleHistory({ accountId }: { accountId: string }) {
  const { user } = useAuth();
  const history = useRoleHistory(accountId);
  return (
    <section aria-labelledby="role-history-title" className="space-y-3">
      <h3 id="role-history-title" className="text-lg font-semibold text-plum-900">
        Historique du rôle
      </h3>
      {history.isPending ? (
        <Spinner label="Chargement…" />
      ) : history.isError ? (
        <p role="alert" className="text-sm text-red-700">L'historique n'a pas pu être chargé.</p>
      ) : history.data.length === 0 ? (
        <p className="text-sm text-mist">Aucun changement de rôle.</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {history.data.map((change) => (
            <li key={change.id} className="rounded-2xl bg-white px-3 py-2">
              <p className="font-medium text-plum-900">{roleChangeLabel(change.new_role)}</p>
              <p className="text-mist">
                <time dateTime={change.changed_at}>{formatDayAndTime(change.changed_at)}</time>
                {' · par '}
                {change.changed_by === null
                  ? 'la configuration (ADMIN_EMAILS)'
                  : change.changed_by === user?.id
                    ? 'vous'
                    : change.changed_by_name || change.changed_by_email || 'un compte supprimé'}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
