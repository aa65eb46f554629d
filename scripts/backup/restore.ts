// `npm run restore -- <archive> [--url <database connection string> --yes]`: brings a backup into
// a stack whose migrations are the archive's (a fresh local stack, or a new hosted project after
// `supabase db push`), replacing its shop data. Nothing is touched before the whole archive is
// decrypted and every file checked; the rows are replaced in one transaction that checks every
// table's count and checksum before it commits; the objects are uploaded after the commit.
// `npm run restore -- --check <archive>` only decrypts, checks and says what the archive holds.
// How to back up and restore: docs/operations.md. Never run against a hosted project:
// - pg_dump 17 against a hosted PostgreSQL 17 through the session pooler, and the hosted roles'
//   output of `pg_dumpall --roles-only` (the CLI's rewrites are applied, as in Docker);
// - the load as the hosted `postgres` role, which is not a superuser: `session_replication_role`
//   is allowed by supautils; the tables whose migrations take every right from their owner
//   (admin_role_changes, legal_document_versions) lend their owner SELECT, INSERT and DELETE for
//   the transaction and take them back before it commits (tried here as a non-superuser owner);
//   emptying and filling the `auth` and `storage` tables, owned by the platform's roles, may still
//   be refused: the transaction then rolls back whole and the command prints PostgreSQL's error;
// - hosted Storage: reading objects from S3 through the API, uploads (standard and resumable) with
//   the secret key, and Storage's refusal of direct deletes in storage.objects (a new project's is
//   empty, so the restore deletes nothing there);
// - a project whose platform versions (GoTrue's `auth` columns, Storage's `storage` columns)
//   differ from the source's: different tables are refused, different columns are not, and the
//   load would then reject them and roll back.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { done, failed, step } from '../lib/log.ts';
import { ArchiveRefused, openArchive, requireArchiveTools } from './encrypted-archive.ts';
import { verifyArchiveContents, type Manifest } from './manifest.ts';
import { libpqEnvironment, newestClient } from './pg-dump.ts';
import { parseCommandLine, type CommandLine, readPassphrase, resolveProject, SettingMissing, type Project } from './settings.ts';
import { appliedMigrations, checksumQuery, quoteTable, shopTables, targetOwnTables } from './shop-tables.ts';
import { uploadObject, type ObjectRecord } from './storage-objects.ts';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Refuses a target that is not built by the archive's migrations, or lacks one of its roles. */
async function checkTarget(db: pg.ClientBase, manifest: Manifest, folder: string): Promise<void> {
  const migrations = await appliedMigrations(db);
  const missing = manifest.migrations.filter((m) => !migrations.includes(m));
  const extra = migrations.filter((m) => !manifest.migrations.includes(m));
  if (missing.length || extra.length) {
    throw new ArchiveRefused(
      `the target's migrations are not the archive's (${missing.length ? `not applied there: ${missing.join(', ')}` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `applied there only: ${extra.join(', ')}` : ''}). Check out the shop's version the backup was taken with and apply its migrations (supabase db push), then restore.`,
    );
  }
  const tables = (await shopTables(db)).filter((t) => !targetOwnTables.includes(t));
  const archived = [...manifest.tables.map((t) => t.table), ...manifest.emptied].sort();
  const differing = [...tables.filter((t) => !archived.includes(t)), ...archived.filter((t) => !tables.includes(t))];
  if (differing.length) throw new ArchiveRefused(`the target's tables differ from the archive's: ${differing.join(', ')}.`);
  const roles = [...readFileSync(join(folder, 'roles.sql'), 'utf8').matchAll(/^CREATE ROLE "([^"]+)"/gm)].map((m) => m[1]!);
  const { rows } = await db.query<{ rolname: string }>('select rolname from pg_roles where rolname = any($1)', [roles]);
  const absent = roles.filter((r) => !rows.some((row) => row.rolname === r));
  if (absent.length) throw new ArchiveRefused(`the target lacks the roles ${absent.join(', ')}, which its migrations create: apply them first.`);
}

/**
 * Empties every table of the shop's schemas (replica role: no trigger, no foreign-key action).
 * A table whose migration took every right from its owner (the append-only histories) lends
 * them back to its owner for the transaction's length: a hosted project's `postgres` is no
 * superuser. The verification takes them back before the commit.
 */
function preludeSql(manifest: Manifest): string {
  const tables = [...manifest.tables.map((t) => t.table), ...manifest.emptied];
  return `SET session_replication_role = replica;
CREATE TEMPORARY TABLE restore_lent_rights (tbl text, rights text) ON COMMIT DROP;
DO $$
DECLARE t text; missing text;
BEGIN
  FOREACH t IN ARRAY ARRAY[${tables.map((t) => literal(quoteTable(t))).join(', ')}]::text[] LOOP
    SELECT string_agg(r, ', ') INTO missing FROM unnest(ARRAY['SELECT', 'INSERT', 'DELETE']) r WHERE NOT has_table_privilege(t, r);
    IF missing IS NOT NULL AND pg_has_role((SELECT relowner FROM pg_class WHERE oid = t::regclass), 'USAGE') THEN
      EXECUTE format('GRANT %s ON %s TO CURRENT_USER', missing, t);
      INSERT INTO pg_temp.restore_lent_rights VALUES (t, missing);
    END IF;
    EXECUTE 'DELETE FROM ONLY ' || t;
  END LOOP;
END $$;
`;
}

