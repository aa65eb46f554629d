import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { referrerHost, reportPageView } from '@/lib/report-page-view';

// Safari has no requestIdleCallback.
const whenIdle = (callback: () => void) =>
  typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(callback, { timeout: 5000 }) : window.setTimeout(callback, 1000);

/**
 * Reports each page the visitor sees, once, after the page has rendered and the browser is idle.
 * The referrer goes only with the first page: later navigations happen inside the shop.
 */
export function usePageViewReport(): void {
  const [pathname] = useLocation();
  const reported = useRef(0);
  useEffect(() => {
    const referrer = reported.current++ === 0 ? referrerHost(document.referrer, window.location.host) : null;
    whenIdle(() => void reportPageView(pathname, referrer));
  }, [pathname]);
}
