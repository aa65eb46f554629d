/** An order date in fr-FR: "22 novembre 2026". */
export function formatOrderDate(iso: string): string {
  return new Date(iso).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** A line's total: the unit price paid times the quantity. */
export function lineTotalCents({ price_per_item_cents, quantity }: { price_per_item_cents: number; quantity: number }): number {
  return price_per_item_cents * quantity;
}
