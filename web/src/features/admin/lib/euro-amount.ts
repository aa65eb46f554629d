// Prices as the administrator types them and reads them back: « 14,90 » ↔ 1490 cents. The
// conversion is done on the digits, never through a float, so a price is exactly what was typed.
import { formatPrice } from '@/lib/format-price';

/** The database's bound for a price in cents (a Postgres integer). */
const maxCents = 2_147_483_647;

/**
 * Cents from an amount in euros as the storefront writes it or as it is usually typed: « 14,90 »,
 * « 14.9 », « 14 », « 1 234,50 » (spaces of any kind grouping thousands), « 14,90 € ». Null for
 * anything else: empty, negative, letters, more than two decimals, several separators, too large.
 */
export function centsFromEuros(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/€$/, '');
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= maxCents ? cents : null;
}

/** The amount alone, as the storefront shows it (« 14,90 », « 1 234,50 »): a field's value. */
export function eurosFromCents(cents: number): string {
  return formatPrice(cents, { template: '$1' });
}
