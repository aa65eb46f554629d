import { FileQuestion, FileText, Music, Video, type LucideIcon } from 'lucide-react';

export type FileKind = 'pdf' | 'video' | 'audio' | 'other';

/** A row of `my_library()`: one item with a file of the buyer's orders. */
export interface LibraryRow {
  order_item_id: string;
  variant_id: string;
  product_title: string;
  variant_title: string | null;
  image_url: string | null;
  file_type: string | null;
  purchased_at: string | null;
  online_only: boolean;
  new_version: boolean;
  /** When the line was refunded (or its dispute lost): it gives no access any more. */
  refunded_at: string | null;
  /** A dispute is open on its order: access is suspended until it is settled. */
  access_suspended: boolean;
}

export interface LibraryItem {
  id: string;
  productTitle: string;
  variantTitle: string | null;
  imageUrl: string | null;
  kind: FileKind;
  purchasedAt: string | null;
  /** « Lecture en ligne uniquement »: no 'Télécharger'. */
  onlineOnly: boolean;
  /** The file was replaced since the buyer last opened it: « Nouvelle version ». */
  newVersion: boolean;
  /** Why the item no longer opens, in French; null while it does. */
  noAccess: string | null;
}

/** « Ce contenu a été remboursé le 26 novembre 2026. », « Accès suspendu : un litige est en cours. », or null. */
export function noAccessReason(row: Pick<LibraryRow, 'refunded_at' | 'access_suspended'>): string | null {
  if (row.refunded_at) {
    const day = new Date(row.refunded_at).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });
    return `Ce contenu a été remboursé le ${day}.`;
  }
  return row.access_suspended ? 'Accès suspendu : un litige est en cours.' : null;
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
 * The library: one item per purchased variant (bought twice, it is still one download: the
 * purchase that still gives access when one was refunded), the most recent purchases first.
 */
export function libraryItems(rows: readonly LibraryRow[]): LibraryItem[] {
  const open = (row: LibraryRow) => (noAccessReason(row) === null ? 0 : 1);
  const newestFirst = [...rows].sort((a, b) => open(a) - open(b) || (b.purchased_at ?? '').localeCompare(a.purchased_at ?? ''));
  const seen = new Set<string>();
  const items: LibraryItem[] = [];
  for (const row of newestFirst) {
    if (seen.has(row.variant_id)) continue;
    seen.add(row.variant_id);
    items.push({
      id: row.order_item_id,
      productTitle: row.product_title,
      variantTitle: row.variant_title,
      imageUrl: row.image_url,
      kind: fileKind(row.file_type),
      purchasedAt: row.purchased_at,
      onlineOnly: row.online_only,
      newVersion: row.new_version,
      noAccess: noAccessReason(row),
    });
  }
  return items.sort((a, b) => (b.purchasedAt ?? '').localeCompare(a.purchasedAt ?? ''));
}
