import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { directoryIndex } from './vite-plugins/directory-index.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), directoryIndex()],
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
    include: ['src/**/*.test.{ts,tsx}'],
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
