import { FileText, RotateCcw } from 'lucide-react';
import { Link } from 'wouter';
import type { Order } from '@/features/dashboard/api/get-orders';
import { useDownloadInvoice } from '@/features/dashboard/hooks/use-download-invoice';
import { formatOrderDate, lineTotalCents } from '@/features/dashboard/lib/order-format';
import { legalVersionPath } from '@/features/legal/legal-documents';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { paymentStatusLabel } from '@/lib/payment-status';
import { PLACEHOLDER_IMAGE } from '@/lib/product-image';

export type OrderLines = Order['order_items'];

interface OrderCardProps {
  order: Order;
  /** 'Recommander': puts the lines back in the cart (the dashboard's composition root provides it). */
  onReorder: (lines: OrderLines) => void;
  reordering: boolean;
}

export function OrderCard({ order, onReorder, reordering }: OrderCardProps) {
  const titleId = `order-${order.id}`;
  const invoice = useDownloadInvoice();
  return (
    <article aria-labelledby={titleId} className="overflow-hidden rounded-3xl border border-plum-100 bg-white shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-plum-100 bg-sand/50 px-6 py-4">
        <div>
          <h2 id={titleId} className="text-2xl font-semibold text-plum-900">
            Commande du {formatOrderDate(order.created_at)}
          </h2>
          <p className="text-sm text-mist">
            N° {order.id.slice(0, 8).toUpperCase()} · Facture {order.invoice_number}
          </p>
          {order.credit_notes.map((note) => (
            <p key={note.id} className="text-sm text-mist">
              Avoir {note.number} du {formatOrderDate(note.created_at)} : {formatPrice(note.amount_cents, order.currency)} remboursés
            </p>
          ))}
          {order.cgv_version !== null ? (
            <p className="text-sm text-mist">
              <Link to={legalVersionPath('cgv', order.cgv_version)} className="underline underline-offset-2 hover:text-plum-700">
                CGV acceptées (version {order.cgv_version})
              </Link>
            </p>
          ) : null}
        </div>
        <div className="text-right">
          <p className="text-xl font-semibold text-plum-900">{formatPrice(order.total_amount_cents, order.currency)}</p>
          <p className="mt-1 inline-block rounded-full bg-plum-100 px-3 py-0.5 text-xs font-medium text-plum-800">{paymentStatusLabel(order.payment_status)}</p>
        </div>
      </header>
      <ul className="divide-y divide-plum-100 px-6">
        {order.order_items.map((line) => (
          <li key={line.id} className="flex items-center gap-4 py-4">
            <img src={line.image_url ?? PLACEHOLDER_IMAGE} alt="" className="h-16 w-16 shrink-0 rounded-xl object-cover" loading="lazy" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-plum-900">{line.product_title}</p>
              {line.variant_title ? <p className="text-sm text-mist">{line.variant_title}</p> : null}
              <p className="text-sm text-mist">Quantité : {line.quantity}</p>
            </div>
            <p className="shrink-0 font-medium text-plum-800">{formatPrice(lineTotalCents(line), order.currency)}</p>
          </li>
        ))}
      </ul>
      <footer className="flex flex-wrap gap-3 border-t border-plum-100 px-6 py-4">
        <Button
          variant="outline"
          size="sm"
          onClick={() => invoice.mutate({ orderId: order.id, invoiceNumber: order.invoice_number })}
          disabled={invoice.isPending}
          aria-busy={invoice.isPending}
        >
          <FileText aria-hidden="true" className="h-4 w-4" />
          Facture
        </Button>
        {order.credit_notes.map((note) => (
          <Button
            key={note.id}
            variant="outline"
            size="sm"
            onClick={() => invoice.mutate({ creditNoteId: note.id, creditNoteNumber: note.number })}
            disabled={invoice.isPending}
            aria-label={`Avoir ${note.number}`}
          >
            <FileText aria-hidden="true" className="h-4 w-4" />
            Avoir
          </Button>
        ))}
        <Button variant="outline" size="sm" onClick={() => onReorder(order.order_items)} disabled={reordering} aria-busy={reordering}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Recommander
        </Button>
      </footer>
    </article>
  );
}
