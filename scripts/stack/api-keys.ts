// The opaque API keys of today's projects: a publishable key (`sb_publishable_…`, the anon role,
// safe in a browser) and a secret key (`sb_secret_…`, the service role, never in a browser). A
// random body and a short checksum, shaped like the ones the dashboard and `supabase start` show.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const publishablePrefix = 'sb_publishable_';
export const secretPrefix = 'sb_secret_';

export interface OpaqueApiKeys {
  publishableKey: string;
  secretKey: string;
}

function newKey(prefix: string): string {
  const body = randomBytes(16).toString('base64url');
  return `${prefix}${body}_${createHash('sha256').update(prefix + body).digest('base64url').slice(0, 8)}`;
}

export function newOpaqueApiKeys(): OpaqueApiKeys {
  return { publishableKey: newKey(publishablePrefix), secretKey: newKey(secretPrefix) };
}

/** The development stack's keys, made on the first start and kept in a git-ignored file. */
export function persistentOpaqueApiKeys(file: string): OpaqueApiKeys {
  if (existsSync(file)) {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<OpaqueApiKeys>;
    if (keys.publishableKey?.startsWith(publishablePrefix) && keys.secretKey?.startsWith(secretPrefix)) return keys as OpaqueApiKeys;
    throw new Error(`${file} does not hold a publishable and a secret key; delete it to make new ones`);
  }
  const keys = newOpaqueApiKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
  return keys;
}
