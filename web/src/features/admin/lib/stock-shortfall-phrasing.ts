// How « Ruptures de stock » says a shortfall: the item as the order recorded it, what was missing,
// and the decision once made.
import { formatParisDateTime } from '@/features/admin/lib/paris-date-time';

export const resolutionLabels = {
  delivered: 'Livré malgré tout',
  refunded: 'Remboursé',
} as const;

/** « Rituel (PDF) », or the product's title alone when the order recorded no variant title. */
export function shortfallItem(shortfall: { product_title: string; variant_title: string | null }): string {
  return shortfall.variant_title ? `${shortfall.product_title} (${shortfall.variant_title})` : shortfall.product_title;
}

/** « 2 commandés, 1 pris en stock : 1 manquant ». */
export function shortfallQuantities({ wanted, taken }: { wanted: number; taken: number }): string {
  const missing = wanted - taken;
  return `${wanted} commandé${wanted > 1 ? 's' : ''}, ${taken} pris en stock\u00a0: ${missing} manquant${missing > 1 ? 's' : ''}`;
}

/** « Livré malgré tout, le 29 novembre 2026 à 18:05, par Marie Dupont »; null while still to decide. */
export function shortfallDecision(shortfall: {
  resolution: string | null;
  handled_at: string | null;
  handled_by_name: string | null;
  handled_by_email: string | null;
}): string | null {
  if (!shortfall.resolution || !shortfall.handled_at) return null;
  const label = resolutionLabels[shortfall.resolution as keyof typeof resolutionLabels] ?? shortfall.resolution;
  const who = shortfall.handled_by_name?.trim() || shortfall.handled_by_email;
  return `${label}, le ${formatParisDateTime(shortfall.handled_at)}${who ? `, par ${who}` : ''}`;
}
