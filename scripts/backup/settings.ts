// Where `npm run backup` and `npm run restore` connect, and with which passphrase. With `--url`
// (a hosted project's database connection string, as the runbook's "Connect" gives it), the API
// comes from SUPABASE_URL and SUPABASE_SECRET_KEY; without it, the local stack `npm start` runs,
// found as start.ts finds it (SHOP_STATE_DIR, SHOP_DB_PORT, SHOP_API_PORT, the keys in .local/).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localDir } from '../lib/paths.ts';
import { defaultPorts } from '../stack/launch.ts';

export class SettingMissing extends Error {}

export interface Project {
  databaseUrl: string;
  apiUrl: string;
  secretKey: string;
  /** Says where, without any password. */
  label: string;
}

export interface CommandLine {
  url?: string;
  out?: string;
  yes: boolean;
  /** restore: only decrypt, check and describe the archive. */
  check: boolean;
  positional: string[];
}

export function parseCommandLine(argv: string[]): CommandLine {
  const line: CommandLine = { yes: false, check: false, positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new SettingMissing(`${arg} needs a value.`);
      return next;
    };
    if (arg === '--url') line.url = value();
    else if (arg.startsWith('--url=')) line.url = arg.slice(6);
    else if (arg === '--out') line.out = value();
    else if (arg.startsWith('--out=')) line.out = arg.slice(6);
    else if (arg === '--yes') line.yes = true;
    else if (arg === '--check') line.check = true;
    else if (arg.startsWith('--')) throw new SettingMissing(`unknown option ${arg}.`);
    else line.positional.push(arg);
  }
  return line;
}

const stateDir = () => process.env.SHOP_STATE_DIR || localDir;

function port(name: string, fallback: number): number {
  const value = process.env[name];
  return value ? Number(value) : fallback;
}

export function redactedDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.protocol}//${url.username}@${url.host}${url.pathname}`;
}

export function resolveProject(url: string | undefined): Project {
  if (url) {
    try {
      new URL(url);
    } catch {
      throw new SettingMissing(`--url must be the database's connection string (postgresql://postgres.<ref>:<password>@…/postgres), not "${url}".`);
    }
    const apiUrl = process.env.SUPABASE_URL;
    const secretKey = process.env.SUPABASE_SECRET_KEY;
    const missing = [!apiUrl && 'SUPABASE_URL (https://<ref>.supabase.co)', !secretKey && 'SUPABASE_SECRET_KEY (Project Settings → API Keys, a secret key)'].filter(Boolean);
    if (missing.length) throw new SettingMissing(`with --url, the Storage API needs ${missing.join(' and ')} in the environment.`);
    return { databaseUrl: url, apiUrl: apiUrl!.replace(/\/$/, ''), secretKey: secretKey!, label: redactedDatabaseUrl(url) };
  }
  const keysFile = join(stateDir(), 'api-keys.json');
  if (!existsSync(keysFile)) throw new SettingMissing(`no local stack here: ${keysFile} does not exist. Run \`npm start\` first, or give --url.`);
  const { secretKey } = JSON.parse(readFileSync(keysFile, 'utf8')) as { secretKey?: string };
  if (!secretKey) throw new SettingMissing(`${keysFile} holds no secret key.`);
  const databaseUrl = `postgresql://postgres@127.0.0.1:${port('SHOP_DB_PORT', defaultPorts.db)}/postgres`;
  return { databaseUrl, apiUrl: `http://127.0.0.1:${port('SHOP_API_PORT', defaultPorts.api)}`, secretKey, label: `the local stack (${databaseUrl})` };
}

/** The operator's passphrase: BACKUP_PASSPHRASE, or the first line of the file BACKUP_PASSPHRASE_FILE. */
export function readPassphrase(): string {
  const file = process.env.BACKUP_PASSPHRASE_FILE;
  const passphrase = file ? (existsSync(file) ? readFileSync(file, 'utf8').split('\n')[0]! : undefined) : process.env.BACKUP_PASSPHRASE;
  if (file && passphrase === undefined) throw new SettingMissing(`BACKUP_PASSPHRASE_FILE names ${file}, which does not exist.`);
  if (!passphrase) throw new SettingMissing('no passphrase: set BACKUP_PASSPHRASE, or BACKUP_PASSPHRASE_FILE to a file holding it (keep it off the hosting provider, and somewhere you will find it the day you restore).');
  if (passphrase.length < 12) throw new SettingMissing('the passphrase is too short: use at least 12 characters (a few random words).');
  return passphrase;
}

/** Where archives go: --out, else BACKUP_DIR, else .local/backups. */
export function backupDirectory(out: string | undefined): string {
  return out ?? process.env.BACKUP_DIR ?? join(stateDir(), 'backups');
}
