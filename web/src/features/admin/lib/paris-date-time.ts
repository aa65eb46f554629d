// The admin area's date and time, as the shop's administrators live them (Europe/Paris), whatever
// the browser's own zone: "29 novembre 2026 à 18:05".
const parisDateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

export function formatParisDateTime(iso: string): string {
  return parisDateTime.format(new Date(iso));
}
