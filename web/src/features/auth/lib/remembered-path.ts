/**
 * Where a guard or the checkout sent the visitor from: `navigate('/login', { state: { from } })`
 * with `from` the path they were on (useCurrentPath). Only same-site paths count (no open
 * redirect), never /login.
 */
export function rememberedPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from === '/login' || from.startsWith('/login?')) return null;
  return from;
}
