// The edge functions' own secrets, as `supabase functions serve --env-file` would pass them:
// the committed local defaults of `supabase/functions/.env.example` (no real secret in there),
// overlaid by the git-ignored `supabase/functions/.env` a developer may write.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { supabaseDir } from '../../lib/paths.ts';
import { hostedLimits } from './limits.ts';

/** Parses dotenv text: `KEY=value` lines, `#` comments, optional `export ` and quotes. */
export function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(raw);
    if (!match || raw.trimStart().startsWith('#')) continue;
    const [, key, rawValue] = match as unknown as [string, string, string];
    const quoted = /^(["'])(.*)\1$/.exec(rawValue);
    if (quoted) values[key] = quoted[1] === '"' ? (quoted[2] ?? '').replace(/\\n/g, '\n') : (quoted[2] ?? '');
    else values[key] = rawValue.replace(/\s+#.*$/, '');
  }
  return values;
}

function readIfPresent(file: string): Record<string, string> {
  return existsSync(file) ? parseDotenv(readFileSync(file, 'utf8')) : {};
}

export function readFunctionSecrets(functionsDir = join(supabaseDir, 'functions')): Record<string, string> {
  return { ...readIfPresent(join(functionsDir, '.env.example')), ...readIfPresent(join(functionsDir, '.env')) };
}

/**
 * Stops the start on a secret whose name the platform reserves (`SUPABASE_…`): hosted Supabase
 * refuses to set it, and the runtime injects SUPABASE_URL and its siblings itself.
 */
export function refuseReservedSecrets(secrets: Record<string, string>): void {
  const prefix = hostedLimits.reservedSecretPrefix;
  const reserved = Object.keys(secrets).filter((name) => name.startsWith(prefix));
  if (reserved.length > 0) {
    throw new Error(`Function secrets may not start with ${prefix} (reserved by Supabase): rename ${reserved.join(', ')} in supabase/functions/.env`);
  }
}
