// Amounts and dates as a French invoice or e-mail prints them: `1 234,00 €`, `24/11/2026` (the
// shop's time, Europe/Paris). The web app's formatter (web/src/lib/format-price.ts) is the same
// rule for the browser; the functions cannot import from web/, which is not deployed with them.
// Intl groups thousands with a narrow no-break space (U+202F), which the PDF standard fonts
// cannot draw: a no-break space (U+00A0) stands in for it, everywhere, so mail and PDF agree.

const amountFormats = new Map<string, Intl.NumberFormat>();

function amountFormat(currency: string): Intl.NumberFormat {
  const code = currency.toUpperCase();
  let format = amountFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: code });
    amountFormats.set(code, format);
  }
  return format;
}

/** `2900, 'eur'` → `29,00 €`. */
export function formatAmount(cents: number, currency: string): string {
  return amountFormat(currency).format(cents / 100).replaceAll('\u202f', '\u00a0');
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' });

/** An instant as its date in Paris: `24/11/2026`. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });

/** An instant as its date and time in Paris: `24/11/2026 à 14:05`. */
export function formatDateTime(iso: string): string {
  const instant = new Date(iso);
  return `${dateFormat.format(instant)} à ${timeFormat.format(instant)}`;
}

/** The order's short reference the customer sees on the orders page: `1A2B3C4D`. */
export function orderReference(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
