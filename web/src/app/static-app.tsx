// The app as the build pre-renders one public page (src/prerender): the page at `path`, from the
// data already in `client`, with no browser around it. The browser's own app is app.tsx.
import type { QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';

export function StaticApp({ path, client }: { path: string; client: QueryClient }) {
  return (
    <Router ssrPath={path}>
      <AppProvider client={client}>
        <AppRoutes />
      </AppProvider>
    </Router>
  );
}
