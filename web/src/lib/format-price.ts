import type { CurrencyInfo } from '@/lib/commerce-types';

/**
 * Spec §9: cents shown as value/100 with 2 decimals; a currency template replaces `$1`,
 * otherwise the symbol, else the code, else `€` is put in front of the amount.
 */
export function formatPrice(cents: number, currency?: CurrencyInfo | string | null): string {
  const info: CurrencyInfo = typeof currency === 'string' ? { code: currency } : (currency ?? {});
  const amount = (cents / 100).toFixed(2);
  if (info.template) return info.template.replace('$1', amount);
  return `${info.symbol || info.code || '€'}${amount}`;
}
