import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { registerServiceWorker } from '@/lib/register-service-worker';
import '@/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// A transition lets React render the first screen in short slices, so the page answers input
// while it starts instead of blocking the main thread for the whole first render.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

registerServiceWorker();
