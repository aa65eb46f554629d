// The retention rule on a year of nightly archives and a few extra ones of the same day.
import { describe, expect, it } from 'vitest';
import { archiveName, archivesToPrune, archiveTime } from './retention.ts';

const day = 86_400_000;
const newest = Date.UTC(2026, 10, 28, 2, 15, 0);

describe('retention', () => {
  it('names archives by their UTC instant and reads the instant back', () => {
    const at = new Date(newest);
    expect(archiveName(at)).toBe('lumiere-sacree-2026-11-28T021500Z.tar.gpg');
    expect(archiveTime(archiveName(at))).toEqual(at);
    expect(archiveTime('notes.txt')).toBeUndefined();
  });

  it('keeps the newest of each of the last 7 days, 4 weeks and 12 months, and nothing else', () => {
    const nightly = Array.from({ length: 400 }, (_, i) => archiveName(new Date(newest - i * day)));
    const sameDay = [archiveName(new Date(newest - 3600_000)), archiveName(new Date(newest - 7200_000))];
    const names = [...nightly, ...sameDay, 'lumiere-sacree-notes.txt'];
    const pruned = archivesToPrune(names);
    const kept = names.filter((n) => !pruned.includes(n) && archiveTime(n));
    expect(pruned).not.toContain('lumiere-sacree-notes.txt');
    expect(pruned).toEqual(expect.arrayContaining(sameDay));
    // 7 nights, then Sundays of 4 ISO weeks (some already kept), then 12 month-ends (one already kept).
    expect(kept.slice(0, 7)).toEqual(nightly.slice(0, 7));
    const months = new Set(kept.map((n) => n.slice(15, 22)));
    expect(months.size).toBe(12);
    expect(kept.length).toBeLessThanOrEqual(7 + 4 + 12);
    expect(kept.length).toBeGreaterThanOrEqual(12 + 6);
    expect(archivesToPrune([archiveName(new Date(newest))])).toEqual([]);
  });
});
