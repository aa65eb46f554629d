import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the current directory. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Git-ignored local state: the development cluster, keys, the sandbox's sessions. */
export const localDir = join(repoRoot, '.local');
export const supabaseDir = join(repoRoot, 'supabase');
