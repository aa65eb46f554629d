/** What an order's money has become (orders.payment_status), as a buyer and the administrator read it. */
export type PaymentStatus = 'paid' | 'partially_refunded' | 'refunded' | 'disputed';

const paymentStatusLabels: Record<PaymentStatus, string> = {
  paid: 'Payée',
  partially_refunded: 'Partiellement remboursée',
  refunded: 'Remboursée',
  disputed: 'Litige en cours',
};

export function paymentStatusLabel(status: string): string {
  return paymentStatusLabels[status as PaymentStatus] ?? status;
}
