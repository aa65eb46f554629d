// Message times as French relative phrases ("il y a 5 minutes", "hier"), with the browser's own
// Intl.RelativeTimeFormat: no date library to download.
const units: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const formatter = new Intl.RelativeTimeFormat('fr', { numeric: 'auto' });

/** How long ago `date` was, seen from `now`; a time slightly in the future (clock skew) is "maintenant". */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const seconds = Math.min(0, Math.round((new Date(date).getTime() - now.getTime()) / 1000));
  if (seconds > -45) return formatter.format(0, 'second');
  for (const [unit, size] of units) {
    if (-seconds >= size) return formatter.format(Math.trunc(seconds / size), unit);
  }
  return formatter.format(seconds, 'second');
}

/** The full date and time, for a tooltip beside the relative phrase. */
export function fullDateTime(date: Date | string): string {
  return new Date(date).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });
}
