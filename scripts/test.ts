// `npm test`: every suite, then one summary. The operator's path and pgTAP on a new database the
// Supabase CLI builds; the CLI's advisors and lint, the generated-types check, Vitest (integration,
// contract, browser journeys) and the Deno function tests against one throwaway stack
// (cluster, gateway, functions, sandbox) and a production build of the web app.
// `npm test -- e2e pgtap` runs only the named suites (unit, operator, pgtap, advisors, lint,
// types, stack, deno, e2e).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster, stopClustersNow } from './db/cluster.ts';
import { advisorFindings, lintFindings, migrationDrift } from './db/cli-checks.ts';
import { applyBootstrap, applyMigrations } from './db/migrate.ts';
import { runPgTap } from './db/pgtap.ts';
import { cliVersion } from './db/supabase-cli.ts';
import { denoExecutable, functionTestPermissions } from './lib/deno.ts';
import { typesAreFresh } from './db/types.ts';
import { freePort } from './lib/free-port.ts';
import { handleInterrupts } from './lib/interrupts.ts';
import { done, failed as reportFailure, step } from './lib/log.ts';
import { repoRoot } from './lib/paths.ts';
import { runCommand } from './lib/processes.ts';
import { buildWebApp, serveWebApp, type WebEnv } from './lib/web-app.ts';
import { testStackRateLimits } from './stack/auth/rate-limit-settings.ts';
import { startLocalStack, type LocalStack } from './stack/launch.ts';

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
}

const suites = ['unit', 'operator', 'pgtap', 'advisors', 'lint', 'types', 'stack', 'deno', 'e2e'] as const;
type Suite = (typeof suites)[number];
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(suites as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown suite ${unknown.join(', ')}. Suites: ${suites.join(', ')} (none named runs them all).`);
  process.exit(2);
}
const runs = (suite: Suite) => requested.length === 0 || requested.includes(suite);

const results: SuiteResult[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'shop-test-'));
let stack: LocalStack | undefined;
let web: { stop(): Promise<void> } | undefined;

async function vitest(project: string, env: Record<string, string>): Promise<void> {
  const report = join(scratch, `vitest-${project}.json`);
  const code = await runCommand(
    process.execPath,
    [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: repoRoot, env: { ...process.env, ...env } },
  );
  let passed = 0;
  let failed = code === 0 ? 0 : 1;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTests: number };
    passed = json.numPassedTests;
    failed = Math.max(json.numFailedTests, code === 0 ? 0 : 1);
  } catch {
    // No report means Vitest itself failed; counted as one failure above.
  }
  results.push({ name: `vitest ${project}`, passed, failed });
}

async function denoTests(env: Record<string, string>): Promise<void> {
  const output: string[] = [];
  const code = await new Promise<number>((resolve) => {
    const child = spawn(denoExecutable(), ['test', ...functionTestPermissions, 'supabase/functions/tests/'], {
      cwd: repoRoot,
      env: { ...process.env, ...env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output.push(chunk.toString());
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  const summary = /(\d+) passed.*?(\d+) failed/.exec(output.join(''));
  results.push({ name: 'deno functions', passed: Number(summary?.[1] ?? 0), failed: Math.max(Number(summary?.[2] ?? 0), code === 0 ? 0 : 1) });
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

async function main(): Promise<void> {
  if (runs('unit')) {
    step('unit tests (no stack needed)');
    await vitest('unit', {});
  }
  if (!suites.some((suite) => suite !== 'unit' && runs(suite))) return;

  step(`Supabase CLI ${await cliVersion()}`);
  // The operator's database is a cluster of its own: its path and pgTAP run while the shared stack
  // starts and is checked.
  const operator = runs('operator') || runs('pgtap') ? operatorPath() : Promise.resolve();
  // Awaited below; a failure that comes earlier must not go unhandled meanwhile.
  operator.catch(() => undefined);

  const webPort = await freePort();
  const siteUrl = `http://127.0.0.1:${webPort}`;
  // Every suite signs in from 127.0.0.1: the auth limits are proven on stacks of their own.
  stack = await startLocalStack({ persistent: false, siteUrl, authRateLimits: testStackRateLimits }).catch(async (error: unknown) => {
    await operator.catch(() => undefined);
    throw error;
  });

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
  await operator;

  // The production build needs only the stack's address and keys: it runs beside the stack suite.
  const webEnv: WebEnv = {
    VITE_SUPABASE_URL: stack.apiUrl,
    VITE_SUPABASE_PUBLISHABLE_KEY: stack.publishableKey,
    VITE_COMMERCE_API_URL: stack.commerceUrl,
    VITE_COMMERCE_STORE_ID: stack.storeId,
    VITE_ADMIN_EMAIL: 'admin@lumiere-sacree.test',
  };
  const outDir = join(scratch, 'web-dist');
  if (runs('e2e')) step('web app: production build (beside the next suites)');
  const built = runs('e2e') ? buildWebApp(webEnv, outDir) : Promise.resolve();
  // Awaited below; a failure that comes earlier must not go unhandled meanwhile.
  built.catch(() => undefined);
  if (runs('stack')) {
    step('contract and integration tests against the local stack');
    await vitest('stack', stack.env);
    // A project that has not migrated: the legacy switch on, its clients on the anon and
    // service-role JWT keys, its users' tokens HS256 (no signing key given to the tests).
    step('supabase-js contract tests again, with the legacy keys on');
    stack.setLegacyKeys(true);
    // SHOP_LEGACY_KEYS tells the files that start a stack of their own to switch it on too.
    await vitest('contract-legacy', { ...stack.env, SUPABASE_PUBLISHABLE_KEY: stack.anonKey, SUPABASE_SECRET_KEY: stack.serviceRoleKey, SUPABASE_SIGNING_KEYS: '', SHOP_LEGACY_KEYS: 'on' });
    stack.setLegacyKeys(false);
  }
  if (runs('deno')) {
    step('Deno tests of the edge functions');
    await denoTests(stack.env);
  }
  if (!runs('e2e')) return;

  await built;
  web = await serveWebApp({ mode: 'preview', port: webPort, env: webEnv, outDir });

  step('browser journeys (headless Chromium)');
  await vitest('e2e', { ...stack.env, WEB_URL: siteUrl });
}

// Ctrl-C stops the shared stack and the web server, so no throwaway database outlives the run.
handleInterrupts(
  {
    async graceful() {
      await web?.stop();
      await stack?.stop();
      rmSync(scratch, { recursive: true, force: true });
    },
    force: stopClustersNow,
  },
  130,
);

let crashed: Error | undefined;
try {
  await main();
} catch (error) {
  crashed = error as Error;
  console.error(`\nnpm test could not run: ${crashed.message}`);
} finally {
  await web?.stop();
  await stack?.stop();
  rmSync(scratch, { recursive: true, force: true });
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.name.padEnd(22)} ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0) + (crashed ? 1 : 0);
if (failed === 0) done('all tests passed');
else reportFailure('some tests failed');
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
