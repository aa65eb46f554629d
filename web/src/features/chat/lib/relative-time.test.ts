import { describe, expect, it } from 'vitest';
import { fullDateTime, relativeTime } from '@/features/chat/lib/relative-time';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('says "maintenant" for the last few seconds and for a clock slightly ahead', () => {
    expect(relativeTime(ago(0), now)).toBe('maintenant');
    expect(relativeTime(ago(30), now)).toBe('maintenant');
    expect(relativeTime(ago(-20), now)).toBe('maintenant');
  });

  it('counts seconds, then whole minutes and hours', () => {
    expect(relativeTime(ago(50), now)).toBe('il y a 50 secondes');
    expect(relativeTime(ago(60), now)).toBe('il y a 1 minute');
    expect(relativeTime(ago(5 * 60 + 59), now)).toBe('il y a 5 minutes');
    expect(relativeTime(ago(3 * 3600 + 10), now)).toBe('il y a 3 heures');
  });

  it('uses the French words for yesterday and last week', () => {
    expect(relativeTime(ago(24 * 3600), now)).toBe('hier');
    expect(relativeTime(ago(3 * 24 * 3600), now)).toBe('il y a 3 jours');
    expect(relativeTime(ago(8 * 24 * 3600), now)).toBe('la semaine dernière');
  });

  it('goes up to months and years', () => {
    expect(relativeTime(ago(65 * 24 * 3600), now)).toBe('il y a 2 mois');
    expect(relativeTime(ago(800 * 24 * 3600), now)).toBe('il y a 2 ans');
  });

  it('accepts the ISO strings the database returns', () => {
    expect(relativeTime('2026-11-22T11:58:00+00:00', now)).toBe('il y a 2 minutes');
  });
});

describe('fullDateTime', () => {
  it('writes the date in French', () => {
    expect(fullDateTime('2026-11-22T11:58:00Z')).toMatch(/22 novembre 2026/);
  });
});
