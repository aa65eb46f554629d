// Per-function settings from `supabase/config.toml`, as the Supabase CLI reads them:
// `[functions.<name>] verify_jwt = false` turns the gateway's JWT check off; it is on by default.
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

/** Returns whether a function's callers must present a valid JWT. A missing file means defaults. */
export function readVerifyJwt(configFile: string): (name: string) => boolean {
  const config = existsSync(configFile) ? parse(readFileSync(configFile, 'utf8')) : {};
  const functions = (config.functions ?? {}) as Record<string, { verify_jwt?: unknown }>;
  const verify = new Map<string, boolean>();
  // A typo such as `verify_jwt = "false"` must stop the start, not silently keep the check on.
  for (const [name, settings] of Object.entries(functions)) {
    const setting = settings?.verify_jwt;
    if (setting === undefined) continue;
    if (typeof setting !== 'boolean') throw new Error(`${configFile}: [functions.${name}] verify_jwt must be true or false`);
    verify.set(name, setting);
  }
  return (name) => verify.get(name) ?? true;
}
