// Migrations go in by the Supabase CLI (`db push`): a migration with bad SQL stops it with its
// file and Postgres error, and leaves the database as it was before that file; once fixed, the
// next run applies it, and only it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Cluster } from './cluster.ts';
import { preparedCluster } from './cluster-template.ts';
import { applyMigrations, SqlFileError } from './migrate.ts';

let cluster: Cluster;
let workdir: string;
let dir: string;

beforeAll(async () => {
  cluster = await preparedCluster('bootstrap');
  // A project of its own, as `supabase init` lays it out.
  workdir = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
  dir = join(workdir, 'supabase', 'migrations');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(workdir, 'supabase', 'config.toml'), 'project_id = "migrations-test"\n');
});
afterAll(async () => {
  await cluster?.stop();
  rmSync(workdir, { recursive: true, force: true });
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

it('stops at the bad file with its name and error, keeping what came before', async () => {
  writeFileSync(join(dir, '20260101000000_first.sql'), 'create table public.first_table (id int primary key);\n');
  writeFileSync(join(dir, '20260102000000_second.sql'), 'create table public.second_table (id int primary key);\n\ninsert into public.second_table values (1);\nselect * from public.no_such_table;\n');

  const error = await applyMigrations(cluster.url, { workdir }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SqlFileError);
  expect((error as SqlFileError).file).toBe('supabase/migrations/20260102000000_second.sql');
  expect((error as Error).message).toBe(
    'supabase/migrations/20260102000000_second.sql: relation "public.no_such_table" does not exist (SQLSTATE 42P01), at statement 2: select * from public.no_such_table',
  );

  expect(await scalar(`select to_regclass('public.first_table') is not null as present`)).toEqual({ present: true });
  expect(await scalar(`select to_regclass('public.second_table') is not null as present`)).toEqual({ present: false });
  expect(await scalar(`select array_agg(version order by version) as versions from supabase_migrations.schema_migrations`)).toEqual({ versions: ['20260101000000'] });
});

it('applies the fixed file on the next run, and only that one', async () => {
  writeFileSync(join(dir, '20260102000000_second.sql'), 'create table public.second_table (id int primary key);\n');
  expect(await applyMigrations(cluster.url, { workdir })).toEqual({ applied: ['20260102000000_second.sql'] });
  expect(await applyMigrations(cluster.url, { workdir })).toEqual({ applied: [] });
});
