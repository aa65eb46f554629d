import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useNavigation } from '@/lib/navigation';

/** A new page starts at its top; going back or forward leaves the browser to restore the position. */
export function useScrollToTop(): void {
  const [pathname] = useLocation();
  const { type: navigationType } = useNavigation();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
