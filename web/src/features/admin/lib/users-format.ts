// How the users page writes dates, counts and order states, in French.

/** "22 novembre 2026". */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** "22 novembre 2026 à 14:03". */
export function formatDayAndTime(iso: string): string {
  return new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });
}

export function ordersCountLabel(count: number): string {
  if (count === 0) return 'Aucune commande';
  return `${count} commande${count > 1 ? 's' : ''}`;
}

const orderStatusLabels: Record<string, string> = {
  completed: 'Payée',
  pending: 'En attente',
  refunded: 'Remboursée',
  canceled: 'Annulée',
};

export function orderStatusLabel(status: string): string {
  return orderStatusLabels[status] ?? status;
}
