// The viewer's offer when an item was left part-way: « Reprendre à la page 37 » / « Reprendre à
// 12:45 » and « Recommencer ». The viewer already stands at the saved place; either choice
// closes the offer.
import { RotateCcw, StepForward } from 'lucide-react';
import { resumeLabel, type ReadingPosition } from '@/features/dashboard/lib/reading-position';
import { Button } from '@/components/ui/button';

interface ResumePromptProps {
  saved: ReadingPosition;
  onResume(): void;
  onRestart(): void;
}

export function ResumePrompt({ saved, onResume, onRestart }: ResumePromptProps) {
  return (
    <div role="group" aria-label="Reprendre la lecture" className="flex flex-wrap items-center gap-3 rounded-3xl border border-gold-200 bg-sand px-5 py-3 text-sm text-plum-900">
      <p className="mr-auto">Votre dernière lecture s’est arrêtée ici.</p>
      <Button size="sm" onClick={onResume}>
        <StepForward aria-hidden="true" className="h-4 w-4" />
        {resumeLabel(saved)}
      </Button>
      <Button size="sm" variant="outline" onClick={onRestart}>
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        Recommencer
      </Button>
    </div>
  );
}
