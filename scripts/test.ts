// `npm test`: every suite, then one summary. Independent lanes run side by side, each a process of
// its own with what it needs: the unit tests, then the documentation's check (no stack, in the
// same lane); the operator's path and pgTAP on a new
// database the Supabase CLI builds; the local stack's own tests and the fault tests (each file
// starts its own cluster or stack); the CLI's advisors and lint, the generated-types check, the
// contract tests and the Deno function tests against one throwaway stack; the browser journeys
// against one or two more, each with a production build of the web app, then again with their
// functions taking payments through Stripe. How many lanes run at once
// follows the machine (lib/test-concurrency.ts). Each lane runs under lib/tree-cpu.py, which counts
// the CPU of its whole process tree. With several lanes, each suite's output is printed as one
// block when it ends; the summary gives each phase's wall time and each lane's wall and CPU time.
// `npm test -- e2e pgtap` runs only the named suites (unit, docs, operator, pgtap, advisors,
// lint, types, stack, deno, e2e); `npm test -- e2e tests/e2e/legal-consent.test.ts` only the named files
// of the vitest suites, and `npm test -- deno supabase/functions/tests/caller.test.ts` of Deno's
// (any argument with a `/`). What each suite proves, the lanes and the figures: docs/testing.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startCluster, stopClustersNow } from './db/cluster.ts';
import { advisorFindings, lintFindings, migrationDrift } from './db/cli-checks.ts';
import { applyBootstrap, applyMigrations } from './db/migrate.ts';
import { runPgTap } from './db/pgtap.ts';
import { cliVersion } from './db/supabase-cli.ts';
import { denoExecutable, functionTestPermissions } from './lib/deno.ts';
import { typesAreFresh } from './db/types.ts';
import { handleInterrupts } from './lib/interrupts.ts';
import { done, failed as reportFailure, step } from './lib/log.ts';
import { repoRoot } from './lib/paths.ts';
import { planSite } from './stack/site-plan.ts';
import { runSuiteProcess } from './lib/processes.ts';
import { testConcurrency, type TestConcurrency } from './lib/test-concurrency.ts';
import { errorOutsideTests } from './lib/vitest-outcome.ts';
import { serveWithApache } from './lib/apache.ts';
import { buildWebApp, prerenderWebApp } from './lib/web-app.ts';
import { testStackRateLimits } from './stack/auth/rate-limit-settings.ts';
import { catalogueSourceOf, startLocalStack, type CatalogueSource, type CommerceProvider, type LocalStack, type LocalStackOptions } from './stack/launch.ts';
import { onShopCatalogueDir, runsOnHostingerSites, runsOnOwnShopSites } from '../tests/e2e/support/journey-sets.ts';

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  /** Each failed test's file, name and first line of its error, repeated after the summary. */
  failures?: string[];
}

/** What the summary needs of Vitest's JSON report. */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }> }>;
}

interface Phase {
  name: string;
  seconds: number;
}

