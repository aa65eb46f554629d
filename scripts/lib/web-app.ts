// Runs the web app against a local stack: Vite's dev server for `npm start`, or a production
// build served by `vite preview` for the web benchmark, with its pre-rendered pages written from
// the stack's catalogue (web/scripts/prerender.ts). The browser journeys serve the build with a real
// Apache instead (apache.ts), reading the hosting configuration the build writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './paths.ts';
import { runCommand, stopProcess, waitForHttp } from './processes.ts';

export interface WebEnv {
  VITE_SUPABASE_URL: string;
  VITE_SUPABASE_PUBLISHABLE_KEY: string;
  /** The commerce service's storefront and store; none for a shop on its own catalogue whose payments Stripe takes. */
  VITE_COMMERCE_API_URL?: string;
  VITE_COMMERCE_STORE_ID?: string;
  VITE_ADMIN_EMAIL: string;
  /** The shop's public origin, for the pre-rendered pages' absolute URLs (a local default). */
  VITE_SITE_URL?: string;
  /** `shop`: the catalogue read from the shop's own tables through the Supabase API; unset, the commerce service's. */
  VITE_CATALOGUE_SOURCE?: 'hostinger' | 'shop';
}

const vite = join(repoRoot, 'node_modules/vite/bin/vite.js');
const exitWithParent = pathToFileURL(join(repoRoot, 'scripts/lib/exit-with-parent.mjs')).href;
/** The servers started and not yet exited, serving or still starting. */
const servers = new Set<ChildProcess>();
const tsx = join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const webDir = join(repoRoot, 'web');

export async function buildWebApp(env: WebEnv, outDir: string): Promise<void> {
  const code = await runCommand(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webDir,
    env: { ...process.env, ...env },
  });
  if (code !== 0) throw new Error(`the web build failed (exit code ${code})`);
}

/**
 * Writes the crawler-readable pages, sitemap.xml and robots.txt into a build (what `npm run
 * build` does after `vite build`): it reads the catalogue, so the commerce service must be up.
 */
export async function prerenderWebApp(env: WebEnv, outDir: string): Promise<void> {
  const code = await runCommand(process.execPath, [tsx, 'scripts/prerender.ts', '--outDir', outDir], { cwd: webDir, env: { ...process.env, ...env } });
  if (code !== 0) throw new Error(`the pre-rendering failed (exit code ${code})`);
}

export interface WebServer {
  url: string;
  stop(): Promise<void>;
}

/** Ends every server started here at once, those still starting too (a forced stop). */
export function killWebServers(): void {
  for (const child of servers) child.kill('SIGKILL');
}

export async function serveWebApp(options: { mode: 'dev' | 'preview'; port: number; env: WebEnv; outDir?: string }): Promise<WebServer> {
  const args = options.mode === 'dev' ? [vite] : [vite, 'preview', ...(options.outDir ? ['--outDir', options.outDir] : [])];
  // stdin is a pipe held open until this process ends: the server does not outlive it.
  const child: ChildProcess = spawn(process.execPath, ['--import', exitWithParent, ...args, '--host', '127.0.0.1', '--port', String(options.port), '--strictPort'], {
    cwd: webDir,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  servers.add(child);
  child.once('exit', () => servers.delete(child));
  const url = `http://127.0.0.1:${options.port}`;
  await waitForHttp(url);
  return { url, stop: () => stopProcess(child) };
}
