// One Vitest run, four projects: `unit` (the web app's tests, jsdom), `stack` (the local
// stack's integration tests and the supabase-js contract tests, Node), `contract-legacy` (the
// contract tests again with the legacy keys on), `e2e` (browser journeys
// in headless Chromium, one file at a time). `npm test` runs each against one throwaway stack.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { extends: './web/vite.config.ts', test: { name: 'unit', root: './web' } },
      {
        test: {
          name: 'stack',
          environment: 'node',
          include: ['scripts/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/faults/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The contract tests a second time, on a stack whose legacy keys are on (scripts/test.ts).
        test: {
          name: 'contract-legacy',
          environment: 'node',
          include: ['tests/contract/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          fileParallelism: false,
          // A page may take a few seconds under load; a journey waits for what a person would see.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
