// A product's images on the products page of the shop's own catalogue: send photos (several at
// once, each resized here to the grid's and the gallery's sizes, with the batch's progress and
// each refusal's reason), describe each one (its alternative text is required: an image without
// one is flagged until it has it), reorder them (the first is the thumbnail) and remove them.
import { ArrowDown, ArrowUp, ImagePlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { useAddShopImage, useMoveShopImage, useRemoveShopImage, useSetImageAltText, useShopImages } from '@/features/admin/api/shop-images';
import type { ShopImage } from '@/features/admin/api/shop-image-queries';
import { writeFailedMessage } from '@/features/admin/components/shop-product-fields';
import { chosenImageRefusal, unreadableImage, uploadRefusal } from '@/features/admin/lib/chosen-image';
import { resizeImage, UnreadableImageError } from '@/features/admin/lib/resize-image';
import { storedImageSizes } from '@/lib/product-image-sizes';
import { toast } from '@/lib/toast-store';

const longestAltText = 500;

function altTextError(value: string): string | null {
  if (value.trim() === '') return 'Décrivez l’image en quelques mots : ce texte est lu à qui ne la voit pas.';
  if (value.length > longestAltText) return `${longestAltText} caractères au plus (${value.length} saisis).`;
  return null;
}

function AltTextForm({ image, label }: { image: ShopImage; label: string }) {
  const save = useSetImageAltText();
  const [value, setValue] = useState(image.alt_text ?? '');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = altTextError(value);
    setError(refused);
    if (refused) return;
    try {
      await save.mutateAsync({ imageId: image.id, altText: value.trim() });
      toast({ title: 'Texte alternatif enregistré.' });
    } catch (failure) {
      console.error('Saving the alternative text failed:', failure);
      setError(writeFailedMessage(failure));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-2" aria-label={`Texte alternatif de ${label}`}>
      <div className="min-w-0 flex-1">
        <InputField
          label="Texte alternatif *"
          placeholder="Ex. : bougie allumée devant un autel fleuri"
          value={value}
          error={error ?? undefined}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={save.isPending} aria-busy={save.isPending}>
        Enregistrer le texte
      </Button>
    </form>
  );
}

function ImageRow({ image, index, images }: { image: ShopImage; index: number; images: ShopImage[] }) {
  const move = useMoveShopImage();
  const remove = useRemoveShopImage();
  const label = index === 0 ? 'l’image 1 (vignette)' : `l’image ${index + 1}`;
  const preview = storedImageSizes(image.url)?.grid.url ?? image.url;
  const failed = (what: string) => (error: unknown) => {
    console.error(`${what} failed:`, error);
    toast({ variant: 'destructive', title: 'Erreur', description: writeFailedMessage(error) });
  };
  const busy = move.isPending || remove.isPending;
  return (
    <li className="flex flex-wrap items-start gap-4 py-4" aria-label={`Image ${index + 1}`}>
      <img src={preview} alt="" width={80} height={80} loading="lazy" className="h-20 w-20 shrink-0 rounded-xl bg-sand object-cover" />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm">
          {image.alt_text ? (
            <span className="rounded-full bg-emerald-100 px-3 py-1 text-xs font-medium text-emerald-900">Prête</span>
          ) : (
            <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-medium text-amber-900">Texte alternatif manquant</span>
          )}
          {index === 0 ? <span className="ml-2 text-mist">Vignette du produit</span> : null}
        </p>
        <AltTextForm image={image} label={label} />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="ghost"
            size="sm"
            disabled={index === 0 || busy}
            aria-label={`Monter ${label}`}
            onClick={() => move.mutate({ images, imageId: image.id, step: -1 }, { onError: failed('Moving the image') })}
          >
            <ArrowUp aria-hidden="true" className="h-4 w-4" /> Monter
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={index === images.length - 1 || busy}
            aria-label={`Descendre ${label}`}
            onClick={() => move.mutate({ images, imageId: image.id, step: 1 }, { onError: failed('Moving the image') })}
          >
            <ArrowDown aria-hidden="true" className="h-4 w-4" /> Descendre
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            aria-label={`Retirer ${label}`}
            onClick={() =>
              remove.mutate(image, { onSuccess: () => toast({ title: 'Image retirée.' }), onError: failed('Removing the image') })
            }
          >
            Retirer
          </Button>
        </div>
      </div>
    </li>
  );
}

interface Batch {
  total: number;
  done: number;
  current: string;
}

/** Resizes and sends the chosen photos one after the other, after the product's last image. */
function useImageBatch(productId: string, lastPosition: number) {
  const add = useAddShopImage();
  const [batch, setBatch] = useState<Batch | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const send = async (files: File[]) => {
    const refused: string[] = [];
    let position = lastPosition;
    for (const [done, file] of files.entries()) {
      setBatch({ total: files.length, done, current: file.name });
      const refusal = chosenImageRefusal(file);
      if (refusal) {
        refused.push(refusal);
        continue;
      }
      try {
        const image = await resizeImage(file);
        position += 1;
        await add.mutateAsync({ productId, image, position });
      } catch (error) {
        console.error(`Adding ${file.name} failed:`, error);
        refused.push(error instanceof UnreadableImageError ? unreadableImage(file.name) : uploadRefusal(file.name));
      }
    }
    setBatch(null);
    setRefusals(refused);
    const added = files.length - refused.length;
    if (added > 0) toast({ title: added === 1 ? 'Image ajoutée : décrivez-la.' : `${added} images ajoutées : décrivez-les.` });
  };
  return { batch, refusals, send };
}

export function ShopImagesPanel({ productId, title }: { productId: string; title: string }) {
  const inputId = useId();
  const images = useShopImages();
  const list = images.data?.get(productId) ?? [];
  const { batch, refusals, send } = useImageBatch(productId, list.at(-1)?.position ?? -1);
  const missing = list.filter((image) => !image.alt_text).length;

  return (
    <section aria-label={`Images de « ${title} »`} className="space-y-3 rounded-2xl border border-plum-100 p-4">
      <h3 className="text-sm font-medium text-plum-700">Images</h3>
      {images.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Les images n’ont pas pu être lues. Rechargez la page.
        </p>
      ) : list.length === 0 && !images.isPending ? (
        <p className="text-sm text-mist">Aucune image : la boutique montre une illustration par défaut.</p>
      ) : (
        <ol className="divide-y divide-plum-100">
          {list.map((image, index) => (
            <ImageRow key={image.id} image={image} index={index} images={list} />
          ))}
        </ol>
      )}
      {missing > 0 ? (
        <p className="text-sm text-amber-900">
          {missing === 1 ? 'Une image attend son texte alternatif' : `${missing} images attendent leur texte alternatif`} : il la décrit à qui ne la voit pas.
        </p>
      ) : null}

      {batch ? (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label="Envoi des images"
            aria-valuemin={0}
            aria-valuemax={batch.total}
            aria-valuenow={batch.done}
            aria-valuetext={`${batch.done} sur ${batch.total}`}
            className="h-2 overflow-hidden rounded-full bg-plum-100"
          >
            <div className="h-full rounded-full bg-plum-700 transition-[width]" style={{ width: `${(100 * batch.done) / batch.total}%` }} />
          </div>
          <p role="status" className="text-sm text-mist">
            Image {batch.done + 1} sur {batch.total} : « {batch.current} », mise aux formats de la boutique et envoi…
          </p>
        </div>
      ) : null}
      {refusals.length > 0 ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <ul className="space-y-1">
            {refusals.map((refusal) => (
              <li key={refusal}>{refusal}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <label
        htmlFor={inputId}
        className={buttonVariants({
          variant: 'outline',
          size: 'sm',
          className: `cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-gold-500 ${batch ? 'pointer-events-none opacity-50' : ''}`,
        })}
      >
        <ImagePlus aria-hidden="true" className="h-4 w-4" />
        Ajouter des images
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          multiple
          className="sr-only"
          disabled={batch !== null}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void send(files);
          }}
        />
      </label>
      <p className="text-xs text-mist">JPEG, PNG ou WebP, 20 Mo au plus : chaque photo est réduite ici avant l’envoi.</p>
    </section>
  );
}
