// Which archives a backup keeps: the newest of each of the last 7 days that have one, of the
// last 4 ISO weeks and of the last 12 months (grandfather-father-son), the new one always.
// Everything older is removed with its `.sha256`. Archives are found by their name alone.

export const archivePrefix = 'lumiere-sacree-';
export const archiveSuffix = '.tar.gpg';
const namePattern = /^lumiere-sacree-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gpg$/;

export const retention = { daily: 7, weekly: 4, monthly: 12 };

/** `lumiere-sacree-2026-11-28T021500Z.tar.gpg` for that instant (UTC). */
export function archiveName(at: Date): string {
  const stamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll(':', '');
  return `${archivePrefix}${stamp}${archiveSuffix}`;
}

export function archiveTime(name: string): Date | undefined {
  const m = namePattern.exec(name);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : undefined;
}

function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return `${day.getUTCFullYear()}-W${Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
}

/** The archive names (among `names`) the rule removes; names that are not archives are ignored. */
export function archivesToPrune(names: string[], rule = retention): string[] {
  const archives = names
    .map((name) => ({ name, at: archiveTime(name) }))
    .filter((a): a is { name: string; at: Date } => a.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>(archives.slice(0, 1).map((a) => a.name));
  const periods: Array<[number, (at: Date) => string]> = [
    [rule.daily, (at) => at.toISOString().slice(0, 10)],
    [rule.weekly, isoWeek],
    [rule.monthly, (at) => at.toISOString().slice(0, 7)],
  ];
  for (const [count, period] of periods) {
    const seen = new Set<string>();
    for (const archive of archives) {
      const key = period(archive.at);
      if (seen.has(key)) continue;
      if (seen.size === count) break;
      seen.add(key);
      keep.add(archive.name);
    }
  }
  return archives.filter((a) => !keep.has(a.name)).map((a) => a.name);
}