const suites = ['unit', 'docs', 'operator', 'pgtap', 'advisors', 'lint', 'types', 'stack', 'deno', 'e2e'] as const;
type Suite = (typeof suites)[number];
type LaneName = 'unit' | 'operator' | 'stack' | 'shared' | 'e2e';
/** Set in a lane's own process: `--lane=<name>`, added by the run that started it. */
const laneFlag = process.argv.slice(2).find((arg) => arg.startsWith('--lane='));
const thisLane = laneFlag?.slice('--lane='.length) as LaneName | undefined;
const args = process.argv.slice(2).filter((arg) => arg !== laneFlag);
const fileFilters = args.filter((arg) => arg.includes('/'));
const requested = args.filter((arg) => !fileFilters.includes(arg));
const unknown = requested.filter((name) => !(suites as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown suite ${unknown.join(', ')}. Suites: ${suites.join(', ')} (none named runs them all).`);
  process.exit(2);
}
const runs = (suite: Suite) => requested.length === 0 || requested.includes(suite);

const results: SuiteResult[] = [];
const phases: Phase[] = [];
// The stacks of this run (the shared one, the browser journeys', and those the stack and fault
// tests start in the Vitest processes, which inherit this environment) refuse new work only once
// requests have stood waiting 5 s, not `npm start`'s 250 ms (lib/in-flight-limit.ts): the lanes
// side by side on two cores slow every stack for seconds at a time, and a test is not a flood.
// The tests of the bound itself set theirs.
process.env.SHOP_GATEWAY_MAX_WAIT_MS ??= '5000';
process.env.SHOP_COMMERCE_MAX_WAIT_MS ??= '5000';
/** The run's scratch folder, made by the run and shared with its lanes. */
const scratch = process.env.SHOP_TEST_SCRATCH ?? mkdtempSync(join(tmpdir(), 'shop-test-'));
/** Everything started that must be stopped at the end (stacks, the web server), in start order. */
const running: Array<{ stop(): Promise<void> }> = [];
const needsSharedStack = (['advisors', 'lint', 'types', 'stack', 'deno'] as const).some(runs);
/** With several lanes at once, a child's output is held and printed whole when it ends. */
const outputMode = process.env.SHOP_TEST_OUTPUT === 'live' ? 'live' : 'block';

/** Runs one timed phase of a lane; its duration goes into the summary. */
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  step(`${name}: started`);
  const started = performance.now();
  try {
    return await work();
  } finally {
    const seconds = (performance.now() - started) / 1000;
    phases.push({ name, seconds });
    step(`${name}: ${seconds.toFixed(0)} s`);
  }
}

async function vitest(project: string, env: Record<string, string>): Promise<void> {
  const report = join(scratch, `vitest-${project}.json`);
  const { code, stderr } = await runSuiteProcess(
    `vitest ${project}`,
    process.execPath,
    // Named files may all be another project's (`npm test -- stack tests/contract/x.test.ts`).
    [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...(fileFilters.length > 0 ? ['--passWithNoTests', ...fileFilters] : [])],
    { cwd: repoRoot, env: { ...process.env, ...env } },
    outputMode,
  );
  let passed = 0;
  let failed = code === 0 ? 0 : 1;
  let failures: string[] = [];
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    passed = json.numPassedTests;
    failed = Math.max(json.numFailedTests, code === 0 ? 0 : 1);
    failures = json.testResults.flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${relative(repoRoot, file.name)} > ${test.fullName}: ${test.failureMessages[0]?.split('\n')[0] ?? ''}`),
    );
  } catch {
    // No report means Vitest itself failed; counted as one failure above.
  }
  if (code !== 0 && failures.length === 0) failures = [errorOutsideTests(code, stderr)];
  results.push({ name: `vitest ${project}`, passed, failed, failures });
}

/**
 * `deno check` of every function's entry point: the tests import the functions' modules, never an
 * `index.ts` (which serves), so a type error there would reach a deploy unseen. One result.
 */
async function denoTypeCheck(): Promise<void> {
  const functions = join(repoRoot, 'supabase/functions');
  const entries = readdirSync(functions, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && readdirSync(join(functions, entry.name)).includes('index.ts'))
    .map((entry) => `supabase/functions/${entry.name}/index.ts`);
  const { code } = await runSuiteProcess('deno check', denoExecutable(), ['check', ...entries], { cwd: repoRoot, env: { ...process.env, NO_COLOR: '1' } }, outputMode);
  results.push({ name: 'deno check', passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
}

/** The function test files named on the command line (`npm test -- deno supabase/functions/tests/x.test.ts`). */
const denoFiles = fileFilters.filter((file) => file.startsWith('supabase/functions/'));
/** The function tests of a shop whose payments Stripe takes: run once the stack's functions are switched to it. */
const onStripeDir = 'supabase/functions/tests/on-stripe/';

async function denoTestRun(name: string, files: string[], env: Record<string, string>): Promise<void> {
  const { code, stdout } = await runSuiteProcess(name, denoExecutable(), ['test', ...functionTestPermissions, ...files], { cwd: repoRoot, env: { ...process.env, ...env, NO_COLOR: '1' } }, outputMode);
  const summary = /(\d+) passed.*?(\d+) failed/.exec(stdout);
  results.push({ name, passed: Number(summary?.[1] ?? 0), failed: Math.max(Number(summary?.[2] ?? 0), code === 0 ? 0 : 1) });
}

/**
 * The functions' tests on the shared stack: those of the provider in use (Hostinger), the Stripe
 * double beside it; then the stack's functions take their payments through Stripe, as an owner's
 * `COMMERCE_PROVIDER=stripe` makes them, for the tests of `on-stripe/`, and go back after.
 */
async function denoTests(stack: LocalStack): Promise<void> {
  const named = (onStripe: boolean) => denoFiles.filter((file) => file.startsWith(onStripeDir) === onStripe);
  const hostingerFiles = denoFiles.length > 0 ? named(false) : [`--ignore=${onStripeDir}`, 'supabase/functions/tests/'];
  const stripeFiles = denoFiles.length > 0 ? named(true) : [onStripeDir];
  if (hostingerFiles.length > 0) await denoTestRun('deno functions', hostingerFiles, stack.env);
  if (stripeFiles.length === 0) return;
  await stack.setCommerceProvider('stripe');
  try {
    await denoTestRun('deno functions on Stripe', stripeFiles, stack.env);
  } finally {
    await stack.setCommerceProvider('hostinger');
  }
}

/**
 * `npm run smoke` against a deployment, given the schedule's secret as an operator would, and the
 * other secrets of the deployment it is to check (`env`): each of its checks counts as one test of
 * the suite `name`.
 */
async function smoke(name: string, url: string, jobSecret: string, env: Record<string, string> = {}): Promise<void> {
  const { code, stdout } = await runSuiteProcess(
    name,
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'scripts/smoke/smoke.ts'), '--url', url],
    { cwd: repoRoot, env: { ...process.env, ...env, RECONCILE_CHECKOUTS_SECRET: jobSecret } },
    outputMode,
  );
  const summary = /(\d+) passed, (\d+) failed/.exec(stdout);
  results.push({ name, passed: Number(summary?.[1] ?? 0), failed: Math.max(Number(summary?.[2] ?? 0), code === 0 ? 0 : 1) });
}

