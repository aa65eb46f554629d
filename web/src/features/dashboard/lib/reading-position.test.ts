import { describe, expect, it } from 'vitest';
import { clockOf, isResumable, progressOf, readingPositionOf, resumeLabel, type ReadingPosition } from '@/features/dashboard/lib/reading-position';

const at = (unit: ReadingPosition['unit'], position: number, length: number): ReadingPosition => ({ orderItemId: 'item', unit, position, length, updatedAt: '2026-11-28T10:00:00Z' });

describe('reading positions', () => {
  it('writes a second as a clock', () => {
    expect(clockOf(765)).toBe('12:45');
    expect(clockOf(765.9)).toBe('12:45');
    expect(clockOf(5)).toBe('0:05');
    expect(clockOf(3725)).toBe('1:02:05');
  });

  it('offers to resume at the page, the second or the percentage', () => {
    expect(resumeLabel(at('page', 37, 84))).toBe('Reprendre à la page 37');
    expect(resumeLabel(at('second', 765, 2700))).toBe('Reprendre à 12:45');
    expect(resumeLabel(at('percent', 40, 100))).toBe('Reprendre à 40 %');
  });

  it('offers nothing at the start, nor at the end of a recording', () => {
    expect(isResumable(at('page', 1, 84))).toBe(false);
    expect(isResumable(at('page', 84, 84))).toBe(true);
    expect(isResumable(at('second', 0.4, 2700))).toBe(false);
    expect(isResumable(at('second', 2700, 2700))).toBe(false);
    expect(isResumable(at('second', 12, 2700))).toBe(true);
  });

  it('shows pages read, minutes heard or watched, and « Terminé » past the end', () => {
    expect(progressOf(at('page', 37, 84), 'pdf')).toEqual({ fraction: 37 / 84, label: '37 pages lues sur 84', finished: false });
    expect(progressOf(at('page', 1, 84), 'pdf').label).toBe('1 page lue sur 84');
    expect(progressOf(at('page', 84, 84), 'pdf')).toEqual({ fraction: 1, label: 'Terminé', finished: true });
    expect(progressOf(at('second', 765, 2700), 'audio').label).toBe('12 min écoutées sur 45');
    expect(progressOf(at('second', 90, 1200), 'video').label).toBe('1 min regardée sur 20');
    expect(progressOf(at('second', 1200, 1200), 'audio').label).toBe('Terminé');
    expect(progressOf(at('percent', 40, 100), 'other').label).toBe('40 %');
  });

  it('keeps only the units it knows', () => {
    expect(readingPositionOf({ order_item_id: 'i', unit: 'minute', position: 1, length: 2, updated_at: 'x' })).toBeNull();
    expect(readingPositionOf({ order_item_id: 'i', unit: 'page', position: 3, length: 9, updated_at: 'x' })?.position).toBe(3);
  });
});
