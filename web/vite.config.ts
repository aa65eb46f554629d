import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { hostingConfiguration } from './hosting/build-files.ts';
import { directoryIndex } from './vite-plugins/directory-index.ts';

export default defineConfig({
  // hostingConfiguration: .htaccess, _headers and _redirects beside index.html (web/hosting);
  // directoryIndex: `vite preview` serves /store from store/index.html, as the host does.
  plugins: [react(), tailwindcss(), hostingConfiguration(), directoryIndex()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Pure modules the edge functions and the page share (one rule, checked in both places).
      '@functions-shared': fileURLToPath(new URL('../supabase/functions/_shared', import.meta.url)),
    },
  },
  build: {
    target: 'es2022',
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'hosting/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // The app reads its env through zod at import time; tests get harmless local values.
    env: {
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_test',
      VITE_COMMERCE_API_URL: 'http://127.0.0.1:54330',
      VITE_COMMERCE_STORE_ID: 'store_lumiere_sacree',
      VITE_ADMIN_EMAIL: 'admin@lumiere-sacree.test',
    },
  },
});