/** A check that passes with no finding; each finding is printed and counted as a failure. */
function findings(name: string, found: string[]): void {
  for (const finding of found) console.error(`  ${finding}`);
  results.push({ name, passed: found.length === 0 ? 1 : 0, failed: found.length });
}

/**
 * The operator's database half on a new database holding only what a new hosted project holds:
 * `supabase db push` applies every migration, `supabase migration list` shows no difference, the
 * advisors report nothing, and the pgTAP suite passes on it (no seed: production has none).
 */
async function operatorPath(): Promise<void> {
  const cluster = await startCluster({ persistent: false });
  try {
    await applyBootstrap(cluster.url);
    if (runs('operator')) {
      step('operator path: supabase db push onto a bootstrap-only database');
      const { applied } = await applyMigrations(cluster.url);
      const expected = readdirSync(join(repoRoot, 'supabase/migrations')).filter((f) => f.endsWith('.sql')).sort();
      const missing = expected.filter((f) => !applied.includes(f));
      findings('db push', missing.map((f) => `not applied: ${f}`));
      step('operator path: supabase migration list');
      findings('migration list', await migrationDrift(cluster.url));
      step('operator path: supabase db advisors');
      findings('advisors (operator)', await advisorFindings(cluster.url));
    } else {
      await applyMigrations(cluster.url);
    }
    if (runs('pgtap')) {
      step('pgTAP (pg_prove) on the operator\'s database');
      const pgtap = await runPgTap(cluster.url);
      results.push({ name: 'pgTAP', passed: pgtap.passed, failed: pgtap.failed });
    }
  } finally {
    await cluster.stop();
  }
}

/** A throwaway stack, stopped by `stopStarted`, or at the end (or by Ctrl-C) if not before. */
async function startThrowawayStack(label: string, options: Omit<LocalStackOptions, 'persistent'>): Promise<LocalStack> {
  // Every suite signs in from 127.0.0.1: the auth limits are proven on stacks of their own.
  const stack = await phase(`stack start (${label})`, () => startLocalStack({ persistent: false, authRateLimits: testStackRateLimits, ...options }));
  running.push(stack);
  return stack;
}

/** Runs `work` on a throwaway stack of its own, stopped as soon as the work ends (or by Ctrl-C). */
async function onThrowawayStack(label: string, options: Omit<LocalStackOptions, 'persistent'>, work: (stack: LocalStack) => Promise<void>): Promise<void> {
  const stack = await startThrowawayStack(label, options);
  try {
    await work(stack);
  } finally {
    await stopStarted(stack);
  }
}

