// A PostgreSQL 15 cluster from the OS packages, with wal_level=logical for realtime.
// Persistent (under .local/, for `npm start`) or throwaway (a temporary folder, for tests).
// PostgreSQL refuses to run as root, so as root the server runs as the unprivileged `postgres`
// user that the Debian package creates.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync, chownSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../lib/free-port.ts';

const run = promisify(execFile);
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;
const serverUser = 'postgres';

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
  /** Required when persistent. */
  dataDir?: string;
  /** Defaults to a free port. */
  port?: number;
}

async function asServerUser(command: string, args: string[]): Promise<string> {
  const [file, argv] = asRoot ? ['runuser', ['-u', serverUser, '--', command, ...args]] : [command, args];
  try {
    const { stdout } = await run(file, argv, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`${command} failed: ${e.stderr?.trim() || e.message}`);
  }
}

function giveToServerUser(path: string): void {
  if (!asRoot) return;
  const { uid, gid } = serverIds();
  chownSync(path, uid, gid);
}

function serverIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${serverUser}:`));
  if (!line) throw new Error(`Running as root needs the "${serverUser}" OS user (created by the postgresql package).`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
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

async function isRunning(dataDir: string): Promise<boolean> {
  try {
    await asServerUser(join(pgBin, 'pg_ctl'), ['-D', dataDir, 'status']);
    return true;
  } catch {
    return false;
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(join(pgBin, 'postgres'))) {
    throw new Error(`PostgreSQL 15 is not installed at ${pgBin} (Debian package postgresql-15).`);
  }
  const persistent = options.persistent;
  const dataDir = persistent ? options.dataDir : mkdtempSync(join(tmpdir(), 'shop-pg-'));
  if (!dataDir) throw new Error('A persistent cluster needs a dataDir.');
  const port = options.port ?? (await freePort());
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(dataDir);
  writeFileSync(join(dataDir, 'postgresql.auto.conf'), settings(port, dataDir, persistent) + '\n');
  giveToServerUser(join(dataDir, 'postgresql.auto.conf'));
  if (await isRunning(dataDir)) {
    await asServerUser(join(pgBin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  }
  await asServerUser(join(pgBin, 'pg_ctl'), ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-w', '-t', '60', 'start']);

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
      await asServerUser(join(pgBin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Restarts the server in place (fault tests): same data, same port. */
export async function restartCluster(cluster: Cluster): Promise<void> {
  // Without -l the new server would keep pg_ctl's output pipes open and the call would never end.
  await asServerUser(join(pgBin, 'pg_ctl'), ['-D', cluster.dataDir, '-l', join(cluster.dataDir, 'server.log'), '-m', 'fast', '-w', 'restart']);
}
