import type { CurrencyInfo } from '@/lib/commerce-types';

/**
 * Every price the shop shows, the French way: `9,00 €`, `1 234,00 €` (fr-FR grouping with a
 * narrow no-break space, a decimal comma, the symbol after a no-break space). The currency comes
 * from the data as spec §9 orders it: a currency template replaces `$1` with the amount; otherwise
 * the symbol; otherwise the code (an order's three letters, shown as fr-FR shows that currency:
 * `eur` → `€`, `usd` → `$US`, one Intl does not know as is); otherwise euros.
 */
export function formatPrice(cents: number, currency?: CurrencyInfo | string | null): string {
  const info: CurrencyInfo = typeof currency === 'string' ? { code: currency } : (currency ?? {});
  const value = cents / 100;
  if (info.template) return info.template.replace('$1', amountFormat.format(value));
  if (info.symbol) return `${amountFormat.format(value)}\u00a0${info.symbol}`;
  return currencyFormat(info.code || 'eur')(value);
}

const amountFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const currencyFormats = new Map<string, (value: number) => string>();

function currencyFormat(code: string): (value: number) => string {
  const key = code.toUpperCase();
  let format = currencyFormats.get(key);
  if (!format) {
    try {
      const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: key });
      format = (value) => intl.format(value);
    } catch {
      // Not a well-formed ISO 4217 code (Intl throws a RangeError): the amount, then the code.
      format = (value) => `${amountFormat.format(value)}\u00a0${key}`;
    }
    currencyFormats.set(key, format);
  }
  return format;
}