/** Advisors, lint, the types check, the integration and contract tests and Deno, on one stack. */
function sharedStackLane(): Promise<void> {
  // No web app is served on this stack: its site URL only needs to be a valid origin. Hostinger
  // takes its payments; the Stripe double runs beside it for the Stripe provider's and webhook's tests.
  return onThrowawayStack('shared', { siteUrl: 'http://127.0.0.1:5173', stripe: true }, async (stack) => {
    if (runs('advisors')) {
      step('supabase db advisors (every level, waivers in supabase/advisor-waivers.json)');
      findings('db advisors', await advisorFindings(stack.dbUrl));
    }
    if (runs('lint')) {
      step('supabase db lint (plpgsql_check, warnings and errors)');
      findings('db lint', await lintFindings(stack.dbUrl));
    }
    if (runs('types')) {
      step('generated database types are up to date');
      const fresh = await typesAreFresh(stack.dbUrl);
      results.push({ name: 'database.types.ts', passed: fresh ? 1 : 0, failed: fresh ? 0 : 1 });
      if (!fresh) console.error('web/src/lib/database.types.ts is stale: run `npm run db:types` and commit it.');
    }
    if (runs('stack')) {
      await phase('contract tests (vitest contract)', () => vitest('contract', stack.env));
      // A project that has not migrated: the legacy switch on, its clients on the anon and
      // service-role JWT keys, its users' tokens HS256 (no signing key given to the tests).
      // SHOP_LEGACY_KEYS tells the files that start a stack of their own to switch it on too.
      stack.setLegacyKeys(true);
      try {
        await phase('contract tests, legacy keys (vitest contract-legacy)', () =>
          vitest('contract-legacy', { ...stack.env, SUPABASE_PUBLISHABLE_KEY: stack.anonKey, SUPABASE_SECRET_KEY: stack.serviceRoleKey, SUPABASE_SIGNING_KEYS: '', SHOP_LEGACY_KEYS: 'on' }),
        );
      } finally {
        stack.setLegacyKeys(false);
      }
    }
    if (runs('deno')) {
      await phase('Deno type check', denoTypeCheck);
      await phase('Deno function tests', () => denoTests(stack));
    }
  });
}

