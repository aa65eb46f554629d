// The database's roles, schema and data as `supabase db dump` takes them (Supabase's "Backup and
// Restore using the CLI" guide: `--role-only`, the schema, then `--data-only --use-copy`). The
// CLI runs pg_dump inside Docker (its Postgres image), which this machine lacks: here Debian's
// PostgreSQL client runs with the options the CLI passes (supabase/cli,
// pkg/migration/dump.go and scripts/dump_{role,schema,data}.sh) and the same rewrites of its
// output, applied below line by line.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { quoteTable } from './shop-tables.ts';

/** libpq's environment for a connection URL, so the password never shows in a process list. */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  if (url.protocol !== 'postgresql:' && url.protocol !== 'postgres:') throw new Error(`not a PostgreSQL connection URL: ${url.protocol}//…`);
  const env: Record<string, string> = {
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username || 'postgres'),
    PGDATABASE: decodeURIComponent(url.pathname.slice(1) || 'postgres'),
  };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** The newest PostgreSQL client installed (Debian: /usr/lib/postgresql/<major>/bin). */
export function newestClient(): { major: number; bin: string } {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).map(Number).filter((m) => existsSync(join(root, String(m), 'bin', 'pg_dump'))) : [];
  if (!majors.length) throw new Error('pg_dump is not installed: install Debian\'s PostgreSQL client (apt-get install postgresql-client).');
  const major = Math.max(...majors);
  return { major, bin: join(root, String(major), 'bin') };
}

/** pg_dump refuses a server newer than itself; say which client to install instead. */
export function checkClientVersion(serverVersionNum: number, clientMajor: number): void {
  const serverMajor = Math.floor(serverVersionNum / 10000);
  if (serverMajor > clientMajor) {
    throw new Error(`the database runs PostgreSQL ${serverMajor} and the newest pg_dump here is ${clientMajor}: install postgresql-client-${serverMajor} (the PostgreSQL project's apt repository, apt.postgresql.org).`);
  }
}

// Schemas the CLI's schema dump leaves out (pkg/migration/dump.go, InternalSchemas): maintained
// by the platform or owned by extensions. What remains is the shop's (public, private).
const internalSchemas = ['information_schema', 'pg_*', '_analytics', '_realtime', '_supavisor', 'auth', 'etl', 'extensions', 'pgbouncer', 'realtime', 'storage', 'supabase_functions', 'supabase_migrations', 'cron', 'dbdev', 'graphql', 'graphql_public', 'net', 'pgmq', 'pgsodium', 'pgsodium_masks', 'pgtle', 'repack', 'tiger', 'tiger_data', 'timescaledb_*', '_timescaledb_*', 'topology', 'vault'];
// Roles the platform creates and supautils guards: never created or altered by a restore.
const reservedRoles = ['anon', 'authenticated', 'authenticator', 'cli_login_.*', 'dashboard_user', 'pgbouncer', 'postgres', 'service_role', 'supabase_.*', 'pgsodium_keyholder', 'pgsodium_keyiduser', 'pgsodium_keymaker', 'pgtle_admin'];
// Role settings a restore may keep (supautils' allow-list).
const allowedConfigs = ['pgaudit.*', 'pgrst.*', 'session_replication_role', 'statement_timeout', 'track_io_timing'];

type Rewrite = (line: string) => string;
const commentOut = (pattern: RegExp): Rewrite => (line) => (pattern.test(line) ? `-- ${line}` : line);
const psqlMetaCommands = commentOut(/^\\(un)?restrict /);

const roleRewrites: Rewrite[] = [
  psqlMetaCommands,
  commentOut(new RegExp(`^CREATE ROLE "(${reservedRoles.join('|')})"`)),
  commentOut(new RegExp(`^ALTER ROLE "(${reservedRoles.join('|')})"`)),
  (line) => line.replace(/ (NOSUPERUSER|NOREPLICATION)/g, ''),
  (line) => line.replace(new RegExp(`^-- (.* SET "(${allowedConfigs.join('|')})" .*)`), '$1'),
  commentOut(new RegExp(`GRANT ".*" TO "(${reservedRoles.join('|')})"`)),
];

