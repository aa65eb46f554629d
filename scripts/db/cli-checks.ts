// What the Supabase CLI reports on a database by URL, read as findings for `npm test`:
// `db advisors` (Supabase's database linter: security and performance, every level, minus the
// waivers listed with their reasons in supabase/advisor-waivers.json), `db lint` (plpgsql_check,
// warnings and errors) and `migration list` (local and remote histories side by side).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { supabaseDir } from '../lib/paths.ts';
import { supabase } from './supabase-cli.ts';

interface Advice {
  name: string;
  level: string;
  detail: string;
}

interface Waiver {
  name: string;
  reason: string;
}

function waivers(): Set<string> {
  const listed = JSON.parse(readFileSync(join(supabaseDir, 'advisor-waivers.json'), 'utf8')) as Waiver[];
  for (const waiver of listed) if (!waiver.name || !waiver.reason?.trim()) throw new Error(`advisor-waivers.json: every waiver needs a name and a reason`);
  return new Set(listed.map((w) => w.name));
}

/** `supabase db advisors` at every level; each finding not waived, as "LEVEL name: detail". */
export async function advisorFindings(databaseUrl: string): Promise<string[]> {
  const { stdout } = await supabase(['db', 'advisors', `--remote=${databaseUrl}`, '--type', 'all', '--level', 'info', '-o', 'json']);
  const waived = waivers();
  const advice = (stdout.trim() ? JSON.parse(stdout) : []) as Advice[];
  return advice.filter((a) => !waived.has(a.name)).map((a) => `${a.level} ${a.name}: ${a.detail}`);
}

/** `supabase db lint` (plpgsql_check) at the warning level; each issue as "function: message". */
export async function lintFindings(databaseUrl: string): Promise<string[]> {
  const args = ['db', 'lint', `--remote=${databaseUrl}`, '--level', 'warning', '-o', 'json'];
  const { stdout } = await supabase(args);
  const start = stdout.indexOf('[');
  if (start < 0) return [];
  const report = JSON.parse(stdout.slice(start)) as Array<{ function: string; issues: Array<{ level: string; message: string }> }>;
  return report.flatMap((r) => r.issues.map((i) => `${r.function}: ${i.level}: ${i.message}`));
}

/** Versions in only one of the local folder and the database's history (none after a push). */
export async function migrationDrift(databaseUrl: string): Promise<string[]> {
  const { stdout } = await supabase(['migration', 'list', `--remote=${databaseUrl}`]);
  const rows = [...stdout.matchAll(/^\s*`?(\d*)`?\s*\|\s*`?(\d*)`?\s*\|/gm)].map((m) => [m[1]!, m[2]!] as const);
  if (rows.length === 0) throw new Error(`supabase migration list printed no history:\n${stdout}`);
  return rows.filter(([local, remote]) => local !== remote).map(([local, remote]) => `local ${local || '—'} / remote ${remote || '—'}`);
}
