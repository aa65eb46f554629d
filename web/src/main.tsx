import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { PrerenderedPageHandOver, restorePrerenderedData } from '@/app/prerendered-page';
import { preloadRoute } from '@/app/router';
import { queryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/lib/register-service-worker';
import '@/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// A pre-rendered page stays on screen until the app can render the same page: its data is put
// back into the cache and its chunk fetched before the first render (a chunk that cannot be
// fetched is left to the page's error screen, as on any navigation).
if (restorePrerenderedData(queryClient)) await preloadRoute(window.location.pathname).catch(() => undefined);

// A transition lets React render the first screen in short slices, so the page answers input
// while it starts instead of blocking the main thread for the whole first render.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
      <PrerenderedPageHandOver root={root} />
    </StrictMode>,
  );
});

registerServiceWorker();
