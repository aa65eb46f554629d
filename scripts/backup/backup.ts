// `npm run backup [-- --url <database connection string>] [--out <folder>]`: one dated, encrypted,
// checksummed archive of the shop (docs/operations.md, "Backups"): the roles, schema and data as
// the CLI's `db dump` takes them, every bucket's objects with their metadata, and manifest.json.
// Then the retention rule prunes older archives. Exits non-zero, saying why, when anything is
// missing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { done, failed, step } from '../lib/log.ts';
import { requireArchiveTools, sealArchive } from './encrypted-archive.ts';
import { dumpFiles, manifestFormat, objectsFile, type Manifest } from './manifest.ts';
import { checkClientVersion, dumpData, dumpRoles, dumpSchema, newestClient } from './pg-dump.ts';
import { archiveName, archivesToPrune, retention } from './retention.ts';
import { backupDirectory, parseCommandLine, readPassphrase, resolveProject, SettingMissing, type Project } from './settings.ts';
import { appliedMigrations, carriedTables, emptiedTables, shopCounts, shopSchemas, shopTables, tableChecksums } from './shop-tables.ts';
import { downloadObject, fileSha256, listObjects, type ObjectRecord } from './storage-objects.ts';

async function takeBackup(project: Project, passphrase: string, outDir: string): Promise<{ archive: string; sha256: string; manifest: Manifest; pruned: string[] }> {
  const client = newestClient();
  const work = mkdtempSync(join(tmpdir(), 'shop-backup-'));
  const db = new pg.Client({ connectionString: project.databaseUrl, application_name: 'shop-backup' });
  try {
    await db.connect().catch((error: Error) => {
      throw new Error(`the database at ${project.label} cannot be reached: ${error.message}`);
    });
    const { rows: versions } = await db.query<{ num: string; version: string }>(`select current_setting('server_version_num') as num, current_setting('server_version') as version`);
    checkClientVersion(Number(versions[0]!.num), client.major);

    // One snapshot for the checksums, the counts, the object list and pg_dump's data.
    await db.query('begin isolation level repeatable read read only');
    const { rows: exported } = await db.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const snapshot = exported[0]!.snapshot;
    const tables = await shopTables(db);
    const carried = carriedTables(tables);
    step(`reading ${carried.length} tables of ${shopSchemas.join(', ')}`);
    const checksums = await tableChecksums(db, carried);
    const counts = await shopCounts(db);
    const migrations = await appliedMigrations(db);
    const listed = await listObjects(db);
    const { rows: buckets } = await db.query<{ id: string }>('select id from storage.buckets order by id');

    const dumpOptions = { databaseUrl: project.databaseUrl, snapshot, clientBin: client.bin, schemas: shopSchemas, excludedTables: tables.filter((t) => !carried.includes(t)) };
    step(`pg_dump ${client.major}: roles, schema, data`);
    await dumpRoles(join(work, 'roles.sql'), dumpOptions);
    await dumpSchema(join(work, 'schema.sql'), dumpOptions);
    await dumpData(join(work, 'data.sql'), dumpOptions);
    await db.query('commit');

    step(`Storage API: ${listed.length} objects of ${buckets.length} bucket(s)`);
    const blobs = join(work, 'storage', 'blobs');
    mkdirSync(blobs, { recursive: true });
    const objects: ObjectRecord[] = [];
    for (const object of listed) {
      const record = await downloadObject(project, object, blobs);
      const recordedSize = object.metadata?.size;
      if (recordedSize !== undefined && recordedSize !== record.size) {
        throw new Error(`${object.bucket_id}/${object.name} changed while it was read (${record.size} bytes, its row says ${recordedSize}): run the backup again.`);
      }
      objects.push(record);
    }
    writeFileSync(join(work, objectsFile), JSON.stringify(objects, null, 2) + '\n');

    const files: Record<string, string> = {};
    for (const file of [...dumpFiles, objectsFile]) files[file] = await fileSha256(join(work, file));
    const createdAt = new Date();
    const pgDumpVersion = execFileSync(join(client.bin, 'pg_dump'), ['--version']).toString().trim();
    const manifest: Manifest = {
      format: manifestFormat,
      createdAt: createdAt.toISOString(),
      source: { database: project.label, api: project.apiUrl },
      postgres: { server: versions[0]!.version, pgDump: pgDumpVersion },
      migrations,
      counts: { ...counts, objects: objects.length, bytes: objects.reduce((sum, o) => sum + o.size, 0), buckets: buckets.map((b) => b.id) },
      tables: checksums,
      emptied: emptiedTables(tables),
      files,
    };
    writeFileSync(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

    mkdirSync(outDir, { recursive: true });
    const archive = join(outDir, archiveName(createdAt));
    step('gpg --symmetric (AES-256)');
    const sha256 = await sealArchive(work, archive, passphrase);
    const pruned = archivesToPrune(readdirSync(outDir));
    for (const name of pruned) {
      rmSync(join(outDir, name), { force: true });
      rmSync(join(outDir, `${name}.sha256`), { force: true });
    }
    return { archive, sha256, manifest, pruned };
  } finally {
    await db.end().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  const line = parseCommandLine(process.argv.slice(2));
  if (line.positional.length) throw new SettingMissing(`unexpected argument ${line.positional[0]}: the backup takes --url and --out only.`);
  const project = resolveProject(line.url);
  const passphrase = readPassphrase();
  const outDir = backupDirectory(line.out);
  await requireArchiveTools();
  step(`backup of ${project.label}`);
  const { archive, sha256, manifest, pruned } = await takeBackup(project, passphrase, outDir);
  const c = manifest.counts;
  done(`${archive}`);
  console.log(
    [
      `archive  ${archive}`,
      `sha256   ${sha256}`,
      `holds    ${c.orders} orders (${c.orderItems} items, last invoice ${c.lastInvoiceNumber ?? 'none'}), ${c.customers} customers, ${c.messages} chat messages, ${c.contactMessages} contact messages, ${c.objects} objects (${c.bytes} bytes), ${manifest.tables.length} tables`,
      `kept     the newest archive of each of the last ${retention.daily} days, ${retention.weekly} weeks and ${retention.monthly} months${pruned.length ? `; pruned ${pruned.join(', ')}` : ''}`,
    ].join('\n'),
  );
} catch (error) {
  failed(`backup failed: ${(error as Error).message}`);
  process.exit(1);
}
