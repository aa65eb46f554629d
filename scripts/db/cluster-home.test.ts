// The persistent cluster of `npm start` from a clone in a folder the server's user cannot enter
// (`/root/...`, `mktemp -d`): it lives where that user can reach it, keeps its data across
// restarts, belongs to that clone alone, and the clone's folder keeps its permissions.
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterUnder, persistentDataDir, serverHome } from './cluster-home.ts';
import { startCluster } from './cluster.ts';
import { asRoot } from './server-user.ts';

const made: string[] = [];
/** A folder made as `mktemp -d` makes it: mode 700, owned by whoever runs the tests. */
function privateFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'shop-clone-'));
  made.push(folder);
  return folder;
}

/** Where a clone's cluster lives, remembered for the clean-up. */
async function dataDirOf(stateDir: string): Promise<string> {
  const dataDir = await persistentDataDir(stateDir);
  made.push(dataDir, `${dataDir}.clone`);
  return dataDir;
}

afterAll(() => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('the persistent cluster of a clone the server cannot enter', () => {
  it('lives where the server can reach it, and keeps its data across a stop and a start', async () => {
    const clone = privateFolder();
    const stateDir = join(clone, '.local');
    const dataDir = await dataDirOf(stateDir);
    if (asRoot) expect(dirname(dirname(dataDir))).toBe(serverHome);
    else expect(dataDir).toBe(join(stateDir, 'db'));

    const first = await startCluster({ persistent: true, dataDir });
    try {
      await query(first.url, `create table kept (note text); insert into kept values ('encore là')`);
    } finally {
      await first.stop();
    }
    const second = await startCluster({ persistent: true, dataDir });
    try {
      expect(await query<{ note: string }>(second.url, 'select note from kept')).toEqual([{ note: 'encore là' }]);
    } finally {
      await second.stop();
    }
    expect(statSync(clone).mode & 0o777).toBe(0o700);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('gives each clone its own, a copied clone a new one, and a moved clone its old one', () => {
    const home = privateFolder();
    const first = join(privateFolder(), '.local');
    const second = join(privateFolder(), '.local');
    const firstDir = clusterUnder(home, first);
    expect(dirname(dirname(firstDir))).toBe(home);
    expect(clusterUnder(home, second)).not.toBe(firstDir);
    expect(clusterUnder(home, first)).toBe(firstDir);

    const copy = join(privateFolder(), '.local');
    cpSync(first, copy, { recursive: true });
    expect(clusterUnder(home, copy)).not.toBe(firstDir);
    expect(readFileSync(join(first, 'cluster-id'), 'utf8')).not.toBe(readFileSync(join(copy, 'cluster-id'), 'utf8'));

    const moved = join(privateFolder(), 'moved');
    renameSync(first, moved);
    expect(clusterUnder(home, moved)).toBe(firstDir);
  });
});

describe('a clone the server can enter', () => {
  it('keeps its cluster beside it, in .local/db', async () => {
    const reachable = mkdtempSync(join(tmpdir(), 'shop-open-'));
    made.push(reachable);
    chmodSync(reachable, 0o755);
    expect(await persistentDataDir(join(reachable, '.local'))).toBe(join(reachable, '.local', 'db'));
  });
});