/** A site the browser journeys run against, up until `stop`. */
interface JourneySite {
  siteUrl: string;
  /** Its stack, whose functions can be switched to another payment provider. */
  stack: LocalStack;
  /** The stack's environment, with the site's URL and build folder (WEB_URL, WEB_DIST_DIR). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** What a journey site runs on: the catalogue it reads, and who takes its payments. */
interface SiteKind {
  catalogueSource: CatalogueSource;
  commerceProvider: CommerceProvider;
}

/**
 * A stack of its own and a production build of the web app for it. The build needs only the
 * stack's address and keys, all chosen before it starts: the build runs while the stack starts;
 * its pre-rendered pages, which read the catalogue, once the stack is up. A real Apache serves it
 * as shared hosting would, reading the `.htaccess` the build wrote (its headers, its
 * Content-Security-Policy, the app's fallback).
 */
async function journeySite(label: string, { catalogueSource, commerceProvider }: SiteKind): Promise<JourneySite> {
  const { webPort, siteUrl, keys, ports, webEnv } = await planSite('admin@lumiere-sacree.test', catalogueSource, commerceProvider);
  const outDir = join(scratch, `web-dist-${webPort}`);
  const built = phase(`web app build (${label})`, () => buildWebApp(webEnv, outDir));
  // Awaited below; a failure that comes earlier must not go unhandled meanwhile.
  built.catch(() => undefined);
  const stack = await startThrowawayStack(label, { siteUrl, keys, ports, catalogueSource, commerceProvider });
  await built;
  await phase(`web app pre-rendering (${label})`, () => prerenderWebApp(webEnv, outDir));
  const web = await serveWithApache({ root: outDir, port: webPort });
  running.push(web);
  return {
    siteUrl,
    stack,
    env: { ...stack.env, WEB_URL: siteUrl, WEB_DIST_DIR: outDir },
    async stop() {
      await stopStarted(web);
      await stopStarted(stack);
    },
  };
}

/**
 * Starts `count` sites of `kind`, runs `work` on them, and stops them, whatever happens. Two
 * sites (one on a busy machine, or when a single file is asked for), one per Vitest worker, each
 * worker taking the next file as it finishes one (tests/e2e/support/journey-site.ts).
 */
async function onJourneySites(label: string, kind: SiteKind, work: (sites: JourneySite[]) => Promise<void>): Promise<void> {
  const count = fileFilters.length === 1 ? 1 : Number(process.env.SHOP_TEST_JOURNEY_SITES ?? 2);
  const started = await Promise.allSettled(Array.from({ length: count }, (_, index) => journeySite(`${label} ${index + 1}`, kind)));
  const sites = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  try {
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    await work(sites);
  } finally {
    for (const site of sites) await site.stop();
  }
}

/** `JOURNEY_SITES` for a Vitest run on `sites`. */
const journeySitesEnv = (sites: JourneySite[]) => ({ JOURNEY_SITES: JSON.stringify(sites.map((site) => site.env)) });

// CATALOGUE_SOURCE=shop: the journeys of the first kind of site on the shop's own catalogue, the web app and the functions alike.
const runCatalogueSource = catalogueSourceOf(process.env.CATALOGUE_SOURCE);

/** The journey files asked for that run on each kind of site (all of them when none is named). */
const hostingerJourneysWanted = fileFilters.length === 0 || fileFilters.some(runsOnHostingerSites);
const ownShopJourneysWanted = fileFilters.length === 0 || fileFilters.some(runsOnOwnShopSites);
const shopCatalogueJourneysWanted = fileFilters.length === 0 || fileFilters.some((file) => file.startsWith(onShopCatalogueDir));

/**
 * The browser journeys, on sites of their own so that they never meet the other suites' data or
 * load (tests/e2e/support/journey-sets.ts says which journeys run where), two kinds side by side:
 * - sites whose catalogue and payments are Hostinger's (the doubles), as a shop runs by default
 *   (`CATALOGUE_SOURCE=shop` puts them on the shop's own catalogue); then `npm run smoke` checks
 *   the first deployment from outside;
 * - sites of the shop alone, Supabase and the Stripe double: its own catalogue and Stripe's
 *   payments (Vitest `e2e-stripe`), the smoke check with Stripe's secrets, then the journeys that
 *   change the catalogue (Vitest `e2e-shop`).
 * Side by side, as their journeys spend much of their time waiting (a page, a webhook, the
 * minute's schedule): one after the other, one site each on two cores, the lane left a core idle
 * for some ten minutes once the others had ended. A named file runs in the projects that include
 * it; the others find nothing and pass.
 */
async function journeysLane(): Promise<void> {
  // Apache's workers run as www-data when the tests run as root: they must reach the builds.
  chmodSync(scratch, 0o711);
  const onHostinger = async () => {
    if (!hostingerJourneysWanted) return;
    await onJourneySites('journeys', { catalogueSource: runCatalogueSource, commerceProvider: 'hostinger' }, async (sites) => {
      await phase('browser journeys (vitest e2e)', () => vitest('e2e', journeySitesEnv(sites)));
      const [first] = sites as [JourneySite];
      await phase('smoke check of the Apache-served build', () => smoke('smoke', first.siteUrl, first.env.RECONCILE_CHECKOUTS_SECRET!));
    });
  };
  const alone = async () => {
    if (!ownShopJourneysWanted) return;
    await onJourneySites('shop alone', { catalogueSource: 'shop', commerceProvider: 'stripe' }, async (sites) => {
      await phase('browser journeys of the shop alone (vitest e2e-stripe)', () => vitest('e2e-stripe', journeySitesEnv(sites)));
      const [first] = sites as [JourneySite];
      const stripeSecrets = Object.fromEntries(['STRIPE_API_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'].map((name) => [name, first.env[name]!]));
      await phase('smoke check on Stripe', () => smoke('smoke on Stripe', first.siteUrl, first.env.RECONCILE_CHECKOUTS_SECRET!, stripeSecrets));
      if (shopCatalogueJourneysWanted) {
        await phase('browser journeys writing the catalogue (vitest e2e-shop)', () => vitest('e2e-shop', journeySitesEnv(sites)));
      }
    });
  };
  const ended = await Promise.allSettled([onHostinger(), alone()]);
  const failure = ended.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/** What each lane does, in its own process. */
const laneWork: Record<LaneName, { wanted: boolean; work: () => Promise<void> }> = {
  unit: {
    wanted: runs('unit') || runs('docs'),
    work: async () => {
      if (runs('unit')) await phase('unit tests (vitest unit)', () => vitest('unit', {}));
      if (runs('docs')) await phase('documentation check (vitest docs)', () => vitest('docs', {}));
    },
  },
  operator: { wanted: runs('operator') || runs('pgtap'), work: () => phase("operator's path and pgTAP", operatorPath) },
  stack: { wanted: runs('stack'), work: () => phase('stack tests (vitest stack)', () => vitest('stack', {})) },
  shared: { wanted: needsSharedStack, work: sharedStackLane },
  e2e: { wanted: runs('e2e'), work: journeysLane },
};
/** The longest lanes first, so that the last to start is a short one when they cannot all run at once. */
const laneOrder: LaneName[] = ['e2e', 'stack', 'shared', 'unit', 'operator'];

/** What a lane's process leaves for the run: its results and phases. */
interface LaneReport {
  results: SuiteResult[];
  phases: Phase[];
}

/** What the summary says of each lane. */
interface LaneTimes {
  name: LaneName;
  wallSeconds: number;
  /** User and system CPU of the lane's whole process tree; undefined where it could not be counted. */
  cpuSeconds?: number;
}

const laneReportPath = (name: LaneName) => join(scratch, `lane-${name}.json`);
const laneCpuPath = (name: LaneName) => join(scratch, `lane-${name}-cpu.json`);

/** Stops one thing a lane started, unless Ctrl-C's stopAll has taken it already. */
async function stopStarted(item: { stop(): Promise<void> }): Promise<void> {
  const index = running.indexOf(item);
  if (index === -1) return;
  running.splice(index, 1);
  await item.stop();
}

async function stopAll(): Promise<void> {
  for (const item of running.splice(0).reverse()) await item.stop().catch((error: Error) => console.error(`stop: ${error.message}`));
}

/** In a lane's process: runs it, stops what it started, and leaves its report. A lane that fails counts as one failure. */
async function runLane(name: LaneName): Promise<never> {
  // Ctrl-C stops the stacks and the web server, so no throwaway database outlives the run.
  handleInterrupts({ graceful: stopAll, force: stopClustersNow }, 130);
  try {
    await laneWork[name].work();
  } catch (error) {
    console.error(`\n${name} lane could not run: ${(error as Error).message}`);
    results.push({ name: `${name} lane`, passed: 0, failed: 1, failures: [(error as Error).message.split('\n')[0]!] });
  } finally {
    await stopAll();
  }
  writeFileSync(laneReportPath(name), JSON.stringify({ results, phases } satisfies LaneReport));
  process.exit(0);
}

/** Lanes still running, to be told of a signal sent to the run alone. */
const laneProcesses = new Set<ChildProcess>();
/** Set by Ctrl-C: no further lane starts. */
let interrupted = false;

/** Starts a lane's process under tree-cpu.py and waits for it; reads its report and CPU. */
async function startLane(name: LaneName, concurrency: TestConcurrency, alone: boolean): Promise<LaneTimes> {
  const started = performance.now();
  const lane = [process.execPath, '--import', 'tsx', join(repoRoot, 'scripts/test.ts'), ...args, `--lane=${name}`];
  const meter = join(repoRoot, 'scripts/lib/tree-cpu.py');
  const child = spawn('python3', [meter, laneCpuPath(name), '--', ...lane], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      SHOP_TEST_SCRATCH: scratch,
      SHOP_TEST_OUTPUT: alone ? 'live' : 'block',
      SHOP_TEST_JOURNEY_SITES: String(concurrency.journeySites),
      SHOP_TEST_STACK_WORKERS: String(concurrency.stackWorkers),
    },
  });
  laneProcesses.add(child);
  const code = await new Promise<number>((resolve) => {
    child.on('error', (error) => {
      console.error(`${name} lane: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
  });
  laneProcesses.delete(child);
  try {
    const report = JSON.parse(readFileSync(laneReportPath(name), 'utf8')) as LaneReport;
    results.push(...report.results);
    phases.push(...report.phases);
  } catch {
    results.push({ name: `${name} lane`, passed: 0, failed: 1, failures: [interrupted ? 'interrupted' : `its process ended with code ${code} and no report`] });
  }
  let cpuSeconds: number | undefined;
  if (existsSync(laneCpuPath(name))) {
    const cpu = JSON.parse(readFileSync(laneCpuPath(name), 'utf8')) as { user: number; system: number; wholeTree: boolean };
    if (cpu.wholeTree) cpuSeconds = cpu.user + cpu.system;
  }
  return { name, wallSeconds: (performance.now() - started) / 1000, cpuSeconds };
}

/** Runs the wanted lanes, as many at once as the machine allows, the longest first. */
async function runLanes(concurrency: TestConcurrency): Promise<LaneTimes[]> {
  const queue = laneOrder.filter((name) => laneWork[name].wanted);
  const alone = queue.length === 1;
  const times: LaneTimes[] = [];
  const worker = async () => {
    for (let name = queue.shift(); name && !interrupted; name = queue.shift()) times.push(await startLane(name, concurrency, alone));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency.lanes, queue.length) }, worker));
  return times;
}

function printSummary(times: LaneTimes[], wallSeconds: number, concurrency: TestConcurrency, crashed: boolean): number {
  console.log('\nPhases (wall time; the lanes overlap)');
  const nameWidth = Math.max(0, ...phases.map((p) => p.name.length));
  for (const p of phases) console.log(`  ${p.name.padEnd(nameWidth)} ${p.seconds.toFixed(0).padStart(5)} s`);
  console.log(`\nLanes (${concurrency.lanes} at once: ${concurrency.basis}; CPU of each lane's whole process tree)`);
  const cpu = (seconds: number | undefined) => (seconds === undefined ? '    ?' : seconds.toFixed(0).padStart(5));
  for (const t of times) console.log(`  ${t.name.padEnd(10)} ${t.wallSeconds.toFixed(0).padStart(5)} s wall ${cpu(t.cpuSeconds)} s CPU`);
  const own = process.cpuUsage();
  const counted = times.every((t) => t.cpuSeconds !== undefined);
  const totalCpu = counted ? times.reduce((sum, t) => sum + t.cpuSeconds!, 0) + (own.user + own.system) / 1e6 : undefined;
  console.log(`  ${'npm test'.padEnd(10)} ${wallSeconds.toFixed(0).padStart(5)} s wall ${cpu(totalCpu)} s CPU`);
  console.log('\nSummary');
  for (const r of results) console.log(`  ${r.name.padEnd(22)} ${r.passed} passed, ${r.failed} failed`);
  const failures = results.flatMap((r) => (r.failures ?? []).map((line) => `  ${r.name}: ${line}`));
  if (failures.length > 0) console.log(`\nFailed tests\n${failures.join('\n')}`);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0) + (crashed ? 1 : 0);
  if (failed === 0) done('all tests passed');
  else reportFailure('some tests failed');
  console.log(`total: ${passed} passed, ${failed} failed`);
  return failed;
}

/** The run: chooses how many lanes fit, runs them, and sums them up. */
async function runAll(): Promise<never> {
  const started = performance.now();
  let concurrency: TestConcurrency;
  try {
    concurrency = await testConcurrency();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  let lanesDone: Promise<unknown> = Promise.resolve();
  // A signal sent to the run alone reaches its lanes too; the terminal's Ctrl-C reaches them
  // itself, and a lane counts both copies as one.
  handleInterrupts(
    {
      async graceful() {
        interrupted = true;
        for (const child of laneProcesses) child.kill('SIGTERM');
        await lanesDone;
        rmSync(scratch, { recursive: true, force: true });
      },
      async force() {
        for (const child of laneProcesses) child.kill('SIGTERM');
      },
    },
    130,
  );
  let crashed = false;
  let times: LaneTimes[] = [];
  try {
    if (suites.some((suite) => suite !== 'unit' && suite !== 'docs' && runs(suite))) step(`Supabase CLI ${await cliVersion()}`);
    step(`lanes: ${concurrency.lanes} at once (${concurrency.basis})`);
    lanesDone = runLanes(concurrency);
    times = (await lanesDone) as LaneTimes[];
  } catch (error) {
    crashed = true;
    console.error(`\nnpm test could not run: ${(error as Error).message}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const failed = printSummary(times, (performance.now() - started) / 1000, concurrency, crashed);
  process.exit(failed === 0 ? 0 : 1);
}

await (thisLane ? runLane(thisLane) : runAll());
