// What the products page shows in place of its list, on either catalogue: a failed read, the
// wait, or an empty catalogue; otherwise the list itself.
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

const alertClass = 'rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900';

interface ProductsLoadStateProps {
  /** The catalogue's read failed: what to say. */
  catalogueError: string | null;
  filesError: boolean;
  pending: boolean;
  emptyText: string | null;
  children: ReactNode;
}

export function ProductsLoadState({ catalogueError, filesError, pending, emptyText, children }: ProductsLoadStateProps) {
  if (catalogueError) return <p role="alert" className={alertClass}>{catalogueError}</p>;
  // Without the files, every variant would look as if it had none: say so instead.
  if (filesError) return <p role="alert" className={alertClass}>Impossible de charger les fichiers des variantes. Rechargez la page pour réessayer.</p>;
  if (pending) return <Spinner label="Chargement…" />;
  if (emptyText) return <p className="rounded-3xl border border-plum-100 bg-white p-10 text-center text-mist">{emptyText}</p>;
  return <div className="space-y-4">{children}</div>;
}
