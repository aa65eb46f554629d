import { Link } from 'wouter';

export function BrandMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <circle cx="32" cy="32" r="30" fill="#36205a" />
      <circle cx="32" cy="32" r="11" fill="#ecd083" />
      <g stroke="#ecd083" strokeWidth="3" strokeLinecap="round">
        <path d="M32 9v8M32 47v8M9 32h8M47 32h8M16 16l5.5 5.5M42.5 42.5 48 48M16 48l5.5-5.5M42.5 21.5 48 16" />
      </g>
    </svg>
  );
}

export function BrandLink() {
  return (
    <Link to="/" aria-label="Lumière Sacrée, accueil" className="flex items-center gap-3">
      <BrandMark />
      <span className="whitespace-nowrap font-serif text-xl font-semibold tracking-wide text-plum-900 sm:text-2xl">Lumière Sacrée</span>
    </Link>
  );
}
