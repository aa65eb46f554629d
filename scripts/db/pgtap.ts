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

/** pg_prove's summary: "Files=12, Tests=210, …" then "Result: PASS|FAIL", failures per file as "Failed 2/30 subtests". */
export function parsePgProve(output: string): PgTapResult {
  const total = Number(/Files=\d+, Tests=(\d+)/.exec(output)?.[1] ?? 0);
  const failedSubtests = [...output.matchAll(/Failed (\d+)\/\d+ subtests/g)].reduce((n, m) => n + Number(m[1]), 0);
  const ok = /Result: PASS/.test(output);
  const failed = ok ? 0 : Math.max(failedSubtests, 1);
  return { passed: total - failedSubtests, failed, ok };
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
      env: { ...process.env, PGHOST: url.hostname, PGPORT: url.port, PGUSER: decodeURIComponent(url.username), PGDATABASE: url.pathname.slice(1) || 'postgres' },
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
