// The PDF viewer's page and zoom rules, and its keyboard: ←/→ turn pages, +/− zoom.
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const DEFAULT_ZOOM = 1;

export function zoomIn(zoom: number): number {
  return ZOOM_LEVELS.find((level) => level > zoom) ?? zoom;
}

export function zoomOut(zoom: number): number {
  return [...ZOOM_LEVELS].reverse().find((level) => level < zoom) ?? zoom;
}

export function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(1, page), Math.max(1, pageCount));
}

/** « 125 % », with the narrow no-break space French puts before the sign. */
export function zoomLabel(zoom: number): string {
  return `${Math.round(zoom * 100)}\u202f%`;
}

export type ViewerCommand = 'previous-page' | 'next-page' | 'zoom-in' | 'zoom-out';

const keyCommands: Record<string, ViewerCommand> = {
  ArrowLeft: 'previous-page',
  PageUp: 'previous-page',
  ArrowRight: 'next-page',
  PageDown: 'next-page',
  '+': 'zoom-in',
  '=': 'zoom-in',
  '-': 'zoom-out',
  '−': 'zoom-out',
};

export function commandForKey(key: string): ViewerCommand | null {
  return keyCommands[key] ?? null;
}
