// Clusters copied from a run's template hold what a cluster built step by step holds, each its own
// copy, and the template is built once however many clusters ask for it at the same moment.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../lib/paths.ts';
import type { Cluster } from './cluster.ts';
import { preparedCluster } from './cluster-template.ts';

const runScratch = process.env.SHOP_TEST_SCRATCH;
const scratch = mkdtempSync(join(tmpdir(), 'shop-template-test-'));
const clusters: Cluster[] = [];

async function query(cluster: Cluster, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  process.env.SHOP_TEST_SCRATCH = scratch;
  clusters.push(...(await Promise.all([preparedCluster('seed'), preparedCluster('seed')])));
}, 120_000);

afterAll(async () => {
  if (runScratch === undefined) delete process.env.SHOP_TEST_SCRATCH;
  else process.env.SHOP_TEST_SCRATCH = runScratch;
  await Promise.all(clusters.map((cluster) => cluster.stop()));
  rmSync(scratch, { recursive: true, force: true });
});

it('builds the template once for clusters asked for together', () => {
  expect(readdirSync(join(scratch, 'cluster-templates'))).toEqual([expect.stringMatching(/^seed-[0-9a-f]{16}$/)]);
});

it('holds every migration, recorded by the CLI, and the seed', async () => {
  const versions = readdirSync(join(repoRoot, 'supabase', 'migrations')).map((file) => ({ version: file.split('_')[0] }));
  for (const cluster of clusters) {
    expect(await query(cluster, 'select version from supabase_migrations.schema_migrations order by version')).toEqual(versions);
    expect(await query(cluster, "select email from auth.users where email = 'admin@lumiere-sacree.test'")).toEqual([{ email: 'admin@lumiere-sacree.test' }]);
  }
});

it('gives each cluster its own copy', async () => {
  const [first, second] = clusters as [Cluster, Cluster];
  expect(first.dataDir).not.toBe(second.dataDir);
  await query(first, 'create table public.only_in_first (id int)');
  expect(await query(second, "select to_regclass('public.only_in_first') as found")).toEqual([{ found: null }]);
});
