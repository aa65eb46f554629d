import { ChevronLeft, ChevronRight } from 'lucide-react';
import { clsx } from 'clsx';
import type { GalleryPicture } from '@/lib/product-image';

interface ProductGalleryProps {
  title: string;
  images: GalleryPicture[];
  index: number;
  onIndexChange: (index: number) => void;
}

/** Previous/next wrap around; thumbnails (the grid's size where there is one) jump straight to an image. */
export function ProductGallery({ title, images, index, onIndexChange }: ProductGalleryProps) {
  const count = images.length;
  const current = images[index] ?? images[0];
  const go = (step: number) => onIndexChange((index + step + count) % count);

  return (
    <section aria-label="Galerie d'images" className="space-y-4">
      <div className="relative aspect-square overflow-hidden rounded-3xl bg-sand shadow-sm">
        <img
          {...current?.main}
          alt={current?.alt ?? (count > 1 ? `${title}, image ${index + 1} sur ${count}` : title)}
          fetchPriority="high"
          className="h-full w-full object-cover"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label="Image précédente"
              className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/85 p-2 text-plum-900 shadow hover:bg-white"
            >
              <ChevronLeft aria-hidden="true" className="h-6 w-6" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label="Image suivante"
              className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/85 p-2 text-plum-900 shadow hover:bg-white"
            >
              <ChevronRight aria-hidden="true" className="h-6 w-6" />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex gap-3 overflow-x-auto pb-1">
          {images.map((picture, thumbIndex) => (
            <li key={`${picture.url}-${thumbIndex}`} className="shrink-0">
              <button
                type="button"
                onClick={() => onIndexChange(thumbIndex)}
                aria-label={`Afficher l'image ${thumbIndex + 1}`}
                aria-current={thumbIndex === index ? 'true' : undefined}
                className={clsx(
                  'block h-20 w-20 overflow-hidden rounded-xl border-2 transition',
                  thumbIndex === index ? 'border-gold-500' : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <img {...picture.thumbnail} alt="" loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
