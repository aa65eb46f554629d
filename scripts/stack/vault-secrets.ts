// What an operator stores once in a hosted project's Vault so that scheduled jobs can call the
// edge functions (Supabase's "Scheduling Edge Functions" guide): the project's API URL and each
// job's own secret. The local stack writes them at each start, since its URL and secrets change.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A scheduled job's credential: 256 random bits, what `openssl rand -hex 32` gives an operator. */
export const newJobSecret = () => randomBytes(32).toString('hex');

/** Creates each named secret, or replaces its value when the name exists. */
export async function storeVaultSecrets(databaseUrl: string, secrets: Record<string, string>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [name, value] of Object.entries(secrets)) {
      const { rows } = await client.query<{ id: string }>('select id from vault.secrets where name = $1', [name]);
      if (rows[0]) await client.query('select vault.update_secret($1, $2)', [rows[0].id, value]);
      else await client.query('select vault.create_secret($1, $2)', [value, name]);
    }
  } finally {
    await client.end();
  }
}

/** Removes the named secrets, as an operator's `delete from vault.secrets where name = …`. */
export async function removeVaultSecrets(databaseUrl: string, names: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('delete from vault.secrets where name = any($1)', [names]);
  } finally {
    await client.end();
  }
}
