// A PostgreSQL 15 cluster from the OS packages, with wal_level=logical for realtime.
// Persistent (for `npm start`, where cluster-home.ts says) or throwaway (a temporary folder, for
// tests).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../lib/free-port.ts';
import { asServerUser, giveToServerUser, serverCanReach, serverUser } from './server-user.ts';

const run = promisify(execFile);
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface Cluster {
  /** Superuser connection URL (user `postgres`, database `postgres`). */
  url: string;
  port: number;
  dataDir: string;
  /** Connection URL for another login role of the same cluster. */
  urlFor(role: string): string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Throwaway clusters live in a temporary folder and are deleted on stop. */
  persistent: boolean;
  /** Required when persistent (see cluster-home.ts). */
  dataDir?: string;
  /** Defaults to a free port. */
  port?: number;
  /** A stopped cluster's data folder to start from, copied, instead of a new one (cluster-template.ts). */
  template?: string;
}

function settings(port: number, dataDir: string, persistent: boolean): string {
  return [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${dataDir}'`,
    'wal_level = logical',
    'max_replication_slots = 20',
    'max_wal_senders = 20',
    'max_connections = 300',
    'shared_buffers = 256MB',
    `timezone = 'UTC'`,
    // Supabase Cron (pg_cron 1.4 schedules in GMT, as hosted does). Jobs run in background workers, not over a libpq connection, so the scheduler
    // needs no host, socket or password to reach the server, whichever OS user it runs as.
    `shared_preload_libraries = 'pg_cron'`,
    `cron.database_name = 'postgres'`,
    'cron.use_background_workers = on',
    'max_worker_processes = 32',
    // A throwaway test cluster trades durability for speed; the development one keeps it.
    // synchronous_commit stays on: logical decoding hands a change out only once it is flushed.
    ...(persistent ? [] : ['fsync = off', 'full_page_writes = off']),
  ].join('\n');
}

async function initialise(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  giveToServerUser(dataDir);
  await asServerUser(join(pgBin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
}

/** A copy of a stopped cluster's data folder, with its owner and modes (root copies the server user's). */
async function copyDataDir(template: string, dataDir: string): Promise<void> {
  await run('cp', ['-a', '--', `${template}/.`, dataDir]);
}

async function isRunning(dataDir: string): Promise<boolean> {
  try {
    await asServerUser(join(pgBin, 'pg_ctl'), ['-D', dataDir, 'status']);
    return true;
  } catch {
    return false;
  }
}

/** Whether the server's user can enter the temporary folder, asked once per process. */
let tmpdirReachable: Promise<boolean> | undefined;

/** How long a stop waits for the sessions to end by themselves before ending them. */
const smartStopSeconds = 3;

/** The data folders of the clusters this process started and has not stopped. */
const running = new Set<string>();

/** Stops every cluster this process started, at once (connections cut): a forced stop. */
export async function stopClustersNow(): Promise<void> {
  await Promise.all([...running].map((dataDir) => asServerUser(join(pgBin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)));
}

/** What server.log says went wrong (its FATAL and ERROR lines), for an error the caller shows. */
function serverLogReasons(dataDir: string): string {
  try {
    return readFileSync(join(dataDir, 'server.log'), 'utf8').split('\n').filter((line) => /\b(FATAL|ERROR|PANIC):/.test(line)).slice(-5).join('\n');
  } catch {
    return '(no server.log)';
  }
}

/** Whether the server just failed to start because its port was taken (server.log says so). */
function portWasTaken(dataDir: string): boolean {
  try {
    return /could not bind .* address .*: Address already in use/.test(readFileSync(join(dataDir, 'server.log'), 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Starts the server on `port`, or on a free port. A free port is only free when asked: another
 * cluster starting at the same moment, or any outgoing connection (whose source port comes from
 * the same range), may take it before the server binds it. Then another free port is tried.
 */
async function startOnPort(dataDir: string, persistent: boolean, port: number | undefined): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const chosen = port ?? (await freePort());
    writeFileSync(join(dataDir, 'postgresql.auto.conf'), settings(chosen, dataDir, persistent) + '\n');
    giveToServerUser(join(dataDir, 'postgresql.auto.conf'));
    try {
      await asServerUser(join(pgBin, 'pg_ctl'), ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-w', '-t', '60', 'start']);
      return chosen;
    } catch (error) {
      if (port !== undefined || attempt === 5 || !portWasTaken(dataDir)) throw new Error(`${(error as Error).message}\n${serverLogReasons(dataDir)}`);
      rmSync(join(dataDir, 'server.log'), { force: true });
    }
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(join(pgBin, 'postgres'))) {
    throw new Error(`PostgreSQL 15 is not installed at ${pgBin} (Debian package postgresql-15).`);
  }
  const persistent = options.persistent;
  if (!persistent && !(await (tmpdirReachable ??= serverCanReach(tmpdir())))) {
    throw new Error(`PostgreSQL runs as the "${serverUser}" user, who cannot enter the temporary folder ${tmpdir()}: set TMPDIR to a folder every user can traverse, such as /tmp.`);
  }
  const dataDir = persistent ? options.dataDir : mkdtempSync(join(tmpdir(), 'shop-pg-'));
  if (!dataDir) throw new Error('A persistent cluster needs a dataDir.');
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await (options.template ? copyDataDir(options.template, dataDir) : initialise(dataDir));
  if (await isRunning(dataDir)) {
    await asServerUser(join(pgBin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  }
  running.add(dataDir);
  const port = await startOnPort(dataDir, persistent, options.port);

  const urlFor = (role: string) => `postgresql://${role}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url: urlFor('postgres'),
    port,
    dataDir,
    urlFor,
    async stop() {
      if (stopped) return;
      stopped = true;
      // Smart first: the sessions still saying goodbye end by themselves. A pool's end() resolves
      // once it has asked its connections to close, not once they have; a fast stop then ends them
      // with FATAL 57P01, which a pool without an error listener throws as an uncaught exception.
      // A session still open after the wait is ended by the fast stop.
      await asServerUser(join(pgBin, 'pg_ctl'), ['-D', dataDir, '-m', 'smart', '-w', '-t', String(smartStopSeconds), 'stop'])
        .catch(() => asServerUser(join(pgBin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']))
        .catch(() => undefined);
      running.delete(dataDir);
      if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Restarts the server in place (fault tests): same data, same port. */
export async function restartCluster(cluster: Cluster): Promise<void> {
  // Without -l the new server would keep pg_ctl's output pipes open and the call would never end.
  await asServerUser(join(pgBin, 'pg_ctl'), ['-D', cluster.dataDir, '-l', join(cluster.dataDir, 'server.log'), '-m', 'fast', '-w', 'restart']);
}
