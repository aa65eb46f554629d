// The little the app needs of its router beyond what wouter (2.5 KB gzip, against React Router's
// 12 KB on every first page) gives: how the visitor arrived at the current page (a link, a
// redirect, or the browser's back/forward buttons), the current address as a path to come back
// to, a link to the page already shown that adds no second history entry, and a navigation link
// that marks the page it leads to. wouter keeps the location in the
// browser's history itself, so a navigation's `state` is `history.state` (useHistoryState).
import { useSyncExternalStore, type ReactNode } from 'react';
import { Link, useLocation, useSearch, type AroundNavHandler } from 'wouter';

/** How the current entry was reached: a link or navigate() (PUSH), a redirect (REPLACE), back/forward or a page load (POP). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

interface Navigation {
  type: NavigationType;
  /** Changes at every navigation, to the same address too. */
  key: number;
}

const firstNavigation: Navigation = { type: 'POP', key: 0 };
let current = firstNavigation;
const listeners = new Set<() => void>();

// wouter announces its own pushState and replaceState calls with events of those names; the
// browser announces back and forward with popstate. Listening from this module's start, before
// any component subscribes to wouter, the type is known when the new page renders.
if (typeof window !== 'undefined') {
  const types: Record<string, NavigationType> = { popstate: 'POP', pushState: 'PUSH', replaceState: 'REPLACE' };
  for (const [event, type] of Object.entries(types)) {
    window.addEventListener(event, () => {
      current = { type, key: current.key + 1 };
      listeners.forEach((listener) => listener());
    });
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The last navigation's type and key (React Router's useNavigationType and location.key). */
export function useNavigation(): Navigation {
  return useSyncExternalStore(subscribe, () => current, () => firstNavigation);
}

/** The current address (path, query and fragment), for the login page to send the visitor back to. */
export function useCurrentPath(): string {
  const [pathname] = useLocation();
  const search = useSearch();
  const hash = typeof window === 'undefined' ? '' : window.location.hash;
  return `${pathname}${search ? `?${search}` : ''}${hash}`;
}

/**
 * For the app's <Router aroundNav>: a navigation to the address already shown (its link clicked
 * again) replaces that history entry instead of adding a copy, as React Router's links did, so
 * Back leaves the page at once.
 */
export const replaceSameAddress: AroundNavHandler = (navigate, to, options) => {
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  navigate(to, to === here ? { ...options, replace: true } : options);
};

interface NavLinkProps {
  to: string;
  /** Active only on this exact path; otherwise on the paths below it too. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
  onClick?: () => void;
  children: ReactNode;
}

/** A link that says, to the eye (its class) and to screen readers (aria-current), that it leads to the current page. */
export function NavLink({ to, end = false, className, onClick, children }: NavLinkProps) {
  const [pathname] = useLocation();
  const isActive = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return (
    <Link to={to} onClick={onClick} className={className({ isActive })} aria-current={isActive ? 'page' : undefined}>
      {children}
    </Link>
  );
}
