// Eight projects: `unit` (the web app's tests, in Node unless a file asks for jsdom); `docs` (the
// documentation's shape and links); `stack` (the local stack's own tests and the fault tests,
// Node: each file starts what it needs on free ports, so files run side by side);
// `contract` (the supabase-js contract and integration tests, Node, one file at a time: they share
// `npm test`'s stack, and some install fixtures of fixed names on it); `contract-legacy` (the same
// files again, on that stack with its legacy keys switched on); `e2e` (browser journeys in
// headless Chromium, one file at a time per site npm test serves them from, each on a stack of its
// own: tests/e2e/support/journey-site.ts); `e2e-stripe` (the journeys of tests/e2e/on-stripe/ and
// those that hold on every shop, on sites of the shop alone: its own catalogue, Stripe's payments;
// tests/e2e/support/journey-sets.ts); `e2e-shop` (the journeys of tests/e2e/on-shop-catalogue/, on
// the same sites after them, as they change the catalogue). The Node projects run their files one
// after another in the same workers (`isolate: false`): a fresh process per file re-imported its
// whole module graph (the stack, supabase-js, Playwright), about half a second of CPU each, 200
// times a run.
// Their files share no mocks; each stops what it starts and puts back the environment it changes.
import { configDefaults, defineConfig } from 'vitest/config';
import { onEveryShop, onShopCatalogueDir, onStripeDir } from './tests/e2e/support/journey-sets.ts';
import { journeySites } from './tests/e2e/support/journey-sites.ts';

/** The browser journeys' settings, on Hostinger and on Stripe. */
const journeys = {
  environment: 'node',
  isolate: false,
  setupFiles: ['tests/e2e/support/journey-site.ts'],
  // One worker per site: two journeys on one stack would meet each other's settings (the
  // CGV in force, the administrator's choices, the limits by address, the analytics).
  maxWorkers: journeySites().length || 1,
  // A page may take a few seconds under load; a journey waits for what a person would see.
  // Its polls also wait while axe-core holds the page (tests/e2e/support/page-gate.ts),
  // which took up to 20 s on a loaded machine: a 15 s bound failed a journey (the subtitles
  // of ritual-streaming) that passes alone.
  expect: { poll: { timeout: 30_000, interval: 100 } },
  testTimeout: 180_000,
  hookTimeout: 180_000,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        extends: './web/vite.config.ts',
        // Beside the stacks' lanes on two CPUs a jsdom render can take several seconds (one took
        // over Vitest's default 5 s in a full run).
        test: { name: 'unit', root: './web', testTimeout: 20_000 },
      },
      {
        // The documentation's shape and links (tests/docs/markdown-rules.ts), in the unit lane.
        test: { name: 'docs', environment: 'node', include: ['tests/docs/**/*.test.ts'] },
      },
      {
        test: {
          name: 'stack',
          environment: 'node',
          isolate: false,
          include: ['scripts/**/*.test.ts', 'tests/faults/**/*.test.ts'],
          // Mostly waiting on clusters, sockets and child processes: two files at once pay off
          // even on two CPUs (Vitest's default there is one), unless the machine is busy
          // (npm test chooses: scripts/lib/test-concurrency.ts).
          maxWorkers: Number(process.env.SHOP_TEST_STACK_WORKERS ?? 2),
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'contract',
          environment: 'node',
          isolate: false,
          include: ['tests/contract/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The contract tests a second time, on the shared stack with its legacy keys on (scripts/test.ts).
        test: {
          name: 'contract-legacy',
          environment: 'node',
          isolate: false,
          include: ['tests/contract/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'e2e', ...journeys, include: ['tests/e2e/**/*.test.ts'], exclude: [...configDefaults.exclude, `${onStripeDir}**`, `${onShopCatalogueDir}**`] } },
      // On the sites of the shop alone (scripts/test.ts): its own catalogue, Stripe's payments.
      { test: { name: 'e2e-stripe', ...journeys, include: [`${onStripeDir}**/*.test.ts`, ...onEveryShop] } },
      // On the same sites once the others are done: these journeys change the catalogue the others read.
      { test: { name: 'e2e-shop', ...journeys, include: [`${onShopCatalogueDir}**/*.test.ts`] } },
    ],
  },
});
