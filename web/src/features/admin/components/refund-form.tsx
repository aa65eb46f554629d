// 'Rembourser' on an order of the users page's detail panel: the whole order or chosen lines, a
// reason, then a confirmation that names the amount. One request id per opened form: a double
// click on the confirmation sends the same id, and the server refunds once.
import { useState } from 'react';
import type { UserOrder } from '@/features/admin/api/get-user-orders';
import { useRefundOrder } from '@/features/admin/api/refund-order';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { toast } from '@/lib/toast-store';

export function RefundForm({ order, userId, onDone }: { order: UserOrder; userId: string; onDone: () => void }) {
  const refundable = order.order_items.filter((line) => line.refunded_at === null);
  const [chosen, setChosen] = useState<string[]>(() => refundable.map((line) => line.id));
  const [reason, setReason] = useState('');
  const [offline, setOffline] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [requestId] = useState(() => crypto.randomUUID());
  const refund = useRefundOrder();
  const amount = refundable.filter((line) => chosen.includes(line.id)).reduce((sum, line) => sum + line.quantity * line.price_per_item_cents, 0);
  const whole = chosen.length === refundable.length;

  const confirm = () =>
    refund.mutate(
      { orderId: order.id, userId, orderItemIds: whole ? null : chosen, reason: reason.trim(), requestId, offline },
      {
        onSuccess: (recorded) => {
          toast({ title: `Remboursement enregistré : avoir ${recorded.number}.` });
          onDone();
        },
      },
    );

  return (
    <form
      aria-label="Rembourser la commande"
      className="mt-3 space-y-3 rounded-xl border border-plum-100 bg-sand/40 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <fieldset className="space-y-1">
        <legend className="font-medium text-plum-900">Lignes à rembourser</legend>
        {refundable.map((line) => (
          <label key={line.id} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={chosen.includes(line.id)}
              disabled={confirming}
              onChange={(event) => setChosen((ids) => (event.target.checked ? [...ids, line.id] : ids.filter((id) => id !== line.id)))}
            />
            {line.quantity} × {line.product_title}
            {line.variant_title ? ` (${line.variant_title})` : ''} · {formatPrice(line.quantity * line.price_per_item_cents, order.currency)}
          </label>
        ))}
      </fieldset>
      <label className="block">
        <span className="font-medium text-plum-900">Motif</span>
        <textarea required maxLength={500} value={reason} disabled={confirming} onChange={(event) => setReason(event.target.value)} className="mt-1 block w-full rounded-lg border border-plum-200 p-2" rows={2} />
      </label>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={offline} disabled={confirming} onChange={(event) => setOffline(event.target.checked)} />
        Remboursement effectué hors ligne
      </label>
      {refund.isError ? (
        <p role="alert" className="text-red-700">
          {refund.error.message}
        </p>
      ) : null}
      {confirming ? (
        <div className="space-y-2">
          <p className="font-medium text-plum-900">
            Rembourser {formatPrice(amount, order.currency)} ? Un avoir sera émis et l’accès aux contenus remboursés sera retiré.
          </p>
          <div className="flex gap-2">
            <Button type="button" size="sm" onClick={confirm} disabled={refund.isPending} aria-busy={refund.isPending}>
              Confirmer le remboursement
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={refund.isPending}>
              Modifier
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={chosen.length === 0 || reason.trim() === ''}>
            Rembourser
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            Annuler
          </Button>
        </div>
      )}
    </form>
  );
}
