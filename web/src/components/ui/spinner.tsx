import { cn } from '@/lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-3">
      <span aria-hidden="true" className={cn('inline-block h-8 w-8 animate-spin rounded-full border-4 border-plum-200 border-t-plum-700', className)} />
      {label ? <span>{label}</span> : null}
    </span>
  );
}
