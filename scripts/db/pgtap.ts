// Runs supabase/tests with pg_prove exactly as `supabase test db` does (after installing pgTAP
// in the extensions schema), streaming its report and counting assertions.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { repoRoot } from '../lib/paths.ts';

export interface PgTapResult {
  passed: number;
  failed: number;
  ok: boolean;
}

/**
 * pg_prove's report: "Files=12, Tests=210, …" (assertions that ran), per failing file "Failed 2/30
 * subtests" (which counts planned tests that never ran), a "Tests: 9 Failed: 0" summary line per
 * failing file, and "Result: PASS|FAIL".
 */
export function parsePgProve(output: string): PgTapResult {
  const ran = Number(/Files=\d+, Tests=(\d+)/.exec(output)?.[1] ?? 0);
  const sum = (pattern: RegExp) => [...output.matchAll(pattern)].reduce((n, m) => n + Number(m[1]), 0);
  const failedThatRan = sum(/Tests: \d+ Failed: (\d+)\)/g);
  const failedOrMissing = sum(/Failed (\d+)\/\d+ subtests/g);
  const ok = /Result: PASS/.test(output);
  const failed = ok ? 0 : Math.max(failedOrMissing, failedThatRan, 1);
  return { passed: Math.max(ran - failedThatRan, 0), failed, ok };
}

export async function runPgTap(databaseUrl: string): Promise<PgTapResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create extension if not exists pgtap with schema extensions');
  } finally {
    await client.end();
  }
  const url = new URL(databaseUrl);
  const output: string[] = [];
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn('pg_prove', ['--ext', '.pg', '--ext', '.sql', '-r', 'supabase/tests'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PGHOST: url.hostname,
        PGPORT: url.port || '5432',
        PGUSER: decodeURIComponent(url.username) || 'postgres',
        PGDATABASE: decodeURIComponent(url.pathname.slice(1)) || 'postgres',
        ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        output.push(chunk.toString());
      });
    }
    child.on('error', reject);
    child.on('exit', (c) => resolve(c ?? 1));
  });
  const result = parsePgProve(output.join(''));
  return code === 0 ? result : { ...result, ok: false, failed: Math.max(result.failed, 1) };
}