// A pg_dump pattern (`*` is its wildcard); the GRANT/REVOKE rewrite below reads it as sed's
// regular expression, as the CLI's script does.
const excludedSchemaPattern = internalSchemas.join('|');
const schemaRewrites: Rewrite[] = [
  psqlMetaCommands,
  (line) => line.replace(/^CREATE SCHEMA "/, 'CREATE SCHEMA IF NOT EXISTS "'),
  (line) => line.replace(/^CREATE TABLE "/, 'CREATE TABLE IF NOT EXISTS "'),
  (line) => line.replace(/^CREATE SEQUENCE "/, 'CREATE SEQUENCE IF NOT EXISTS "'),
  (line) => line.replace(/^CREATE VIEW "/, 'CREATE OR REPLACE VIEW "'),
  (line) => line.replace(/^CREATE FUNCTION "/, 'CREATE OR REPLACE FUNCTION "'),
  (line) => line.replace(/^CREATE TRIGGER "/, 'CREATE OR REPLACE TRIGGER "'),
  commentOut(/^(CREATE PUBLICATION "supabase_realtime|CREATE EVENT TRIGGER |         WHEN TAG IN |   EXECUTE FUNCTION |ALTER EVENT TRIGGER |ALTER PUBLICATION "supabase_realtime_)/),
  commentOut(/^(ALTER FOREIGN DATA WRAPPER (.+) OWNER TO |ALTER DEFAULT PRIVILEGES FOR ROLE "supabase_admin"|GRANT ALL ON FOREIGN DATA WRAPPER (.+) TO "postgres" WITH GRANT OPTION)/),
  commentOut(new RegExp(`^(GRANT|REVOKE) (.+) ON (.+) "(${excludedSchemaPattern})"`)),
  (line) => line.replace(/^(CREATE EXTENSION IF NOT EXISTS "(pg_tle|pgsodium|pgmq)").+/, '$1;'),
  commentOut(/^(COMMENT ON EXTENSION |CREATE POLICY "cron_job_|ALTER TABLE "cron"|SET transaction_timeout = 0;)/),
];

interface DumpRun {
  bin: string;
  args: string[];
  env: Record<string, string>;
  rewrites: Rewrite[];
  /** Written before and after pg_dump's own output, as the CLI's scripts echo them. */
  prologue?: string;
  epilogue?: string;
  /** Collapses repeated lines (the role script's `uniq`). */
  unique?: boolean;
  /** Drops comment lines (the CLI's default, `EXTRA_SED=/^--/d`), never in data. */
  dropComments?: boolean;
}

/** Runs a dump into `file`, rewriting each line; throws with pg_dump's own message on failure. */
async function dumpTo(file: string, run: DumpRun): Promise<void> {
  const out = createWriteStream(file, { mode: 0o600 });
  const child = spawn(run.bin, run.args, { env: { ...process.env, ...run.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  if (run.prologue) out.write(run.prologue);
  let previous: string | undefined;
  for await (const raw of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    const line = run.rewrites.reduce((text, rewrite) => rewrite(text), raw);
    if ((run.unique && line === previous) || (run.dropComments && line.startsWith('--'))) continue;
    previous = line;
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  const code = await exited;
  if (run.epilogue) out.write(run.epilogue);
  out.end();
  await once(out, 'close');
  if (code !== 0) throw new Error(`${run.args[0] === '--roles-only' ? 'pg_dumpall' : 'pg_dump'} failed: ${stderr.trim() || `exit ${code}`}`);
}

export interface DumpOptions {
  databaseUrl: string;
  /** pg_export_snapshot() of the transaction the checksums are read in: the data dump sees the same rows. */
  snapshot: string;
  clientBin: string;
  /** The schemas whose rows are dumped (`supabase db dump --data-only -s …`). */
  schemas: readonly string[];
  /** Tables whose rows are left out (`-x`). */
  excludedTables: string[];
}

/** `supabase db dump --role-only`. */
export function dumpRoles(file: string, options: DumpOptions): Promise<void> {
  return dumpTo(file, {
    bin: join(options.clientBin, 'pg_dumpall'),
    args: ['--roles-only', '--role', 'postgres', '--quote-all-identifier', '--no-role-passwords', '--no-comments'],
    env: libpqEnvironment(options.databaseUrl),
    rewrites: roleRewrites,
    unique: true,
    dropComments: true,
    epilogue: 'RESET ALL;\n',
  });
}

/** `supabase db dump` (the schema of every schema but the platform's). */
export function dumpSchema(file: string, options: DumpOptions): Promise<void> {
  return dumpTo(file, {
    bin: join(options.clientBin, 'pg_dump'),
    args: ['--schema-only', '--quote-all-identifier', '--role', 'postgres', '--exclude-schema', excludedSchemaPattern, `--snapshot=${options.snapshot}`],
    env: libpqEnvironment(options.databaseUrl),
    rewrites: schemaRewrites,
    dropComments: true,
  });
}

/** `supabase db dump --data-only --use-copy -s <schemas> -x <tables>`. */
export function dumpData(file: string, options: DumpOptions): Promise<void> {
  const excluded = ['auth.schema_migrations', 'storage.migrations', 'supabase_functions.migrations', ...options.excludedTables];
  return dumpTo(file, {
    bin: join(options.clientBin, 'pg_dump'),
    args: [
      '--data-only',
      '--quote-all-identifier',
      '--role',
      'postgres',
      '--schema',
      options.schemas.join('|'),
      ...excluded.flatMap((table) => ['--exclude-table', quoteTable(table)]),
      `--snapshot=${options.snapshot}`,
    ],
    env: libpqEnvironment(options.databaseUrl),
    // Comments are kept: a multi-line value may begin with `--`.
    rewrites: [psqlMetaCommands],
    prologue: 'SET session_replication_role = replica;\n\n',
    epilogue: 'RESET ALL;\n',
  });
}
