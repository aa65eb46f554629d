import { AlertTriangle } from 'lucide-react';

const missingWarning = (count: number) =>
  count === 1
    ? '1 variante en vente n’a pas de fichier : ses acheteurs ne recevraient rien.'
    : `${count} variantes en vente n’ont pas de fichier : leurs acheteurs ne recevraient rien.`;

/** The products page's warning: variants on sale whose buyers would receive nothing. */
export function MissingFilesWarning({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p role="status" className="flex items-center gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
      {missingWarning(count)}
    </p>
  );
}
