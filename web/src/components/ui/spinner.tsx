import { clsx } from 'clsx';

const sizes = { md: 'h-8 w-8', lg: 'h-12 w-12' };

export function Spinner({ size = 'md', label }: { size?: keyof typeof sizes; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-3">
      <span aria-hidden="true" className={clsx('inline-block animate-spin rounded-full border-4 border-plum-200 border-t-plum-700', sizes[size])} />
      {label ? <span>{label}</span> : null}
    </span>
  );
}
