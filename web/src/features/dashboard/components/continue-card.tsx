// The overview's « Continuer »: the item the buyer opened last, one click from where they left it
// (the viewer opens at the saved place). Nothing before the first opening, nor when it cannot be read.
import { StepForward } from 'lucide-react';
import { Link } from 'wouter';
import { useLastOpened } from '@/features/dashboard/api/reading-positions';
import { ReadingProgress } from '@/features/dashboard/components/reading-progress';
import { fileKind, fileKindIcons } from '@/features/dashboard/lib/library-items';
import { isResumable, resumeLabel } from '@/features/dashboard/lib/reading-position';
import { buttonVariants } from '@/components/ui/button';

export function ContinueCard({ userId }: { userId: string }) {
  const lastOpened = useLastOpened(userId);
  if (!lastOpened.data) return null;
  const { saved, productTitle, variantTitle, fileType } = lastOpened.data;
  const kind = fileKind(fileType);
  const Icon = fileKindIcons[kind];
  return (
    <section aria-labelledby="continue" className="rounded-3xl border border-plum-100 bg-white p-6 shadow-sm">
      <h2 id="continue" className="text-2xl font-semibold text-plum-900">
        Continuer
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Icon aria-hidden="true" className="h-8 w-8 shrink-0 text-gold-500" />
        <div className="min-w-48 flex-1 space-y-2">
          <p className="font-semibold text-plum-900">
            {productTitle}
            {variantTitle ? <span className="font-normal text-mist"> · {variantTitle}</span> : null}
          </p>
          <ReadingProgress saved={saved} kind={kind} />
        </div>
        <Link to={`/dashboard/library/${saved.orderItemId}`} className={buttonVariants({ variant: 'gold' })}>
          <StepForward aria-hidden="true" className="h-4 w-4" />
          {isResumable(saved) ? resumeLabel(saved) : 'Ouvrir'}
        </Link>
      </div>
    </section>
  );
}
