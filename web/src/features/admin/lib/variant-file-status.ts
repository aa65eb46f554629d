// What the products page says of a variant's file: the file itself, a warning when a variant the
// shop sells (a purchasable digital product) has none, or nothing to say for a product not for sale.
import type { Product } from '@/lib/commerce-types';

export interface VariantFile {
  variant_id: string;
  object_path: string;
  file_type: string;
  content_type: string | null;
  size_bytes: number | null;
  uploaded_at: string | null;
  /** « Lecture en ligne uniquement »: buyers read or listen in the viewer, never download. */
  online_only: boolean;
}

export type VariantFileStatus =
  | { state: 'attached'; file: VariantFile }
  | { state: 'missing' }
  | { state: 'not-sold' };

export function variantFileStatus(product: Pick<Product, 'purchasable' | 'type'>, file: VariantFile | undefined): VariantFileStatus {
  if (file) return { state: 'attached', file };
  // A product whose type the service does not give is treated as digital: the shop sells nothing else.
  const digital = product.type.value === '' || product.type.value === 'digital';
  return product.purchasable && digital ? { state: 'missing' } : { state: 'not-sold' };
}

/** How many variants on sale have no file: the figure the page's header warns about. */
export function missingFileCount(products: (Pick<Product, 'purchasable' | 'type'> & { variants: { id: string }[] })[], files: Map<string, VariantFile>): number {
  return products.reduce(
    (count, product) => count + product.variants.filter((variant) => variantFileStatus(product, files.get(variant.id)).state === 'missing').length,
    0,
  );
}

const kindLabels: Record<string, string> = { pdf: 'PDF', audio: 'Audio', video: 'Vidéo', other: 'Archive' };

/** « Vidéo · video/mp4 »: the kind the shop delivers it as, and its exact type when known. */
export function fileTypeLabel(file: Pick<VariantFile, 'file_type' | 'content_type'>): string {
  const kind = kindLabels[file.file_type] ?? file.file_type;
  return file.content_type ? `${kind} · ${file.content_type}` : kind;
}
