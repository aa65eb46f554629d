// Builds a database as hosted Supabase has it: the platform bootstrap (what a new hosted project
// already holds, which the CLI cannot create), the migrations by the Supabase CLI itself, then
// supabase/seed.sql, run here at every start because it reads settings that differ per run (the
// commerce sandbox's URL), which the CLI's seeding (once per file hash) cannot pass. A failing
// file is rolled back whole and reported with its name and Postgres error.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot, supabaseDir } from '../lib/paths.ts';
import { supabase } from './supabase-cli.ts';

const bootstrapFile = join(import.meta.dirname, 'bootstrap.sql');
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
async function runFile(client: pg.Client, file: string, sql: string, hooks: { before?: () => Promise<unknown>; after?: () => Promise<unknown> } = {}): Promise<void> {
  await client.query('begin');
  try {
    await hooks.before?.();
    await client.query(sql);
    await hooks.after?.();
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

export async function applyBootstrap(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await runFile(client, 'scripts/db/bootstrap.sql', readFileSync(bootstrapFile, 'utf8'));
  } finally {
    await client.end();
  }
}

/**
 * Applies supabase/migrations with the Supabase CLI, as an operator deploys them (`supabase db push
 * --remote=<url>`): each file in its own transaction, its version recorded in
 * supabase_migrations.schema_migrations. A failing file is rolled back whole and reported with its
 * name and the Postgres error.
 */
export async function applyMigrations(databaseUrl: string, workdir = repoRoot): Promise<MigrationResult> {
  try {
    const { stdout, stderr } = await supabase(['db', 'push', `--remote=${databaseUrl}`, '--include-all'], { workdir });
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

/**
 * Runs the seed. `settings` become transaction-local settings the seed can read with
 * current_setting(name, true), e.g. the commerce sandbox's base URL, which differs per run.
 */
export async function applySeed(databaseUrl: string, settings: Record<string, string> = {}, seedFile = join(supabaseDir, 'seed.sql')): Promise<void> {
  if (!existsSync(seedFile)) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await runFile(client, 'supabase/seed.sql', readFileSync(seedFile, 'utf8'), {
      before: async () => {
        for (const [name, value] of Object.entries(settings)) await client.query('select set_config($1, $2, true)', [name, value]);
      },
    });
  } finally {
    await client.end();
  }
}
