import { FileQuestion, FileText, Music, Video, type LucideIcon } from 'lucide-react';

export type FileKind = 'pdf' | 'video' | 'audio' | 'other';

export interface LibraryRow {
  id: string;
  variant_id: string;
  product_title: string;
  variant_title: string | null;
  image_url: string | null;
  file_type: string | null;
  orders: { created_at: string } | null;
}

export interface LibraryItem {
  id: string;
  productTitle: string;
  variantTitle: string | null;
  imageUrl: string | null;
  kind: FileKind;
  purchasedAt: string | null;
}

export function fileKind(fileType: string | null | undefined): FileKind {
  return fileType === 'pdf' || fileType === 'video' || fileType === 'audio' ? fileType : 'other';
}

/** Whether the built-in viewer can open a kind of file: PDFs in pdf.js, audio and video in the browser's players. */
export function isViewable(kind: FileKind): boolean {
  return kind !== 'other';
}

export const fileKindIcons: Record<FileKind, LucideIcon> = { pdf: FileText, video: Video, audio: Music, other: FileQuestion };

export const fileKindLabels: Record<FileKind, string> = { pdf: 'PDF', video: 'Vidéo', audio: 'Audio', other: 'Fichier' };

/**
 * The library: one item per purchased variant (bought twice, it is still one download), the
 * most recent purchases first.
 */
export function libraryItems(rows: readonly LibraryRow[]): LibraryItem[] {
  const newestFirst = [...rows].sort((a, b) => (b.orders?.created_at ?? '').localeCompare(a.orders?.created_at ?? ''));
  const seen = new Set<string>();
  const items: LibraryItem[] = [];
  for (const row of newestFirst) {
    if (seen.has(row.variant_id)) continue;
    seen.add(row.variant_id);
    items.push({
      id: row.id,
      productTitle: row.product_title,
      variantTitle: row.variant_title,
      imageUrl: row.image_url,
      kind: fileKind(row.file_type),
      purchasedAt: row.orders?.created_at ?? null,
    });
  }
  return items;
}
