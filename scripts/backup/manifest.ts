// manifest.json, the archive's table of contents: what it holds, counted and checksummed, so a
// restore verifies every byte before touching its target and the operator can read what a backup
// holds (`npm run restore -- --check <archive>`). It names no key, password or connection secret.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ArchiveRefused } from './encrypted-archive.ts';
import type { ObjectRecord } from './storage-objects.ts';
import type { ShopCounts, TableChecksum } from './shop-tables.ts';
import { fileSha256 } from './storage-objects.ts';

export const manifestFormat = 'lumiere-sacree-backup/1';
export const dumpFiles = ['roles.sql', 'schema.sql', 'data.sql'] as const;
export const objectsFile = 'storage/objects.json';

export interface Manifest {
  format: typeof manifestFormat;
  createdAt: string;
  /** Where it was taken: the database without its password, the API's URL. */
  source: { database: string; api: string };
  postgres: { server: string; pgDump: string };
  /** supabase_migrations.schema_migrations: the target must have applied exactly these. */
  migrations: string[];
  counts: ShopCounts & { objects: number; bytes: number; buckets: string[] };
  /** The shop's tables but the target's own secrets: `tables` carried with their checksums, `emptied` not carried. */
  tables: TableChecksum[];
  emptied: string[];
  /** SHA-256 of each file of the archive but the blobs (each blob is named by its own SHA-256). */
  files: Record<string, string>;
}

/** Checks every file and every blob of an opened archive against its manifest; returns both. */
export async function verifyArchiveContents(folder: string): Promise<{ manifest: Manifest; objects: ObjectRecord[] }> {
  const manifestPath = join(folder, 'manifest.json');
  if (!existsSync(manifestPath)) throw new ArchiveRefused('the archive holds no manifest.json: it is not a backup of this shop.');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  if (manifest.format !== manifestFormat) throw new ArchiveRefused(`the archive's format is ${String(manifest.format)}, this restore reads ${manifestFormat}.`);
  for (const [file, sha256] of Object.entries(manifest.files)) {
    const path = join(folder, file);
    if (!existsSync(path) || (await fileSha256(path)) !== sha256) throw new ArchiveRefused(`the archive's ${file} is missing or damaged (its SHA-256 differs from the manifest's).`);
  }
  const objects = JSON.parse(readFileSync(join(folder, objectsFile), 'utf8')) as ObjectRecord[];
  const checked = new Set<string>();
  for (const object of objects) {
    if (checked.has(object.blob)) continue;
    const path = join(folder, object.blob);
    if (!existsSync(path) || (await fileSha256(path)) !== object.sha256) throw new ArchiveRefused(`the bytes of ${object.bucket}/${object.name} are missing or damaged in the archive.`);
    checked.add(object.blob);
  }
  if (objects.length !== manifest.counts.objects) throw new ArchiveRefused(`the archive lists ${objects.length} objects, its manifest ${manifest.counts.objects}.`);
  return { manifest, objects };
}
