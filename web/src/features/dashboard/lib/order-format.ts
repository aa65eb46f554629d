/**
 * An order amount in the order's own currency, the French way ("45,00 €"). The database keeps
 * currencies as three letters, which Intl always accepts (a code it does not know is shown as is).
 */
export function formatOrderAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** An order date in fr-FR: "22 novembre 2026". */
export function formatOrderDate(iso: string): string {
  return new Date(iso).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** A line's total: the unit price paid times the quantity. */
export function lineTotalCents({ price_per_item_cents, quantity }: { price_per_item_cents: number; quantity: number }): number {
  return price_per_item_cents * quantity;
}
