// The worker's install downloads the app shell again; it waits until the first page has settled so
// that it never competes with that page's own code, catalogue reads and images.
const settleDelayMs = 3000;

/** Production builds only: in development a cached shell would hide fresh code. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const settle = () => setTimeout(register, settleDelayMs);
  // The app may start after `load` (it waits for a pre-rendered page's chunk first).
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
}

function register(): void {
  navigator.serviceWorker
    .register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      // Resources fetched before the worker took control are handed over so they work offline.
      const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
      registration.active?.postMessage({ type: 'CACHE_URLS', urls });
    })
    .catch((error: unknown) => console.error('Service worker registration failed:', error));
}
