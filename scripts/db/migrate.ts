// Applies the platform bootstrap, then supabase/migrations/*.sql in order, each in its own
// transaction, recording versions in supabase_migrations.schema_migrations as the Supabase CLI
// does; then supabase/seed.sql. A failing file is rolled back whole and reported with its name,
// line and Postgres error.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { supabaseDir } from '../lib/paths.ts';

const bootstrapFile = join(import.meta.dirname, 'bootstrap.sql');
const migrationName = /^(\d+)_(.+)\.sql$/;

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

export async function applyMigrations(databaseUrl: string, migrationsDir = join(supabaseDir, 'migrations')): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const done = new Set((await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
    const files = readdirSync(migrationsDir).filter((f) => migrationName.test(f)).sort();
    const applied: string[] = [];
    for (const file of files) {
      const [, version, name] = migrationName.exec(file)!;
      if (done.has(version!)) continue;
      const sql = readFileSync(join(migrationsDir, file), 'utf8');
      await runFile(client, `supabase/migrations/${file}`, sql, {
        after: () => client.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [version, name, [sql]]),
      });
      applied.push(file);
    }
    return { applied };
  } finally {
    await client.end();
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