/** Inside the same transaction, after the data: every table's count and checksum, else rollback. */
function verifySql(manifest: Manifest): string {
  const checks = manifest.tables
    .map((t) => `  SELECT rows, checksum INTO found_rows, found_checksum FROM (${checksumQuery(t.table)}) c;
  IF found_rows <> ${t.rows} OR found_checksum <> ${literal(t.checksum)} THEN
    RAISE EXCEPTION 'restore check: % holds % rows (checksum %), the archive % (%)', ${literal(t.table)}, found_rows, found_checksum, ${t.rows}, ${literal(t.checksum)};
  END IF;`)
    .join('\n');
  return `DO $$
DECLARE found_rows bigint; found_checksum text; lent record;
BEGIN
${checks}
  FOR lent IN SELECT tbl, rights FROM pg_temp.restore_lent_rights LOOP
    EXECUTE format('REVOKE %s ON %s FROM CURRENT_USER', lent.rights, lent.tbl);
  END LOOP;
END $$;
`;
}

function runPsql(project: Project, files: string[]): Promise<{ code: number; stderr: string }> {
  const args = ['--no-psqlrc', '--quiet', '--single-transaction', '--set', 'ON_ERROR_STOP=1', ...files.flatMap((f) => ['--file', f])];
  return new Promise((resolve, reject) => {
    const child = spawn(join(newestClient().bin, 'psql'), args, { env: { ...process.env, ...libpqEnvironment(project.databaseUrl) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stderr }));
  });
}

/** After the commit: each object uploaded, then the target's rows checked for every one of them. */
async function restoreObjects(project: Project, db: pg.ClientBase, objects: ObjectRecord[], folder: string): Promise<void> {
  for (const object of objects) await uploadObject(project, object, folder);
  const { rows } = await db.query<{ bucket_id: string; name: string; size: string | null }>(`select bucket_id, name, metadata->>'size' as size from storage.objects`);
  const sizes = new Map(rows.map((r) => [`${r.bucket_id}/${r.name}`, Number(r.size)]));
  const wrong = objects.filter((o) => sizes.get(`${o.bucket}/${o.name}`) !== o.size);
  if (wrong.length) throw new Error(`after the upload, ${wrong.length} object(s) are missing or of another size: ${wrong.slice(0, 5).map((o) => `${o.bucket}/${o.name}`).join(', ')}. Run the restore again: it replaces everything.`);
}

function describe(manifest: Manifest): string {
  const c = manifest.counts;
  return `taken ${manifest.createdAt} from ${manifest.source.database}: ${c.orders} orders (${c.orderItems} items, last invoice ${c.lastInvoiceNumber ?? 'none'}), ${c.customers} customers, ${c.messages} chat messages, ${c.contactMessages} contact messages, ${c.objects} objects (${c.bytes} bytes) in ${c.buckets.join(', ') || 'no bucket'}, ${manifest.tables.length} tables, ${manifest.migrations.length} migrations`;
}

async function restore(archive: string, line: CommandLine): Promise<void> {
  const passphrase = readPassphrase();
  const project = line.check ? undefined : resolveProject(line.url);
  if (line.url && !line.yes) throw new SettingMissing(`restoring into ${project!.label} replaces its shop data: add --yes once you are sure it is the new project.`);
  await requireArchiveTools();
  step(`decrypting and checking ${archive}`);
  const folder = await openArchive(archive, passphrase);
  try {
    const { manifest, objects } = await verifyArchiveContents(folder);
    done(`archive intact: ${describe(manifest)}`);
    if (!project) return;
    const db = new pg.Client({ connectionString: project.databaseUrl, application_name: 'shop-restore' });
    await db.connect().catch((error: Error) => {
      throw new Error(`the database at ${project.label} cannot be reached: ${error.message}`);
    });
    try {
      await checkTarget(db, manifest, folder);
      step(`replacing the shop's rows in ${project.label} (one transaction, checked before it commits)`);
      const prelude = join(folder, 'prelude.sql');
      const verify = join(folder, 'verify.sql');
      writeFileSync(prelude, preludeSql(manifest));
      writeFileSync(verify, verifySql(manifest));
      const psql = await runPsql(project, [prelude, join(folder, 'data.sql'), verify]);
      if (psql.code !== 0) throw new Error(`the database was left as it was (the transaction rolled back): ${psql.stderr.trim().split('\n').slice(-3).join(' ')}`);
      step(`uploading ${objects.length} objects through the Storage API`);
      await restoreObjects(project, db, objects, folder);
    } finally {
      await db.end();
    }
    done(`restored into ${project.label}: ${describe(manifest)}. Everyone signs in again (sessions are not carried).`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

try {
  const line = parseCommandLine(process.argv.slice(2));
  const [archive] = line.positional;
  if (!archive) throw new SettingMissing('which archive? npm run restore -- <archive> [--url <database connection string> --yes], or -- --check <archive>.');
  await restore(archive, line);
} catch (error) {
  const refused = error instanceof ArchiveRefused || error instanceof SettingMissing;
  failed(`${refused ? 'restore refused' : 'restore failed'}: ${(error as Error).message}`);
  process.exit(1);
}
