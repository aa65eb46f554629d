import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Skeleton } from '@/components/ui/skeleton';

interface StatTileProps {
  label: string;
  /** undefined while loading; null when it could not be read; a string when already formatted (an amount). */
  value: number | string | null | undefined;
  /** A line under the figure (pass it once the figure is read). */
  detail?: string;
  icon: LucideIcon;
  /** The page the figure is about. */
  to?: string;
}

/** A figure with its label, as a link to its page when there is one. */
export function StatTile({ label, value, detail, icon: Icon, to }: StatTileProps) {
  const body = (
    <>
      <span className="flex items-center justify-between gap-3">
        <span className="text-sm font-medium text-mist">{label}</span>
        <Icon aria-hidden="true" className="h-5 w-5 text-gold-500" />
      </span>
      {value === undefined ? (
        <Skeleton className="mt-3 h-9 w-14 rounded-md" />
      ) : (
        <span className="mt-2 block font-serif text-4xl font-semibold text-plum-900">{value ?? '—'}</span>
      )}
      {detail ? <span className="mt-1 block text-sm text-mist">{detail}</span> : null}
    </>
  );
  const className = 'block rounded-3xl border border-plum-100 bg-white p-5 shadow-sm';
  return to ? (
    <Link to={to} className={`${className} transition-colors hover:border-plum-200 hover:bg-plum-50`}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}
