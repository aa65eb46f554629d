// The orders export for the accountant, as French spreadsheet programs open it without a wizard:
// UTF-8 with a byte-order mark, `;` between fields, CRLF lines, dates and times in Paris time,
// amounts with a decimal comma and no grouping (`1234,50`), column names in French. Net of refunds:
// each order says what was refunded, by which credit notes (« avoirs »), and what it brought in.
import type { ExportedOrder } from '@/features/admin/api/export-orders';
import { paymentStatusLabel } from '@/lib/payment-status';

const columns = ['Date', 'Heure', 'Numéro de commande', 'Client', 'E-mail', 'Produits', 'Statut', 'Montant TTC', 'Devise', 'Remboursé TTC', 'Avoirs', 'Net TTC'];

const statusLabels: Record<string, string> = {
  completed: 'Payée',
  pending: 'En attente',
  refunded: 'Remboursée',
  canceled: 'Annulée',
};

const parisDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
const parisTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** `4500` → `45,00`: the decimal comma, no thousands separator to confuse a spreadsheet. */
export function csvAmount(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/**
 * One field: quoted when it holds a separator, a quote or a line break; a text a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading `'`.
 */
export function csvField(value: string, { text = true } = {}): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function ordersCsv(orders: ExportedOrder[]): string {
  const lines = orders.map((order) => {
    const at = new Date(order.created_at);
    return [
      csvField(parisDate.format(at), { text: false }),
      csvField(parisTime.format(at), { text: false }),
      csvField(order.order_id, { text: false }),
      csvField(order.customer_name ?? ''),
      csvField(order.customer_email ?? ''),
      csvField(order.items ?? ''),
      csvField(order.status === 'completed' ? paymentStatusLabel(order.payment_status) : (statusLabels[order.status] ?? order.status)),
      csvField(csvAmount(order.total_amount_cents), { text: false }),
      csvField(order.currency.toUpperCase()),
      csvField(csvAmount(order.refunded_amount_cents), { text: false }),
      csvField(order.credit_notes ?? '', { text: false }),
      csvField(csvAmount(order.total_amount_cents - order.refunded_amount_cents), { text: false }),
    ].join(';');
  });
  return `\uFEFF${[columns.join(';'), ...lines].join('\r\n')}\r\n`;
}

/** `commandes-30-jours-2026-11-26.csv`, the day in Paris. */
export function ordersCsvFileName(days: number, now = new Date()): string {
  const [day, month, year] = parisDate.format(now).split('/');
  return `commandes-${days}-jours-${year}-${month}-${day}.csv`;
}
