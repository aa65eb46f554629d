// Throwaway clusters holding the platform bootstrap and, as asked, the shop's migrations and seed.
// Within a test run they start from a copy of a data folder built once (initdb, the bootstrap, and
// the migrations and seed by the Supabase CLI, as everywhere else): building one costs about 3 s of
// CPU, and a run starts some forty clusters. The templates live in the run's scratch folder
// (SHOP_TEST_SCRATCH, set by npm test), named by what they hold and a hash of every file that shapes
// them; without it (a test file run by hand), each cluster is built as the template would be.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../lib/paths.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { applyBootstrap, applyMigrations, bootstrapFiles } from './migrate.ts';

/** What a cluster holds beyond initdb's: the bootstrap, then the migrations, then the seed. */
export type ClusterContents = 'bootstrap' | 'migrations' | 'seed';

const migrationsDir = join(repoRoot, 'supabase', 'migrations');
const shapingFiles: Record<ClusterContents, () => string[]> = {
  bootstrap: () => bootstrapFiles(),
  migrations: () => [...bootstrapFiles(), ...readdirSync(migrationsDir).sort().map((name) => join(migrationsDir, name))],
  seed: () => [...shapingFiles.migrations(), join(repoRoot, 'supabase', 'config.toml'), join(repoRoot, 'supabase', 'seed.sql')],
};

async function fill(url: string, contents: ClusterContents): Promise<void> {
  await applyBootstrap(url);
  if (contents !== 'bootstrap') await applyMigrations(url, { seed: contents === 'seed' });
}

/** The template's name: what it holds and a hash of the names and contents of the files that shape it. */
function templateName(contents: ClusterContents): string {
  const hash = createHash('sha256');
  for (const file of shapingFiles[contents]()) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  return `${contents}-${hash.digest('hex').slice(0, 16)}`;
}

/** Builds a template's data folder and moves it into place; another process may have placed it first. */
async function buildTemplate(contents: ClusterContents, path: string): Promise<void> {
  const building = mkdtempSync(join(tmpdir(), 'shop-pg-template-'));
  try {
    const cluster = await startCluster({ persistent: true, dataDir: building });
    try {
      await fill(cluster.url, contents);
    } finally {
      await cluster.stop();
    }
    rmSync(join(building, 'server.log'), { force: true });
    mkdirSync(join(path, '..'), { recursive: true });
    renameSync(building, path);
  } catch (error) {
    if (!existsSync(join(path, 'PG_VERSION'))) throw error;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** This process's templates being built, so that callers at the same moment wait for one build. */
const builds = new Map<string, Promise<void>>();

async function template(contents: ClusterContents, scratch: string): Promise<string> {
  const path = join(scratch, 'cluster-templates', templateName(contents));
  if (existsSync(join(path, 'PG_VERSION'))) return path;
  let build = builds.get(path);
  if (!build) builds.set(path, (build = buildTemplate(contents, path).finally(() => builds.delete(path))));
  await build;
  return path;
}

/** A throwaway cluster holding `contents`, on `port` or a free one. */
export async function preparedCluster(contents: ClusterContents, port?: number): Promise<Cluster> {
  const scratch = process.env.SHOP_TEST_SCRATCH;
  if (scratch) return startCluster({ persistent: false, port, template: await template(contents, scratch) });
  const cluster = await startCluster({ persistent: false, port });
  try {
    await fill(cluster.url, contents);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
