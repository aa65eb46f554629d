// The real Supabase CLI (the pinned `supabase` devDependency), run against a database by its URL:
// `db push`, `migration list`, `gen types`, `db advisors` and `db lint` need no Docker that way.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../lib/paths.ts';

const run = promisify(execFile);
const cliPackage = createRequire(join(repoRoot, 'package.json')).resolve('supabase/package.json');
const cli = join(dirname(cliPackage), 'dist/supabase.js');

export interface CliOptions {
  /** The folder holding `supabase/` (config.toml, migrations); defaults to this repository. */
  workdir?: string;
}

/** Runs `supabase <args>`; resolves with its stdout, or throws with what it printed on stderr. */
export async function supabase(args: string[], options: CliOptions = {}): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(process.execPath, [cli, ...args, '--workdir', options.workdir ?? repoRoot, '--yes'], {
      env: {
        ...process.env,
        // The local clusters listen on loopback without TLS; say so rather than be warned each time.
        PGSSLMODE: 'disable',
        DO_NOT_TRACK: '1',
        SUPABASE_TELEMETRY_DISABLED: '1',
      },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`supabase ${args[0]} ${args[1] ?? ''} failed: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

export async function cliVersion(): Promise<string> {
  return (await supabase(['--version'])).stdout.trim();
}
