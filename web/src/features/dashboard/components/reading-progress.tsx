// How far the buyer is in an item: a bar and its words (« 37 pages lues sur 84 », « Terminé »).
import { progressOf, type ReadingPosition } from '@/features/dashboard/lib/reading-position';
import type { FileKind } from '@/features/dashboard/lib/library-items';

export function ReadingProgress({ saved, kind }: { saved: ReadingPosition; kind: FileKind }) {
  const progress = progressOf(saved, kind);
  const percent = Math.round(progress.fraction * 100);
  return (
    <div className="space-y-1.5">
      <div role="progressbar" aria-label="Progression" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={progress.label} className="h-1.5 overflow-hidden rounded-full bg-plum-100">
        <div className={progress.finished ? 'h-full bg-emerald-600' : 'h-full bg-gold-500'} style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs font-medium text-plum-800">{progress.label}</p>
    </div>
  );
}
