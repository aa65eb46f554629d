// A migration with bad SQL stops the runner with its file, line and Postgres error, and leaves
// the database as it was before that file; once fixed, the next run applies it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCluster, type Cluster } from './cluster.ts';
import { applyBootstrap, applyMigrations, SqlFileError } from './migrate.ts';

let cluster: Cluster;
let dir: string;

beforeAll(async () => {
  cluster = await startCluster({ persistent: false });
  await applyBootstrap(cluster.url);
  dir = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
});
afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const scalar = async (sql: string) => {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows[0];
  } finally {
    await client.end();
  }
};

it('stops at the bad file with its name, line and error, keeping what came before', async () => {
  writeFileSync(join(dir, '20260101000000_first.sql'), 'create table public.first_table (id int primary key);\n');
  writeFileSync(join(dir, '20260102000000_second.sql'), 'create table public.second_table (id int primary key);\n\ninsert into public.second_table values (1);\nselect * from public.no_such_table;\n');

  const error = await applyMigrations(cluster.url, dir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SqlFileError);
  expect((error as SqlFileError).file).toBe('supabase/migrations/20260102000000_second.sql');
  expect((error as SqlFileError).line).toBe(4);
  expect((error as Error).message).toBe('supabase/migrations/20260102000000_second.sql:4: relation "public.no_such_table" does not exist');

  expect(await scalar(`select to_regclass('public.first_table') is not null as present`)).toEqual({ present: true });
  expect(await scalar(`select to_regclass('public.second_table') is not null as present`)).toEqual({ present: false });
  expect(await scalar(`select array_agg(version order by version) as versions from supabase_migrations.schema_migrations`)).toEqual({ versions: ['20260101000000'] });
});

it('applies the fixed file on the next run, and only that one', async () => {
  writeFileSync(join(dir, '20260102000000_second.sql'), 'create table public.second_table (id int primary key);\n');
  expect(await applyMigrations(cluster.url, dir)).toEqual({ applied: ['20260102000000_second.sql'] });
  expect(await applyMigrations(cluster.url, dir)).toEqual({ applied: [] });
});
