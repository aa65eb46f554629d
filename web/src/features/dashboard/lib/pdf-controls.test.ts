import { describe, expect, it } from 'vitest';
import { clampPage, commandForKey, DEFAULT_ZOOM, zoomIn, zoomLabel, zoomOut, ZOOM_LEVELS } from '@/features/dashboard/lib/pdf-controls';

describe('zoom', () => {
  it('steps through the levels from the default, and stops at both ends', () => {
    expect(zoomIn(DEFAULT_ZOOM)).toBe(1.25);
    expect(zoomOut(DEFAULT_ZOOM)).toBe(0.75);
    expect(zoomIn(ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!)).toBe(3);
    expect(zoomOut(ZOOM_LEVELS[0])).toBe(0.5);
  });

  it('reads as a French percentage', () => {
    expect(zoomLabel(1.25)).toBe('125\u202f%');
  });
});

describe('clampPage', () => {
  it('keeps the page between the first and the last', () => {
    expect([0, 1, 3, 4, 9].map((page) => clampPage(page, 4))).toEqual([1, 1, 3, 4, 4]);
  });

  it('stays on page 1 while the page count is unknown', () => {
    expect(clampPage(2, 0)).toBe(1);
  });
});

describe('commandForKey', () => {
  it('turns pages with the arrows and zooms with plus and minus', () => {
    expect(['ArrowLeft', 'ArrowRight', '+', '-', 'a', 'ArrowUp'].map(commandForKey)).toEqual(['previous-page', 'next-page', 'zoom-in', 'zoom-out', null, null]);
  });
});
