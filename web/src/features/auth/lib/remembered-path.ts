import type { Location } from 'react-router-dom';

/**
 * Where a guard or the checkout sent the visitor from: `navigate('/login', { state: { from } })`
 * with `from` a Location or a path. Only same-site paths count (no open redirect), never /login.
 */
export function rememberedPath(state: unknown): string | null {
  const from = (state as { from?: string | Partial<Location> } | null)?.from;
  const path = typeof from === 'string' ? from : from?.pathname ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : null;
  if (!path || !path.startsWith('/') || path.startsWith('//') || path === '/login' || path.startsWith('/login?')) return null;
  return path;
}
