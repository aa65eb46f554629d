import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { hostingConfiguration } from './hosting/build-files.ts';
import { cataloguePreconnect } from './vite-plugins/catalogue-preconnect.ts';
import { directoryIndex } from './vite-plugins/directory-index.ts';

export default defineConfig({
  // hostingConfiguration: .htaccess, _headers and _redirects beside index.html (web/hosting);
  // directoryIndex: `vite preview` serves /store from store/index.html, as the host does;
  // cataloguePreconnect: index.html's preconnects to where the catalogue comes from.
  plugins: [react(), tailwindcss(), hostingConfiguration(), directoryIndex(), cataloguePreconnect()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Pure modules the edge functions and the page share (one rule, checked in both places).
      '@functions-shared': fileURLToPath(new URL('../supabase/functions/_shared', import.meta.url)),
      // wouter's shim of useSyncExternalStore, for React before 18: React's own hook instead.
      'use-sync-external-store/shim/index.js': fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
    },
  },
  build: {
    target: 'es2022',
    // Browsers preload modules themselves since Safari 17 (2023); the polyfill, for the ones
    // before, cost the first page 0.24 KB gzip. Without it those fetch a page's modules as found.
    modulePreload: { polyfill: false },
    // Everything the entry imports statically (React, TanStack Query, wouter, the layout) in the
    // entry chunk itself: left alone, Rolldown splits React and part of Query into chunks of their
    // own, which the first page loads anyway, at 1.2 KB gzip more. Named `index` as the entry's
    // chunk is (the crawler journey and the hosting rules expect index-*.js). A page's chunk then
    // imports the entry's: main.tsx must not await that page at its top level.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  test: {
    // Plain Node unless a test file asks for jsdom at its top: a jsdom page costs about a
    // second of CPU per file, which most of these tests (formats, schemas, hosting rules) never use.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'hosting/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // The app checks its env at import time (src/config/env.ts); tests get harmless local values.
    env: {
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_test',
      VITE_COMMERCE_API_URL: 'http://127.0.0.1:54330',
      VITE_COMMERCE_STORE_ID: 'store_lumiere_sacree',
      VITE_ADMIN_EMAIL: 'admin@lumiere-sacree.test',
    },
  },
});
