import { clsx } from 'clsx';

/** A placeholder block; className gives its size and shape (rounded-md, rounded-full…). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx('animate-pulse bg-plum-100', className)} />;
}
