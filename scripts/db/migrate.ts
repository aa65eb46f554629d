// Builds a database as hosted Supabase has it: the platform bootstrap (what a new hosted project
// already holds, which the CLI cannot create), then the migrations, and for the local stack the
// seed, by the Supabase CLI itself. A failing file is rolled back whole and reported with its name
// and Postgres error.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import pg from 'pg';
import { repoRoot } from '../lib/paths.ts';
import { supabase } from './supabase-cli.ts';

const bootstrapFile = join(import.meta.dirname, 'bootstrap.sql');
/** The platform's extensions (Supabase Cron, pg_net, Vault), one file each, after the bootstrap. */
const platformDir = join(import.meta.dirname, 'platform');
/** The CLI's progress line for each file it applies. */
const applying = /^Applying migration (\S+\.sql)\.\.\.$/gm;

export class SqlFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    override readonly cause: Error,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${cause.message}`);
    this.name = 'SqlFileError';
  }
}

function lineOf(sql: string, position: string | undefined): number | undefined {
  const offset = Number(position);
  if (!Number.isInteger(offset) || offset < 1) return undefined;
  return sql.slice(0, offset - 1).split('\n').length;
}

/** Runs one SQL file in one transaction; on error nothing of it remains. */
async function runFile(client: pg.Client, file: string, sql: string): Promise<void> {
  await client.query('begin');
  try {
    await client.query(sql);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    const e = error as Error & { position?: string };
    throw new SqlFileError(file, lineOf(sql, e.position), e);
  }
}

export interface MigrationResult {
  applied: string[];
}

/** The bootstrap's files in the order they run: bootstrap.sql, then the platform's extensions. */
export function bootstrapFiles(): string[] {
  const platform = readdirSync(platformDir).filter((name) => name.endsWith('.sql')).sort();
  return [bootstrapFile, ...platform.map((name) => join(platformDir, name))];
}

export async function applyBootstrap(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const file of bootstrapFiles()) await runFile(client, relative(repoRoot, file), readFileSync(file, 'utf8'));
  } finally {
    await client.end();
  }
}

export interface MigrationOptions {
  /** The folder holding `supabase/`; defaults to this repository. */
  workdir?: string;
  /**
   * Also run config.toml's seed files (`--include-seed`): the CLI runs a file when its hash is new
   * and records it in supabase_migrations.seed_files. Never on an operator's database.
   */
  seed?: boolean;
}

/**
 * Applies supabase/migrations with the Supabase CLI, as an operator deploys them (`supabase db push
 * --remote=<url>`): each file in its own transaction, its version recorded in
 * supabase_migrations.schema_migrations. A failing file is rolled back whole and reported with its
 * name and the Postgres error.
 */
export async function applyMigrations(databaseUrl: string, options: MigrationOptions = {}): Promise<MigrationResult> {
  try {
    const args = ['db', 'push', `--remote=${databaseUrl}`, '--include-all', ...(options.seed ? ['--include-seed'] : [])];
    const { stdout, stderr } = await supabase(args, { workdir: options.workdir ?? repoRoot });
    return { applied: [...`${stdout}\n${stderr}`.matchAll(applying)].map((m) => m[1]!) };
  } catch (error) {
    const output = (error as Error).message;
    const file = [...output.matchAll(applying)].at(-1)?.[1];
    const cause = /^ERROR: (.*)$/m.exec(output)?.[1];
    const statement = /^At statement: (\d+)\n(.*)$/m.exec(output);
    if (!file || !cause) throw error;
    throw new SqlFileError(`supabase/migrations/${file}`, undefined, new Error(statement ? `${cause}, at statement ${statement[1]}: ${statement[2]}` : cause));
  }
}
