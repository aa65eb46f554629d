import { Download, Eye, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { ReadingProgress } from '@/features/dashboard/components/reading-progress';
import { useDownload } from '@/features/dashboard/hooks/use-download';
import { fileKindIcons, fileKindLabels, isViewable, type LibraryItem } from '@/features/dashboard/lib/library-items';
import type { ReadingPosition } from '@/features/dashboard/lib/reading-position';
import { Button, buttonVariants } from '@/components/ui/button';
import { PLACEHOLDER_IMAGE } from '@/lib/product-image';

export function LibraryCard({ item, saved }: { item: LibraryItem; saved: ReadingPosition | undefined }) {
  const Icon = fileKindIcons[item.kind];
  const download = useDownload();
  return (
    <article aria-label={item.variantTitle ? `${item.productTitle} (${item.variantTitle})` : item.productTitle} className="flex w-full flex-col overflow-hidden rounded-3xl border border-plum-100 bg-white shadow-sm">
      <div className="relative aspect-[4/3] bg-sand">
        <img src={item.imageUrl ?? PLACEHOLDER_IMAGE} alt="" className="h-full w-full object-cover" loading="lazy" />
        <span className="absolute left-3 top-3 inline-flex items-center gap-1.5 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-plum-800 shadow-sm">
          <Icon aria-hidden="true" className="h-4 w-4" />
          {fileKindLabels[item.kind]}
        </span>
        {item.newVersion ? (
          <span className="absolute right-3 top-3 inline-flex items-center gap-1.5 rounded-full bg-gold-200 px-3 py-1 text-xs font-semibold text-plum-900 shadow-sm">
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            Nouvelle version
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-5">
        <h2 className="text-xl font-semibold text-plum-900">{item.productTitle}</h2>
        {item.variantTitle ? <p className="text-sm text-mist">{item.variantTitle}</p> : null}
        {item.onlineOnly ? <p className="text-xs text-mist">Lecture en ligne uniquement</p> : null}
        {saved ? (
          <div className="pt-3">
            <ReadingProgress saved={saved} kind={item.kind} />
          </div>
        ) : null}
        {item.noAccess ? (
          <p role="note" className="mt-auto pt-4 text-sm font-medium text-plum-800">
            {item.noAccess}
          </p>
        ) : (
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          {item.onlineOnly ? null : (
            <Button size="sm" onClick={() => download.mutate(item.id)} disabled={download.isPending} aria-busy={download.isPending}>
              <Download aria-hidden="true" className={download.isPending ? 'h-4 w-4 animate-pulse' : 'h-4 w-4'} />
              Télécharger
            </Button>
          )}
          {isViewable(item.kind) ? (
            <Link to={`/dashboard/library/${item.id}`} className={buttonVariants({ size: 'sm', variant: 'outline' })}>
              <Eye aria-hidden="true" className="h-4 w-4" />
              Voir
            </Link>
          ) : null}
        </div>
        )}
      </div>
    </article>
  );
}
