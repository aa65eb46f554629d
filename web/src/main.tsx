import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { applyFullStylesheet, PrerenderedPageHandOver, restorePrerenderedData } from '@/app/prerendered-page';
import { preloadRoute } from '@/app/router';
import { queryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/lib/register-service-worker';
import '@/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

const app = (
  <StrictMode>
    <App />
    <PrerenderedPageHandOver root={root} />
  </StrictMode>
);

if (restorePrerenderedData(queryClient)) {
  // A page pre-rendered at build time: the app adopts its HTML (hydration) from the data it was
  // rendered from, once its chunk and the whole stylesheet are here (a chunk that cannot be
  // fetched is left to the page's error screen, as on any navigation). In a transition, React
  // hydrates in short slices and the page answers input between them; outside one it would
  // hydrate the whole page in one task.
  // Not a top-level await: the page's chunk imports the entry's modules, which would wait for this
  // module's evaluation to end while it waits for them.
  void Promise.all([preloadRoute(window.location.pathname).catch(() => undefined), applyFullStylesheet()]).then(() =>
    startTransition(() => void hydrateRoot(root, app)),
  );
} else {
  // A transition lets React render the first screen in short slices, so the page answers input
  // while it starts instead of blocking the main thread for the whole first render.
  startTransition(() => createRoot(root).render(app));
}

registerServiceWorker();
