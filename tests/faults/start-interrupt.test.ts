// `npm start` stopped by Ctrl-C as a terminal sends it (SIGINT to the whole process group) while
// it is busy: sign-ups and a purchase in flight, realtime channels open. Every time, no process of
// it is left: not the database (which pg_ctl starts in a session of its own), not Deno, not Vite.
// Its clone's state lives in a `mktemp -d` folder, which the database's user cannot enter.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RealtimeChannel, RealtimeClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/free-port.ts';
import { repoRoot } from '../../scripts/lib/paths.ts';
import { isRunning } from '../../scripts/lib/processes.ts';
import { createCheckout, newCustomer, pay, type ShopEnv } from '../support/shop.ts';

const stateDir = mkdtempSync(join(tmpdir(), 'shop-start-'));
let dataDir: string | undefined;
/** The group of the shop last started: a round that failed before its Ctrl-C leaves it running. */
let shopGroup: number | undefined;

afterAll(() => {
  if (shopGroup !== undefined && groupMembers(shopGroup).length > 0) process.kill(-shopGroup, 'SIGKILL');
  rmSync(stateDir, { recursive: true, force: true });
  if (!dataDir) return;
  // A database a failed round left running is shut down (SIGQUIT: at once) before its files go.
  const pidFile = join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile) && isRunning(Number(readFileSync(pidFile, 'utf8').split('\n')[0]))) {
    process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGQUIT');
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.clone`, { force: true });
});

interface RunningShop {
  child: ChildProcess;
  env: ShopEnv;
  dataDir: string;
  dbUrl: string;
  exited: Promise<void>;
  /** What it wrote to stderr so far: its progress lines. */
  progress(): string;
}

/** `npm start` in a process group of its own, as a terminal runs it; resolves once it is serving. */
async function startShop(): Promise<RunningShop> {
  const ports = { SHOP_API_PORT: await freePort(), SHOP_DB_PORT: await freePort(), SHOP_COMMERCE_PORT: await freePort(), SHOP_MAIL_PORT: await freePort(), SHOP_WEB_PORT: await freePort() };
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    env: { ...process.env, SHOP_STATE_DIR: stateDir, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shopGroup = child.pid;
  // npm waits for its script, then ends the way the signal asked (SIGINT).
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const banner = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Demo accounts:')) resolve(stdout);
    });
    void exited.then(() => reject(new Error(`npm start exited before serving:\n${output}`)));
  });
  const field = (label: string) => new RegExp(`${label}\\s+(\\S+)`).exec(banner)?.[1] ?? '';
  const commerce = new URL(field('Commerce sandbox'));
  const env: ShopEnv = {
    SUPABASE_URL: field('Supabase API'),
    SUPABASE_PUBLISHABLE_KEY: field('Publishable key'),
    SUPABASE_SECRET_KEY: field('Secret key'),
    COMMERCE_API_URL: commerce.origin,
    COMMERCE_STORE_ID: commerce.pathname.split('/')[2]!,
    SITE_URL: field('Web app'),
  };
  return { child, env, dataDir: field('Database files'), dbUrl: field('Database(?! files)'), exited, progress: () => output };
}

/** The processes of a process group, with their command names, read from /proc. */
function groupMembers(pgid: number): string[] {
  const members: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      // The process ended while the list was read.
    }
  }
  return members;
}

/** The processes of a process group, with their pids and command lines. */
function groupProcesses(pgid: number): Array<{ pid: number; args: string }> {
  const found: Array<{ pid: number; args: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid || fields[0] === 'Z') continue;
      found.push({ pid: Number(entry), args: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // The process ended while the list was read.
    }
  }
  return found;
}

/** Sign-ups, a purchase recorded, realtime channels subscribed; returns what is still in flight. */
async function busy(env: ShopEnv): Promise<{ inFlight: Promise<unknown>; realtime: RealtimeClient }> {
  const buyer = await newCustomer(env, 'interrupt');
  const checkout = await createCheckout(env, buyer.supabase, [{ variant_id: 'var_souffle_sacre', quantity: 1 }]);
  expect(checkout.error).toBeNull();
  const sessionId = await pay(checkout.data!.url, buyer.email);
  const recorded = await buyer.supabase.functions.invoke<{ order_id: string }>('record-order', { body: { checkout_id: sessionId } });
  expect(recorded.data?.order_id).toMatch(/^[0-9a-f-]{36}$/);

  const { data } = await buyer.supabase.auth.getSession();
  buyer.supabase.realtime.setAuth(data.session!.access_token);
  const channels = await Promise.all(
    ['user_messages', 'orders', 'profiles'].map(
      (table) =>
        new Promise<RealtimeChannel>((resolve) => {
          const channel = buyer.supabase
            .channel(`interrupt-${table}`)
            .on('postgres_changes', { event: '*', schema: 'public', table }, () => undefined)
            .subscribe((status) => status === 'SUBSCRIBED' && resolve(channel));
        }),
    ),
  );
  // Left running when the signal comes: more sign-ups and another checkout.
  const inFlight = Promise.allSettled([
    ...Array.from({ length: 5 }, (_, i) => newCustomer(env, `late-${i}`)),
    createCheckout(env, buyer.supabase, [{ variant_id: 'var_souffle_sacre', quantity: 1 }]),
  ]);
  expect(channels).toHaveLength(3);
  return { inFlight, realtime: buyer.supabase.realtime };
}

// One test per round, each with its own time: a start takes a minute or more on two loaded cores
// (the four starts of one 240 s test ran past it at a load of 86).
describe('stops every process of npm start on one Ctrl-C, every time, and keeps the data for the next start', () => {
  for (const round of [1, 2, 3]) {
    it(`round ${round}`, async () => {
      const shop = await startShop();
      dataDir = shop.dataDir;
      const pgid = shop.child.pid!;
      const { inFlight, realtime } = await busy(shop.env);
      const postmaster = Number(readFileSync(join(shop.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const members = groupMembers(pgid);
      expect(members, `round ${round}: the shop's processes`).toEqual(expect.arrayContaining(['npm start', 'node', 'deno']));
      expect(isRunning(postmaster)).toBe(true);

      process.kill(-pgid, 'SIGINT');
      await shop.exited;
      await inFlight;
      void realtime.disconnect();

      expect(shop.progress(), `round ${round}: the shop's own stop`).toMatch(/▸ stopping\n[\s\S]*✔ stopped\n$/);
      expect(groupMembers(pgid), `round ${round}: processes left in the group`).toEqual([]);
      expect(isRunning(postmaster), `round ${round}: the database server`).toBe(false);
      expect(existsSync(join(shop.dataDir, 'postmaster.pid')), `round ${round}: a clean database shutdown`).toBe(false);
    }, 240_000);
  }

  it('the orders recorded in the three rounds are all there: the data outlived every stop', async () => {
    const shop = await startShop();
    const db = new pg.Client({ connectionString: shop.dbUrl });
    try {
      await db.connect();
      const { rows } = await db.query(`select count(*)::int as n from public.orders o join auth.users u on u.id = o.user_id where u.email like 'interrupt-%'`);
      expect(rows[0].n).toBe(3);
    } finally {
      await db.end();
      process.kill(-shop.child.pid!, 'SIGINT');
      await shop.exited;
    }
  }, 240_000);
});

// A forced stop (the 30 s limit, a second Ctrl-C) ends `start.ts` without waiting for its
// servers, and so does a crash or a kill -9. Nothing it started may outlive it: not Vite, which
// gets no Ctrl-C of its own when it was started after the key press. The database, which pg_ctl
// detaches, is the forced stop's own work (stopClustersNow) and is left to afterAll here.
it('leaves no process of its own behind when start.ts ends without stopping them', async () => {
  const shop = await startShop();
  dataDir = shop.dataDir;
  const pgid = shop.child.pid!;
  const entry = groupProcesses(pgid).find((p) => p.args.includes('scripts/start.ts'));
  expect(entry, 'start.ts in the group').toBeDefined();
  expect(groupProcesses(pgid).some((p) => p.args.includes('vite/bin/vite.js')), 'the Vite server').toBe(true);
  // Every process of the shop but the database writes to this stderr: it closes once they are all gone.
  const stderrClosed = new Promise<void>((resolve) => shop.child.stderr!.once('close', () => resolve()));
  process.kill(entry!.pid, 'SIGKILL');
  await shop.exited;
  await stderrClosed;
  expect(groupMembers(pgid), 'processes left in the group').toEqual([]);
}, 180_000);
