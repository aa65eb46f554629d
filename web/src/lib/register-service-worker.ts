/** Production builds only: in development a cached shell would hide fresh code. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // Resources fetched before the worker took control are handed over so they work offline.
        const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'CACHE_URLS', urls });
      })
      .catch((error: unknown) => console.error('Service worker registration failed:', error));
  });
}
