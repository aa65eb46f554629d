// Where a buyer stopped in an item (public.reading_positions) and what the library, the overview
// and the viewer say of it: « Reprendre à la page 37 », « 12 min écoutées sur 45 », « Terminé ».
import type { FileKind } from '@/features/dashboard/lib/library-items';

export type PositionUnit = 'page' | 'second' | 'percent';

export interface ReadingPosition {
  orderItemId: string;
  unit: PositionUnit;
  /** A page (from 1), a second or a percentage. */
  position: number;
  /** The pages of the document, the seconds of the recording, or 100. */
  length: number;
  updatedAt: string;
}

export interface PositionRow {
  order_item_id: string;
  unit: string;
  position: number;
  length: number;
  updated_at: string;
}

export function readingPositionOf(row: PositionRow): ReadingPosition | null {
  if (row.unit !== 'page' && row.unit !== 'second' && row.unit !== 'percent') return null;
  return { orderItemId: row.order_item_id, unit: row.unit, position: row.position, length: row.length, updatedAt: row.updated_at };
}

/** 765 → « 12:45 », 3725 → « 1:02:05 ». */
export function clockOf(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Past the end: the last page reached, the recording heard to its end. */
export function isFinished(saved: ReadingPosition): boolean {
  return saved.position >= saved.length;
}

/**
 * Whether opening the item again should offer to take up where it stopped: somewhere past the
 * start, and for a recording, not at its end (it starts again from the beginning then).
 */
export function isResumable(saved: ReadingPosition): boolean {
  if (saved.unit === 'page') return saved.position > 1;
  return saved.position >= 1 && !isFinished(saved);
}

/** The viewer's offer: « Reprendre à la page 37 », « Reprendre à 12:45 », « Reprendre à 40 % ». */
export function resumeLabel(saved: ReadingPosition): string {
  if (saved.unit === 'page') return `Reprendre à la page ${saved.position}`;
  if (saved.unit === 'second') return `Reprendre à ${clockOf(saved.position)}`;
  return `Reprendre à ${Math.floor(saved.position)} %`;
}

export interface Progress {
  /** 0 to 1, for the bar. */
  fraction: number;
  label: string;
  finished: boolean;
}

/** A library card's progress: pages read of the total, minutes heard (or watched) of the length. */
export function progressOf(saved: ReadingPosition, kind: FileKind): Progress {
  const fraction = Math.min(1, Math.max(0, saved.position / saved.length));
  if (isFinished(saved)) return { fraction: 1, label: 'Terminé', finished: true };
  if (saved.unit === 'page') {
    return { fraction, label: `${saved.position} ${saved.position > 1 ? 'pages lues' : 'page lue'} sur ${saved.length}`, finished: false };
  }
  if (saved.unit === 'second') {
    const heard = Math.floor(saved.position / 60);
    const total = Math.max(1, Math.round(saved.length / 60));
    const verb = kind === 'video' ? (heard > 1 ? 'regardées' : 'regardée') : heard > 1 ? 'écoutées' : 'écoutée';
    return { fraction, label: `${heard} min ${verb} sur ${total}`, finished: false };
  }
  return { fraction, label: `${Math.floor(saved.position)} %`, finished: false };
}
